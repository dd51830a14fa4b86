// Team rules: membership starts only by consent. Owners and admins invite
// (a pending invitation, answered the same way whatever the address) and remove; admins grant and
// remove members only; the owner changes roles and transfers ownership; anyone but the owner
// leaves; nobody removes themselves here; the owner is never removed.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import type {InvitationRole} from '../db/schema.js';
import {ApiError} from '../errors.js';
import {VERIFY_EMAIL_FOR_INVITATIONS} from '@intakekit/contract/errors';
import {hashToken, newToken} from '../lib/tokens.js';
import type {MailSender} from './ports/mail-sender.js';
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
import {
  findMember,
  isMemberAddress,
  listTeam,
  lockTeam,
  removeMember,
  setRole,
  type MemberRow,
  type PendingInvitationRow,
  setRequireTwoFactor,
} from '../repositories/teams-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {checkCurrentPassword} from './login-throttle.js';
import {assertAcceptableNames} from './names.js';
import {HOUR_MS, DAY_MS} from '../lib/durations.js';

type Team = NonNullable<UserWithTeam['team']>;
type TeamConfig = Pick<
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

// EMAIL_IN_USE on POST /api/team/add says which case it is; every case is one this team knows.
const OWN_ADDRESS = 'You are already a member of this team.';
const ALREADY_MEMBER = 'This person is already a member of your team.';
const ALREADY_INVITED =
  'This address already has a pending invitation to your team. You can resend it from the members list.';

function teamOf(user: UserWithTeam): Team {
  if (!user.team) throw new ApiError('NOT_FOUND');
  return user.team;
}

function isManager(team: Team): boolean {
  return team.role === 'owner' || team.role === 'admin';
}

function assertManager(team: Team): void {
  if (!isManager(team)) throw new ApiError('FORBIDDEN');
}

function assertOwner(team: Team): void {
  if (team.role !== 'owner') throw new ApiError('FORBIDDEN');
}

export function toMemberBody(row: MemberRow) {
  return {id: row.id, name: row.name, email: row.email, role: row.role, joinedAt: row.joined_at.toISOString()};
}

export function toInvitationBody(row: PendingInvitationRow | InvitationRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  };
}

export class Teams {
  constructor(
    private readonly db: Db,
    private readonly mailer: MailSender,
    private readonly config: TeamConfig,
  ) {}

  async show(user: UserWithTeam) {
    const team = teamOf(user);
    const {members, invitations} = await listTeam(this.db, team.id, this.config.now(), isManager(team));
    return {
      team: {id: team.id, name: team.name},
      role: team.role,
      users: members.map(toMemberBody),
      invitations: invitations.map(toInvitationBody),
    };
  }

  /** The team's security policy: whether every member must have two-factor (the owner only, with it on). */
  async setPolicy(user: UserWithTeam, requireTwoFactor: boolean): Promise<{requireTwoFactor: boolean}> {
    const team = teamOf(user);
    assertOwner(team);
    if (requireTwoFactor && !user.twoFactorEnabled) throw new ApiError('OWNER_TWO_FACTOR_REQUIRED');
    await setRequireTwoFactor(this.db, team.id, requireTwoFactor);
    return {requireTwoFactor};
  }

  /**
   * Invites an address. Never looks up whether the address has an account: the answer is the same
   * pending invitation for an address without one, with one and no team, or in another team.
   */
  async invite(user: UserWithTeam, invitee: {email: string; name: string | null; role: InvitationRole}) {
    const team = teamOf(user);
    assertManager(team);
    if (!user.emailVerified) throw new ApiError('EMAIL_NOT_VERIFIED', {message: VERIFY_EMAIL_FOR_INVITATIONS});
    if (invitee.role === 'admin' && team.role !== 'owner') throw new ApiError('FORBIDDEN');
    assertAcceptableNames(invitee.name);
    const {email} = invitee;
    if (email === user.email) throw new ApiError('EMAIL_IN_USE', {message: OWN_ADDRESS});
    const now = this.config.now();
    const token = newToken();
    const invitation = await this.db.transaction().execute(async (trx) => {
      await lockTeam(trx, team.id);
      if (await isMemberAddress(trx, team.id, email)) throw new ApiError('EMAIL_IN_USE', {message: ALREADY_MEMBER});
      if (await hasPendingInvitation(trx, team.id, email, now))
        throw new ApiError('EMAIL_IN_USE', {message: ALREADY_INVITED});
      await lockAddress(trx, email);
      const deliver = await this.checkLimits(trx, team.id, email, now);
      await expireStaleInvitation(trx, team.id, email, now);
      const row = await insertInvitation(trx, {
        teamId: team.id,
        email,
        name: invitee.name,
        role: invitee.role,
        invitedBy: user.id,
        tokenHash: hashToken(token),
        now,
        expiresAt: new Date(now.getTime() + this.config.invitationTtlMs),
      });
      await recordSend(trx, team.id, email, now, deliver);
      if (deliver) await this.queueInvitation(trx, user, team, row, token);
      return row;
    });
    this.mailer.wake();
    return toInvitationBody(invitation);
  }

