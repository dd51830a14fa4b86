// Inviting to a team: membership starts only by consent. Owners and admins invite (a pending invitation,
// answered the same way whatever the address), resend and revoke; only the owner invites an admin. The
// emails are capped per team an hour and per address a day, without telling a team what others sent.
import type {Db} from '../db/connect.js';
import type {InvitationRole} from '../db/schema.js';
import {ApiError} from '../errors.js';
import {VERIFY_EMAIL_FOR_INVITATIONS} from '@intakekit/contract/errors';
import {HOUR_MS, DAY_MS} from '../lib/durations.js';
import {hashToken, newToken} from '../lib/tokens.js';
import {
  expireStaleInvitation,
  findPendingInvitation,
  hasPendingInvitation,
  insertInvitation,
  limitingSend,
  lockAddress,
  recordSend,
  renewInvitation,
  revokeInvitation,
  type InvitationRow,
} from '../repositories/invitations-repository.js';
import {isMemberAddress, lockTeam} from '../repositories/teams-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {assertManager, teamOf, toInvitationBody, type Team} from './team-access.js';
import type {TeamContext} from './team.js';
import {assertAcceptableNames} from './names.js';

// EMAIL_IN_USE on POST /api/team/add says which case it is; every case is one this team knows.
const OWN_ADDRESS = 'You are already a member of this team.';
const ALREADY_MEMBER = 'This person is already a member of your team.';
const ALREADY_INVITED =
  'This address already has a pending invitation to your team. You can resend it from the members list.';

/**
 * Invites an address. Never looks up whether the address has an account: the answer is the same
 * pending invitation for an address without one, with one and no team, or in another team.
 */
export async function inviteMember(
  context: TeamContext,
  user: UserWithTeam,
  invitee: {email: string; name: string | null; role: InvitationRole},
) {
  const {db, mailer, config} = context;
  const team = teamOf(user);
  assertManager(team);
  if (!user.emailVerified) throw new ApiError('EMAIL_NOT_VERIFIED', {message: VERIFY_EMAIL_FOR_INVITATIONS});
  if (invitee.role === 'admin' && team.role !== 'owner') throw new ApiError('FORBIDDEN');
  assertAcceptableNames(invitee.name);
  const {email} = invitee;
  if (email === user.email) throw new ApiError('EMAIL_IN_USE', {message: OWN_ADDRESS});
  const now = config.now();
  const token = newToken();
  const invitation = await db.transaction().execute(async (trx) => {
    await lockTeam(trx, team.id);
    if (await isMemberAddress(trx, team.id, email)) throw new ApiError('EMAIL_IN_USE', {message: ALREADY_MEMBER});
    if (await hasPendingInvitation(trx, team.id, email, now))
      throw new ApiError('EMAIL_IN_USE', {message: ALREADY_INVITED});
    await lockAddress(trx, email);
    const deliver = await checkLimits(trx, context, team.id, email, now);
    await expireStaleInvitation(trx, team.id, email, now);
    const row = await insertInvitation(trx, {
      teamId: team.id,
      email,
      name: invitee.name,
      role: invitee.role,
      invitedBy: user.id,
      tokenHash: hashToken(token),
      now,
      expiresAt: new Date(now.getTime() + config.invitationTtlMs),
    });
    await recordSend(trx, team.id, email, now, deliver);
    if (deliver) await queueInvitation(trx, context, user, team, row, token);
    return row;
  });
  mailer.wake();
  return toInvitationBody(invitation);
}

/** A new token and expiry for a pending invitation, emailed again; the old link stops working. */
export async function resendInvitation(context: TeamContext, user: UserWithTeam, id: string) {
  const {db, mailer, config} = context;
  const team = teamOf(user);
  assertManager(team);
  const now = config.now();
  const token = newToken();
  const invitation = await db.transaction().execute(async (trx) => {
    await lockTeam(trx, team.id);
    const current = await findPendingInvitation(trx, team.id, id, now);
    if (!current) throw new ApiError('NOT_FOUND');
    const nextSend = current.sent_at.getTime() + config.invitationResendIntervalMs;
    if (now.getTime() < nextSend) throw tooSoon(nextSend, now);
    await lockAddress(trx, current.email);
    const deliver = await checkLimits(trx, context, team.id, current.email, now);
    const renewed = await renewInvitation(trx, current.id, {
      tokenHash: hashToken(token),
      now,
      expiresAt: new Date(now.getTime() + config.invitationTtlMs),
    });
    if (!renewed) throw new ApiError('NOT_FOUND');
    await recordSend(trx, team.id, current.email, now, deliver);
    if (deliver) await queueInvitation(trx, context, user, team, renewed, token);
    return renewed;
  });
  mailer.wake();
  return toInvitationBody(invitation);
}

export async function revokeTeamInvitation({db, config}: TeamContext, user: UserWithTeam, id: string): Promise<void> {
  const team = teamOf(user);
  assertManager(team);
  if (!(await revokeInvitation(db, team.id, id, config.now()))) throw new ApiError('NOT_FOUND');
}

/**
 * 429 when the team has had its share of invitation emails in the hour, or has itself sent the address
 * its share of the day: both are the team's own doing. Answers false (store the invitation, answer as
 * sent, email nothing) when other teams' emails used up the address's day: a 429 would tell this team
 * that someone else invited the address.
 */
async function checkLimits(db: Db, {config}: TeamContext, teamId: string, email: string, now: Date): Promise<boolean> {
  const dayStart = new Date(now.getTime() - DAY_MS);
  const perAddress = config.invitesPerAddressPerDay;
  const byTeam = await limitingSend(db, {teamId}, new Date(now.getTime() - HOUR_MS), config.teamInvitesPerHour);
  const byTeamToAddress = await limitingSend(db, {teamId, email}, dayStart, perAddress);
  // The later of the two moments a slot frees up: only then would the send be allowed.
  const freeAt = Math.max(
    byTeam ? byTeam.getTime() + HOUR_MS : 0,
    byTeamToAddress ? byTeamToAddress.getTime() + DAY_MS : 0,
  );
  if (freeAt > 0) throw tooSoon(freeAt, now);
  return (await limitingSend(db, {email}, dayStart, perAddress)) === undefined;
}

/** The invitation email, written to the outbox in the transaction that stores the invitation's token. */
async function queueInvitation(
  trx: Db,
  {mailer, config}: TeamContext,
  user: UserWithTeam,
  team: Team,
  invitation: InvitationRow,
  token: string,
): Promise<void> {
  await mailer.enqueue(trx, invitation.email, {
    kind: 'team-invitation',
    link: `${config.portalUrl}/accept-invitation?token=${token}`,
    teamName: team.name,
    inviterName: user.name,
    role: invitation.role,
  });
}

/** 429 with Retry-After: the whole seconds until `freeAt`. */
function tooSoon(freeAt: number, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  return new ApiError('RATE_LIMIT_EXCEEDED', {headers: {'Retry-After': String(seconds)}});
}
