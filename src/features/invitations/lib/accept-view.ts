/**
 * Which view /accept-invitation shows, decided from what has loaded. Pure, so every
 * combination of sign-in state and invitation is unit-tested.
 */
import {normalizeEmail} from '@site/src/lib/validation';
import type {InvitationRole, InvitationSummary} from '../api/invitations';

/** The INVALID_OR_EXPIRED message, for a token that cannot be used. */
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired. Please request a new one.';

/** The invitation's state on the page. */
export type InvitationState =
  | {status: 'loading'}
  | {status: 'invalid'}
  | {status: 'failed'; message: string}
  | {status: 'loaded'; invitation: InvitationSummary}
  | {status: 'declined'; invitation: InvitationSummary};

/** The auth store as this page needs it. */
export interface SessionState {
  /** init() has run and the user (if any) has loaded. */
  ready: boolean;
  serverError: boolean;
  user: {email: string; team: {name: string} | null} | null;
}

export type AcceptView =
  | {kind: 'loading'}
  | {kind: 'invalid'}
  | {kind: 'failed'; message: string}
  | {kind: 'server-error'}
  | {kind: 'declined'; invitation: InvitationSummary}
  | {kind: 'signed-out'; invitation: InvitationSummary}
  | {kind: 'wrong-account'; invitation: InvitationSummary; signedInAs: string}
  | {kind: 'in-team'; invitation: InvitationSummary; currentTeam: string}
  | {kind: 'invitee'; invitation: InvitationSummary};

/**
 * The view for this moment. An unusable link wins over everything (nothing else can be done with it); otherwise
 * the page waits for the auth store before choosing between the signed-out and signed-in views, so a signed-in
 * invitee never sees the sign-in links flash first.
 */
export function chooseView(invitation: InvitationState, session: SessionState): AcceptView {
  if (invitation.status === 'invalid') return {kind: 'invalid'};
  if (invitation.status === 'failed') return {kind: 'failed', message: invitation.message};
  if (invitation.status === 'declined') return {kind: 'declined', invitation: invitation.invitation};
  if (invitation.status === 'loading' || !session.ready) return {kind: 'loading'};
  const loaded = invitation.invitation;
  if (session.serverError) return {kind: 'server-error'};
  const {user} = session;
  if (!user) return {kind: 'signed-out', invitation: loaded};
  if (normalizeEmail(user.email) !== normalizeEmail(loaded.email)) {
    return {kind: 'wrong-account', invitation: loaded, signedInAs: user.email};
  }
  if (user.team) return {kind: 'in-team', invitation: loaded, currentTeam: user.team.name};
  return {kind: 'invitee', invitation: loaded};
}

/** 'a member' / 'an admin'. */
export function roleWithArticle(role: InvitationRole): string {
  return role === 'admin' ? 'an admin' : 'a member';
}

/** '{inviter} invited {email} to join {team} as {a member|an admin}.'; an inviter who left is 'A teammate', as in the email. */
export function invitationSentence(invitation: InvitationSummary): string {
  const inviter = invitation.inviterName?.trim() || 'A teammate';
  return `${inviter} invited ${invitation.email} to join ${invitation.teamName} as ${roleWithArticle(invitation.role)}.`;
}

/** Keys whose status is active: revoked ones move too, but only active ones matter to the person. */
export function countActiveKeys(keys: ReadonlyArray<{status: string}>): number {
  return keys.filter((key) => key.status === 'active').length;
}

/** The personal-keys notice, or null when no active key would move. */
export function movingKeysNotice(count: number, teamName: string): string | null {
  if (count <= 0) return null;
  if (count === 1)
    return `1 active personal API key will move into ${teamName}. It keeps working and becomes the team's.`;
  return `${count} active personal API keys will move into ${teamName}. They keep working and become the team's.`;
}

/** /register through the invitation: the address pre-filled and the token sent with the sign-up. */
export function registerHref(token: string, email: string): string {
  return `/register?${new URLSearchParams({invitation: token, email}).toString()}`;
}
