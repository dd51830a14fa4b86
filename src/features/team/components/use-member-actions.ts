import {useCallback, useEffect, useRef, useState} from 'react';
import {useAuthStore} from '@site/src/stores/auth-store';
import type {TeamData, TeamInvitation, TeamMember} from '../api/use-team';
import {useTeamActions} from '../api/use-team-actions';
import type {InviteInput} from '../api/add-team-member';
import {expiryText} from '../lib/expiry';
import {personLabel} from '../lib/format';
import {actionFailure, FAILED} from '../lib/messages';
import {roleWithArticle, type GrantableRole} from '../lib/roles';
import type {RowBusy} from './members-table';

export interface Feedback {
  variant: 'success' | 'error';
  text: string;
  /** Move focus to the message: the button that started the action has gone (revoked row, removed member). */
  focus?: boolean;
}

const TRY_AGAIN = 'please try again.';

/**
 * The Team page's writes and what they leave behind: the row whose action runs (only its button shows pending), the
 * message of the last result above the members list (focused when the button that started it has gone), and the
 * member a removal is being confirmed for.
 */
export function useMemberActions(data: TeamData) {
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const actions = useTeamActions();
  const [busy, setBusy] = useState<RowBusy | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const teamName = data.team.name;

  useEffect(() => {
    if (feedback?.focus) feedbackRef.current?.focus();
  }, [feedback]);

  const rowAction = useCallback(
    async (target: RowBusy, run: () => Promise<unknown>, success: string, failure: string, focus = false) => {
      setBusy(target);
      setFeedback(null);
      try {
        await run();
        setFeedback({variant: 'success', text: success, focus});
      } catch (error) {
        setFeedback({variant: 'error', text: `${failure}: ${actionFailure(error, TRY_AGAIN)}`});
      } finally {
        setBusy(null);
      }
    },
    [],
  );

  /** The invite form's send: its success is this page's one status (a refusal stays in the form). */
  const invite = async (input: InviteInput) => {
    setFeedback(null);
    const {invitation} = await actions.invite.trigger(input);
    const expiry = invitation?.expiresAt ? expiryText(invitation.expiresAt).toLowerCase() : 'expires in 7 days';
    setFeedback({
      variant: 'success',
      text: `Invitation sent to ${invitation?.email ?? input.email}. They join when they accept it; the link ${expiry}.`,
    });
  };

  const changeRole = (member: TeamMember, next: GrantableRole) =>
    void rowAction(
      {id: member.id, action: 'role'},
      () => actions.changeRole.trigger({member, role: next}),
      `${personLabel(member)} is now ${roleWithArticle(next)}.`,
      `${FAILED.role} of ${personLabel(member)}`,
    );

  const resend = (invitation: TeamInvitation) =>
    void rowAction(
      {id: invitation.id, action: 'resend'},
      () => actions.resend.trigger(invitation),
      `Invitation sent again to ${invitation.email}. The previous link no longer works.`,
      `${FAILED.resend} to ${invitation.email}`,
    );

  const revoke = (invitation: TeamInvitation) =>
    void rowAction(
      {id: invitation.id, action: 'revoke'},
      () => actions.revoke.trigger(invitation),
      `The invitation to ${invitation.email} was revoked. Its link no longer works.`,
      `${FAILED.revoke} to ${invitation.email}`,
      true,
    );

  const confirmRemove = async (member: TeamMember) => {
    await actions.remove.trigger(member);
    setRemoving(null);
    setFeedback({variant: 'success', text: `${personLabel(member)} was removed from ${teamName}.`, focus: true});
  };

  const transfer = async (input: {userId: string; password: string}) => {
    const next = data.users.find((m) => m.id === input.userId);
    await actions.transfer.trigger(input);
    // user.team.role is shown elsewhere (Settings); the session's user must learn it is an admin now.
    void refreshUser();
    setFeedback({
      variant: 'success',
      text: `${next ? personLabel(next) : 'The member you chose'} now owns ${teamName}. You are an admin.`,
      focus: true,
    });
  };

  return {
    invite,
    busy,
    feedback,
    feedbackRef,
    dismissFeedback: () => setFeedback(null),
    removing,
    setRemoving,
    changeRole,
    resend,
    revoke,
    confirmRemove,
    transfer,
  };
}
