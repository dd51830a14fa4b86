// The invitee's side of a team invitation (membership only by consent): look it up, accept it signed in as the
// invited address, or decline it. A token is usable while its invitation is pending and
// now < expires_at; every unusable token (malformed, unknown, replaced by a resend, expired,
// revoked, accepted, declined) is the same 400 INVALID_OR_EXPIRED.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {ApiError} from '../errors.js';
import {hashToken, isWellFormedToken} from '../lib/tokens.js';
import {movePersonalKeysToTeam} from '../repositories/api-keys-repository.js';
import {movePersonalFlowsToTeam} from '../repositories/flows-repository.js';
import {movePersonalSubmissionsToTeam} from '../repositories/submissions-repository.js';
import {
  findUsableByToken,
  respondToInvitation,
  type InvitationByToken,
} from '../repositories/invitations-repository.js';
import {addMemberUnlessInTeam} from '../repositories/teams-repository.js';
import {updateUser, type UserWithTeam} from '../repositories/users-repository.js';

type InvitationConfig = Pick<Config, 'now'>;

/** The usable invitation a token names, or undefined (never throws: register ignores bad tokens). */
export async function findUsableInvitation(db: Db, token: string, now: Date): Promise<InvitationByToken | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  return findUsableByToken(db, hashToken(token), now);
}

export async function lookupInvitation(db: Db, config: InvitationConfig, token: string) {
  const invitation = await usableInvitation(db, config, token);
  return {
    invitation: {
      email: invitation.email,
      teamName: invitation.team_name,
      inviterName: invitation.inviter_name,
      role: invitation.role,
      expiresAt: invitation.expires_at.toISOString(),
    },
  };
}

/**
 * Joins the team: in one transaction, with the invitation's row locked and updated only while
 * it is still pending, so a racing accept, decline or revoke leaves exactly one winner.
 */
export async function acceptInvitation(db: Db, config: InvitationConfig, user: UserWithTeam, token: string) {
  const now = config.now();
  const found = await usableInvitation(db, config, token);
  if (found.email !== user.email) throw new ApiError('INVITATION_WRONG_ACCOUNT');
  if (user.team) throw new ApiError('ALREADY_IN_TEAM');
  const movedKeys = await db.transaction().execute(async (trx) => {
    const invitation = await findUsableByToken(trx, hashToken(token), now, true);
    if (!invitation || invitation.id !== found.id) throw new ApiError('INVALID_OR_EXPIRED');
    if (!(await addMemberUnlessInTeam(trx, invitation.team_id, user.id, invitation.role, now))) {
      throw new ApiError('ALREADY_IN_TEAM');
    }
    if (!(await respondToInvitation(trx, {id: invitation.id}, 'accepted', now)))
      throw new ApiError('INVALID_OR_EXPIRED');
    // The caller's own keys become the team's and keep working; the link proved the mailbox.
    const moved = await movePersonalKeysToTeam(trx, user.id, invitation.team_id);
    // Personal server keys are sandbox keys (production needs a team): their answers are every member's to read.
    await movePersonalKeysToTeam(trx, user.id, invitation.team_id, 'server_keys');
    // What the keys received goes with them; the team's retention stays its owners' and admins' choice.
    await movePersonalSubmissionsToTeam(trx, user.id, invitation.team_id, 'drop');
    // Their flows too, so a page naming one keeps being served (flows-repository.ts says what a clash of ids does).
    await movePersonalFlowsToTeam(trx, user.id, invitation.team_id);
    if (!user.emailVerified) await updateUser(trx, user.id, {emailVerified: true}, now);
    return moved;
  });
  return {team: {id: found.team_id, name: found.team_name, role: found.role}, movedKeys};
}

/** No session needed: the token proves the mailbox. Answers the declined invitation (for the team's log). */
export async function declineInvitation(
  db: Db,
  config: InvitationConfig,
  token: string,
): Promise<{id: string; email: string; teamId: string}> {
  if (!isWellFormedToken(token)) throw new ApiError('INVALID_OR_EXPIRED');
  const found = await usableInvitation(db, config, token);
  if (!(await respondToInvitation(db, {tokenHash: hashToken(token)}, 'declined', config.now()))) {
    throw new ApiError('INVALID_OR_EXPIRED');
  }
  return {id: found.id, email: found.email, teamId: found.team_id};
}

async function usableInvitation(db: Db, config: InvitationConfig, token: string): Promise<InvitationByToken> {
  const invitation = await findUsableInvitation(db, token, config.now());
  if (!invitation) throw new ApiError('INVALID_OR_EXPIRED');
  return invitation;
}
