// Team rules: admins grant and remove members only; the owner changes roles, the security policy and
// transfers ownership; anyone but the owner leaves; nobody removes themselves here; the owner is never
// removed. Invitations are team-invitations.ts.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import type {InvitationRole} from '../db/schema.js';
import {ApiError} from '../errors.js';
import {
  findMember,
  lockTeam,
  type MemberRow,
  removeMember,
  setRequireTwoFactor,
  setRole,
} from '../repositories/teams-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {checkCurrentPassword} from './login-throttle.js';
import type {MailSender} from './ports/mail-sender.js';
import {assertManager, assertOwner, isManager, teamOf, toMemberBody} from './team-access.js';
import {teamPage, type TeamPages} from './team-pages.js';

export interface TeamContext {
  db: Db;
  mailer: MailSender;
  config: Pick<
    Config,
    | 'now'
    | 'portalUrl'
    | 'teamInvitesPerHour'
    | 'invitesPerAddressPerDay'
    | 'invitationTtlMs'
    | 'invitationResendIntervalMs'
    | 'loginLockAttempts'
    | 'lockWindowMs'
    | 'lockDurationMs'
  >;
  /** This process's team pages (team-pages.ts); none: every page is read. */
  pages?: TeamPages;
}

export async function showTeam(context: TeamContext, user: UserWithTeam) {
  const team = teamOf(user);
  const {users, invitations} = await teamPage(context, team, context.config.now(), isManager(team));
  return {team: {id: team.id, name: team.name}, role: team.role, users, invitations};
}

/** The team's security policy: whether every member must have two-factor (the owner only, with it on). */
export async function setTeamPolicy(
  {db}: TeamContext,
  user: UserWithTeam,
  requireTwoFactor: boolean,
): Promise<{requireTwoFactor: boolean}> {
  const team = teamOf(user);
  assertOwner(team);
  if (requireTwoFactor && !user.twoFactorEnabled) throw new ApiError('OWNER_TWO_FACTOR_REQUIRED');
  await setRequireTwoFactor(db, team.id, requireTwoFactor);
  return {requireTwoFactor};
}

/** Runs `change` on a member of the team inside a transaction that holds the team's lock; NOT_FOUND if `id` is none. */
async function withMember<T>(
  db: Db,
  teamId: string,
  id: string,
  change: (trx: Db, member: MemberRow) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockTeam(trx, teamId);
    const member = await findMember(trx, teamId, id);
    if (!member) throw new ApiError('NOT_FOUND');
    return change(trx, member);
  });
}

export async function changeMemberRole({db}: TeamContext, user: UserWithTeam, id: string, role: InvitationRole) {
  const team = teamOf(user);
  assertOwner(team);
  if (id === user.id) throw new ApiError('FORBIDDEN');
  return withMember(db, team.id, id, async (trx, member) => {
    if (member.role === 'owner') throw new ApiError('FORBIDDEN');
    await setRole(trx, team.id, id, role);
    return toMemberBody({...member, role});
  });
}

/** Removes a member; answers their address (the activity log names the person, not an id). */
export async function removeTeamMember({db}: TeamContext, user: UserWithTeam, id: string): Promise<string> {
  const team = teamOf(user);
  assertManager(team);
  // Leaving is its own call (POST /api/team/leave), with its own rule for the owner.
  if (id === user.id) throw new ApiError('FORBIDDEN');
  return withMember(db, team.id, id, async (trx, member) => {
    if (member.role === 'owner' || (member.role === 'admin' && team.role !== 'owner')) throw new ApiError('FORBIDDEN');
    await removeMember(trx, team.id, id);
    return member.email;
  });
}

/** The owner hands ownership to an admin or member and becomes an admin. */
export async function transferOwnership(
  {db, config}: TeamContext,
  user: UserWithTeam,
  familyId: string,
  targetId: string,
  password: string,
) {
  const team = teamOf(user);
  assertOwner(team);
  // As delete-account: 400 for a wrong password (401 would sign the portal out), and guesses count
  // with sign-ins on the address (LOCKED at the limit, which ends this session).
  await checkCurrentPassword(db, config, {familyId, user}, password);
  await db.transaction().execute(async (trx) => {
    await lockTeam(trx, team.id);
    // The role checked above was read before the lock: a transfer that ran meanwhile has made the caller an admin
    // (and someone else the owner), so this one changes nothing.
    if ((await findMember(trx, team.id, user.id))?.role !== 'owner') throw new ApiError('OWNERSHIP_CHANGED');
    const target = targetId === user.id ? undefined : await findMember(trx, team.id, targetId);
    if (!target || target.role === 'owner') throw new ApiError('NOT_FOUND');
    // The caller first: one owner per team is enforced by a unique index.
    await setRole(trx, team.id, user.id, 'admin');
    await setRole(trx, team.id, targetId, 'owner');
  });
  return {team: {id: team.id, name: team.name, role: 'admin' as const}};
}

/** Anyone but the owner leaves; the team's keys stay with the team. */
export async function leaveTeam({db}: TeamContext, user: UserWithTeam): Promise<void> {
  const team = teamOf(user);
  if (team.role === 'owner') throw new ApiError('OWNER_MUST_TRANSFER');
  if (!(await removeMember(db, team.id, user.id))) throw new ApiError('NOT_FOUND');
}
