import {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import EmptyState from '@site/src/components/empty-state';
import LoadFailed from '@site/src/components/load-failed';
import Notice from '@site/src/components/notice';
import Panel, {PageHeader} from '@site/src/components/panel';
import TwoFactorPolicy from './two-factor-policy';
import Spinner from '@site/src/components/spinner';
import {useAuthStore} from '@site/src/stores/auth-store';
import type {TeamData, TeamInvitation, TeamMember} from '../api/use-team';
import {useTeam} from '../api/use-team';
import {useTeamActions} from '../api/use-team-actions';
import {memberName} from '../lib/format';
import {actionFailure, NO_TEAM_TITLE, RESEND_FAILED, REVOKE_FAILED, ROLE_FAILED} from '../lib/messages';
import {asTeamRole, roleWithArticle, teamAbilities, type GrantableRole} from '../lib/roles';
import InviteForm from './invite-form';
import LeaveTeamDialog from './leave-team-dialog';
import MembersTable, {type RowBusy} from './members-table';
import RemoveMemberDialog from './remove-member-dialog';
import TransferOwnershipDialog from './transfer-ownership-dialog';
import styles from './styles.module.css';

export {CONFIRM_REMOVE} from '../lib/messages';

/** How often the invitation rows' 'Expires in N days' is recomputed while the page stays open. */
const EXPIRY_TICK_MS = 60_000;

interface Feedback {
  variant: 'success' | 'error';
  text: string;
  /** Move focus to the message: the button that started the action has gone (revoked row, removed member). */
  focus?: boolean;
}

function TeamIcon(): ReactNode {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2" />
      <circle cx="9" cy="7" r="4" />
      <path d="M23 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
    </svg>
  );
}

function NoTeam({email}: {email: string | undefined}): ReactNode {
  return (
    <Panel>
      <EmptyState
        as="h2"
        icon={<TeamIcon />}
        title={NO_TEAM_TITLE}
        action={
          <Link className="button button--secondary button--sm" to="/api-keys">
            Go to API Keys
          </Link>
        }
      >
        <p>
          Your account is not part of a team, so your API keys are your own. To join a team, ask its owner or an admin
          to invite {email ? <strong>{email}</strong> : 'your email address'}, then accept the invitation from the
          email.
        </p>
      </EmptyState>
    </Panel>
  );
}

function personLabel(member: {name: string | null; email: string}): string {
  return member.name?.trim() ? memberName(member.name) : member.email;
}

