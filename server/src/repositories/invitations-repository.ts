// SQL for team invitations and the sends counted by the invitation limits.
import {sql, type ExpressionBuilder} from 'kysely';
import type {Db} from '../db/connect.js';
import type {Database, InvitationRole} from '../db/schema.js';

const COLUMNS = [
  'id',
  'team_id',
  'email',
  'name',
  'role',
  'invited_by',
  'status',
  'created_at',
  'sent_at',
  'expires_at',
] as const;

/** Pending and not yet expired: an invitation that can still be accepted, renewed or revoked. */
function isOpen(now: Date) {
  return (eb: ExpressionBuilder<Database, 'invitations'>) =>
    eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)]);
}

export interface InvitationRow {
  id: string;
  team_id: string;
  email: string;
  name: string | null;
  role: InvitationRole;
  invited_by: string | null;
  status: 'pending' | 'accepted' | 'declined' | 'revoked' | 'expired';
  created_at: Date;
  sent_at: Date;
  expires_at: Date;
}

/**
 * Serialises invitation sends to one address across teams for the transaction (the per-address
 * limit counts every team's sends). Taken after the team's row lock, always in that order.
 */
export async function lockAddress(db: Db, email: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`invitation:${email}`}))`.execute(db);
}

/** Marks this team's pending invitation of the address expired if its time is up. */
export async function expireStaleInvitation(db: Db, teamId: string, email: string, now: Date): Promise<void> {
  await db
    .updateTable('invitations')
    .set({status: 'expired'})
    .where('team_id', '=', teamId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
}

/** Whether this team has a usable (pending, unexpired) invitation for the address. */
export async function hasPendingInvitation(db: Db, teamId: string, email: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('invitations')
    .select('id')
    .where('team_id', '=', teamId)
    .where('email', '=', email)
    .where(isOpen(now))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertInvitation(
  db: Db,
  invitation: {
    teamId: string;
    email: string;
    name: string | null;
    role: InvitationRole;
    invitedBy: string;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  return db
    .insertInto('invitations')
    .values({
      team_id: invitation.teamId,
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      invited_by: invitation.invitedBy,
      token_hash: invitation.tokenHash,
      status: 'pending',
      created_at: invitation.now,
      sent_at: invitation.now,
      expires_at: invitation.expiresAt,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** This team's usable invitation with this id, locked for the transaction. */
export async function findPendingInvitation(
  db: Db,
  teamId: string,
  id: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .where(isOpen(now))
    .forUpdate()
    .executeTakeFirst();
}

/** A new token and a new expiry for a pending invitation (the old link stops working). */
export async function renewInvitation(
  db: Db,
  id: string,
  renewal: {tokenHash: string; now: Date; expiresAt: Date},
): Promise<InvitationRow | undefined> {
  return db
    .updateTable('invitations')
    .set({token_hash: renewal.tokenHash, sent_at: renewal.now, expires_at: renewal.expiresAt})
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(COLUMNS)
    .executeTakeFirst();
}

/**
 * Revokes this team's usable invitation. The condition lives in the UPDATE: racing an accept, it
 * waits for the accept's row lock and then finds the row no longer pending.
 */
export async function revokeInvitation(db: Db, teamId: string, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('invitations')
    .set({status: 'revoked'})
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .where(isOpen(now))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface InvitationByToken extends InvitationRow {
  team_name: string;
  inviter_name: string | null;
}

/** The usable invitation a token names, with its team's and inviter's names; `lock` for accept. */
export async function findUsableByToken(
  db: Db,
  tokenHash: string,
  now: Date,
  lock = false,
): Promise<InvitationByToken | undefined> {
  let query = db
    .selectFrom('invitations')
    .innerJoin('teams', 'teams.id', 'invitations.team_id')
    .leftJoin('users', 'users.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.team_id',
      'invitations.email',
      'invitations.name',
      'invitations.role',
      'invitations.invited_by',
      'invitations.status',
      'invitations.created_at',
      'invitations.sent_at',
      'invitations.expires_at',
      'teams.name as team_name',
      'users.name as inviter_name',
    ])
    .where('invitations.token_hash', '=', tokenHash)
    .where('invitations.status', '=', 'pending')
    .where('invitations.expires_at', '>', now);
  if (lock) query = query.forUpdate('invitations');
  return query.executeTakeFirst();
}

/** Records the invitee's answer while the invitation is still usable; false when it no longer is. */
export async function respondToInvitation(
  db: Db,
  where: {id: string} | {tokenHash: string},
  status: 'accepted' | 'declined',
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('invitations')
    .set({status, responded_at: now})
    .where('id' in where ? 'id' : 'token_hash', '=', 'id' in where ? where.id : where.tokenHash)
    .where(isOpen(now))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A send counted by the limits; `delivered` is false when it was answered as sent but no email went out. */
export async function recordSend(db: Db, teamId: string, email: string, now: Date, delivered: boolean): Promise<void> {
  await db.insertInto('invitation_sends').values({team_id: teamId, email, sent_at: now, delivered}).execute();
}

/**
 * Whose sends a limit counts: a team's (every send it made), an address's (the emails it received, from
 * every team), or one team's to one address (every send it made there, emailed or not).
 */
export type SendsOf = {teamId: string} | {email: string} | {teamId: string; email: string};

/**
 * When the `limit` most recent sends counted by `by` all fall after `since`, the limit is reached:
 * returns the send time of the oldest of them (the window frees a slot when it leaves), else undefined.
 */
export async function limitingSend(db: Db, by: SendsOf, since: Date, limit: number): Promise<Date | undefined> {
  let query = db.selectFrom('invitation_sends').select('sent_at').where('sent_at', '>', since);
  if ('teamId' in by) query = query.where('team_id', '=', by.teamId);
  if ('email' in by) query = query.where('email', '=', by.email);
  if (!('teamId' in by)) query = query.where('delivered', '=', true);
  const row = await query
    .orderBy('sent_at', 'desc')
    .limit(1)
    .offset(limit - 1)
    .executeTakeFirst();
  return row?.sent_at;
}

/** What an ended invitation's token_hash becomes: unique, and never the hex SHA-256 a lookup compares with. */
const FORGOTTEN_TOKEN_PREFIX = 'ended:';

/**
 * Housekeeping: forgets the token hash of every invitation that can no longer be used (answered,
 * revoked, or expired by `expiredBefore`). The row stays (the team's history); only pending, unexpired
 * invitations are ever looked up by token. Answers how many were forgotten.
 */
export async function forgetEndedInvitationTokens(db: Db, expiredBefore: Date): Promise<number> {
  const result = await db
    .updateTable('invitations')
    .set((eb) => ({token_hash: sql<string>`${FORGOTTEN_TOKEN_PREFIX} || ${eb.ref('id')}::text`}))
    .where('token_hash', 'not like', `${FORGOTTEN_TOKEN_PREFIX}%`)
    .where((eb) => eb.or([eb('status', '!=', 'pending'), eb('expires_at', '<=', expiredBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