  /** A new token and expiry for a pending invitation, emailed again; the old link stops working. */
  async resend(user: UserWithTeam, id: string) {
    const team = teamOf(user);
    assertManager(team);
    const now = this.config.now();
    const token = newToken();
    const invitation = await this.db.transaction().execute(async (trx) => {
      await lockTeam(trx, team.id);
      const current = await findPendingInvitation(trx, team.id, id, now);
      if (!current) throw new ApiError('NOT_FOUND');
      const nextSend = current.sent_at.getTime() + this.config.invitationResendIntervalMs;
      if (now.getTime() < nextSend) throw tooSoon(nextSend, now);
      await lockAddress(trx, current.email);
      const deliver = await this.checkLimits(trx, team.id, current.email, now);
      const renewed = await renewInvitation(trx, current.id, {
        tokenHash: hashToken(token),
        now,
        expiresAt: new Date(now.getTime() + this.config.invitationTtlMs),
      });
      if (!renewed) throw new ApiError('NOT_FOUND');
      await recordSend(trx, team.id, current.email, now, deliver);
      if (deliver) await this.queueInvitation(trx, user, team, renewed, token);
      return renewed;
    });
    this.mailer.wake();
    return toInvitationBody(invitation);
  }

  async revoke(user: UserWithTeam, id: string): Promise<void> {
    const team = teamOf(user);
    assertManager(team);
    if (!(await revokeInvitation(this.db, team.id, id, this.config.now()))) throw new ApiError('NOT_FOUND');
  }

  async changeRole(user: UserWithTeam, id: string, role: InvitationRole) {
    const team = teamOf(user);
    assertOwner(team);
    if (id === user.id) throw new ApiError('FORBIDDEN');
    return this.db.transaction().execute(async (trx) => {
      await lockTeam(trx, team.id);
      const member = await findMember(trx, team.id, id);
      if (!member) throw new ApiError('NOT_FOUND');
      if (member.role === 'owner') throw new ApiError('FORBIDDEN');
      await setRole(trx, team.id, id, role);
      return toMemberBody({...member, role});
    });
  }

  async remove(user: UserWithTeam, id: string): Promise<void> {
    const team = teamOf(user);
    assertManager(team);
    // Leaving is its own call (POST /api/team/leave), with its own rule for the owner.
    if (id === user.id) throw new ApiError('FORBIDDEN');
    await this.db.transaction().execute(async (trx) => {
      await lockTeam(trx, team.id);
      const member = await findMember(trx, team.id, id);
      if (!member) throw new ApiError('NOT_FOUND');
      if (member.role === 'owner' || (member.role === 'admin' && team.role !== 'owner'))
        throw new ApiError('FORBIDDEN');
      await removeMember(trx, team.id, id);
    });
  }

  /** The owner hands ownership to an admin or member and becomes an admin. */
  async transfer(user: UserWithTeam, familyId: string, targetId: string, password: string) {
    const team = teamOf(user);
    assertOwner(team);
    // As delete-account: 400 for a wrong password (401 would sign the portal out), and guesses count
    // with sign-ins on the address (LOCKED at the limit, which ends this session).
    await checkCurrentPassword(this.db, this.config, {familyId, user}, password);
    await this.db.transaction().execute(async (trx) => {
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
  async leave(user: UserWithTeam): Promise<void> {
    const team = teamOf(user);
    if (team.role === 'owner') throw new ApiError('OWNER_MUST_TRANSFER');
    if (!(await removeMember(this.db, team.id, user.id))) throw new ApiError('NOT_FOUND');
  }

  /**
   * 429 when the team has had its share of invitation emails in the hour, or has itself sent the address
   * its share of the day: both are the team's own doing. Answers false (store the invitation, answer as
   * sent, email nothing) when other teams' emails used up the address's day: a 429 would tell this team
   * that someone else invited the address.
   */
  private async checkLimits(db: Db, teamId: string, email: string, now: Date): Promise<boolean> {
    const dayStart = new Date(now.getTime() - DAY_MS);
    const perAddress = this.config.invitesPerAddressPerDay;
    const byTeam = await limitingSend(db, {teamId}, new Date(now.getTime() - HOUR_MS), this.config.teamInvitesPerHour);
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
  private async queueInvitation(
    trx: Db,
    user: UserWithTeam,
    team: Team,
    invitation: InvitationRow,
    token: string,
  ): Promise<void> {
    await this.mailer.enqueue(trx, invitation.email, {
      kind: 'team-invitation',
      link: `${this.config.portalUrl}/accept-invitation?token=${token}`,
      teamName: team.name,
      inviterName: user.name,
      role: invitation.role,
    });
  }
}

/** 429 with Retry-After: the whole seconds until `freeAt`. */
function tooSoon(freeAt: number, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  return new ApiError('RATE_LIMIT_EXCEEDED', {headers: {'Retry-After': String(seconds)}});
}