/** The page's actions and their state, for a loaded team. */
function TeamBody({data, onLeft}: {data: TeamData; onLeft: (teamName: string) => void}): ReactNode {
  const user = useAuthStore((s) => s.user);
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const actions = useTeamActions();
  const role = asTeamRole(data.role);
  const abilities = teamAbilities(role);
  const [busy, setBusy] = useState<RowBusy | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);
  const [leaveOpen, setLeaveOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const feedbackRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), EXPIRY_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (feedback?.focus) feedbackRef.current?.focus();
  }, [feedback]);

  const rowAction = useCallback(
    async (
      target: RowBusy,
      run: () => Promise<unknown>,
      success: string,
      failure: (error: unknown) => string,
      focus = false,
    ) => {
      setBusy(target);
      setFeedback(null);
      try {
        await run();
        setFeedback({variant: 'success', text: success, focus});
      } catch (error) {
        setFeedback({variant: 'error', text: failure(error)});
      } finally {
        setBusy(null);
      }
    },
    [],
  );

  const onChangeRole = (member: TeamMember, next: GrantableRole) =>
    void rowAction(
      {id: member.id, action: 'role'},
      () => actions.changeRole.trigger({member, role: next}),
      `${personLabel(member)} is now ${roleWithArticle(next)}.`,
      (error) => `${ROLE_FAILED} of ${personLabel(member)}: ${actionFailure(error, 'please try again.')}`,
    );

  const onResend = (invitation: TeamInvitation) =>
    void rowAction(
      {id: invitation.id, action: 'resend'},
      () => actions.resend.trigger(invitation),
      `Invitation sent again to ${invitation.email}. The previous link no longer works.`,
      (error) => `${RESEND_FAILED} to ${invitation.email}: ${actionFailure(error, 'please try again.')}`,
    );

  const onRevoke = (invitation: TeamInvitation) =>
    void rowAction(
      {id: invitation.id, action: 'revoke'},
      () => actions.revoke.trigger(invitation),
      `The invitation to ${invitation.email} was revoked. Its link no longer works.`,
      (error) => `${REVOKE_FAILED} to ${invitation.email}: ${actionFailure(error, 'please try again.')}`,
      true,
    );

  const onConfirmRemove = async (member: TeamMember) => {
    await actions.remove.trigger(member);
    setRemoving(null);
    setFeedback({variant: 'success', text: `${personLabel(member)} was removed from ${data.team.name}.`, focus: true});
  };

  const onTransfer = async (input: {userId: string; password: string}) => {
    const next = data.users.find((m) => m.id === input.userId);
    await actions.transfer.trigger(input);
    setTransferOpen(false);
    // user.team.role is shown elsewhere (Settings); the session's user must learn it is an admin now.
    void refreshUser();
    setFeedback({
      variant: 'success',
      text: `${next ? personLabel(next) : 'The member you chose'} now owns ${data.team.name}. You are an admin.`,
      focus: true,
    });
  };

  const candidates = data.users.filter((m) => m.role !== 'owner' && m.id !== user?.id);

  return (
    <>
      <Notice variant="info" className={styles.shareNote}>
        Members of <strong>{data.team.name}</strong> share its API keys: everyone listed here can see, create, rotate
        and revoke them.
      </Notice>
      {abilities.invite ? (
        <Panel
          id="invite"
          title="Invite a member"
          description="We email them a link. They join when they accept it, signed in with that address; the link expires in 7 days."
        >
          <InviteForm
            onInvite={actions.invite.trigger}
            pending={actions.invite.isMutating}
            roles={abilities.inviteRoles}
          />
        </Panel>
      ) : null}
      <Panel id="members" title="Members" aside={<span className={styles.count}>{data.users.length}</span>} flush>
        {feedback ? (
          <div className={styles.feedback}>
            <Notice
              ref={feedbackRef}
              variant={feedback.variant}
              onDismiss={() => setFeedback(null)}
              data-testid="team-feedback"
            >
              {feedback.text}
            </Notice>
          </div>
        ) : null}
        <MembersTable
          members={data.users}
          invitations={abilities.manageInvitations ? data.invitations : []}
          role={role}
          canManageInvitations={abilities.manageInvitations}
          currentUserId={user?.id}
          currentUserEmail={user?.email}
          busy={busy}
          now={now}
          onRemove={(member) => setRemoving(member)}
          onChangeRole={onChangeRole}
          onResend={onResend}
          onRevoke={onRevoke}
        />
      </Panel>

      <TwoFactorPolicy isOwner={role === 'owner'} teamName={data.team.name} />
      {abilities.transfer ? (
        <Panel id="ownership" title="Ownership">
          <div className={styles.sectionRow}>
            <p className={styles.sectionText}>
              You own <strong>{data.team.name}</strong>. To leave the team, transfer ownership to another member first;
              you stay on as an admin.
              {candidates.length === 0 ? ' Invite someone first: there is nobody to transfer to yet.' : null}
            </p>
            <button
              type="button"
              className={clsx('button button--secondary', styles.sectionButton)}
              onClick={() => setTransferOpen(true)}
              disabled={candidates.length === 0}
            >
              Transfer ownership
            </button>
          </div>
        </Panel>
      ) : null}
      {abilities.leave ? (
        <Panel id="leave" title="Leave team">
          <div className={styles.sectionRow}>
            <p className={styles.sectionText}>
              You are {roleWithArticle(role)} of <strong>{data.team.name}</strong>. Leaving ends your access to its API
              keys at once.
            </p>
            <button
              type="button"
              className={clsx('button button--danger', styles.sectionButton)}
              onClick={() => setLeaveOpen(true)}
            >
              Leave team
            </button>
          </div>
        </Panel>
      ) : null}

      <RemoveMemberDialog
        member={removing}
        teamName={data.team.name}
        onClose={() => setRemoving(null)}
        onConfirm={onConfirmRemove}
      />
      {abilities.transfer ? (
        <TransferOwnershipDialog
          open={transferOpen}
          onClose={() => setTransferOpen(false)}
          teamName={data.team.name}
          candidates={candidates}
          onTransfer={onTransfer}
        />
      ) : null}
      <LeaveTeamDialog
        open={leaveOpen}
        onClose={() => setLeaveOpen(false)}
        teamName={data.team.name}
        onLeft={() => {
          setLeaveOpen(false);
          onLeft(data.team.name);
        }}
      />
    </>
  );
}

/** The /team screen: 'No Team Organization' without a team, else the invite form and the members table. */
export default function TeamView(): ReactNode {
  const user = useAuthStore((s) => s.user);
  const {data, error, isLoading, mutate} = useTeam();
  const [left, setLeft] = useState<string | null>(null);
  const leftRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (left) leftRef.current?.focus();
  }, [left]);

  let body: ReactNode;
  if (isLoading && data === undefined) {
    body = (
      <div className={styles.loading}>
        <Spinner label="Loading your team..." showLabel />
      </div>
    );
  } else if (data === null) {
    body = (
      <>
        {left ? (
          <Notice ref={leftRef} variant="success" className={styles.shareNote}>
            You left {left}.
          </Notice>
        ) : null}
        <NoTeam email={user?.email} />
      </>
    );
  } else if (data) {
    body = <TeamBody key={data.team.id} data={data} onLeft={setLeft} />;
  } else if (error) {
    // A failure is shown in the page, never only logged: a refusal that reaches only the console looks like a dead button.
    body = (
      <LoadFailed
        title="The team could not be loaded."
        message={actionFailure(error, 'Please try again.')}
        onRetry={() => void mutate()}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Team"
        description={
          data?.team ? (
            <>
              Manage who belongs to <strong>{data.team.name}</strong>.
            </>
          ) : (
            'Invite colleagues to share API keys.'
          )
        }
      />
      {body}
    </>
  );
}
