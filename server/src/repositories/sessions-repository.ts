// SQL for sign-in sessions. Tokens are looked up by their SHA-256 only.
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';
import {precompiledQuery} from '../db/precompiled-query.js';
import {USER_WITH_TEAM_COLUMNS, userFromRow, type UserWithTeam} from './users-repository.js';

export interface SessionRow {
  id: string;
  family_id: string;
  user_id: string;
  created_at: Date;
  last_used_at: Date;
  absolute_expires_at: Date;
  replaced_at: Date | null;
}

/** The browser a sign-in came from, as the sessions list shows it. */
export interface SessionClient {
  userAgent: string | null;
  ipAddress: string | null;
}

/**
 * The dead sessions of `who` (a user, or everyone) as a data-modifying CTE named `dead`, each with the tombstone
 * its token leaves in ended_sessions: idle or past its lifetime. A replaced token past its grace leaves none (its
 * browser holds the successor).
 */
function deadSessions(who: ReturnType<typeof sql>, dead: {now: Date; idleBefore: Date; graceBefore: Date}) {
  return sql`
    dead AS (
      DELETE FROM sessions
       WHERE ${who}
         AND (last_used_at <= ${dead.idleBefore}::timestamptz
              OR absolute_expires_at <= ${dead.now}::timestamptz
              OR replaced_at <= ${dead.graceBefore}::timestamptz)
      RETURNING token_hash,
                CASE WHEN replaced_at IS NOT NULL THEN NULL
                     WHEN absolute_expires_at <= ${dead.now}::timestamptz THEN 'expired'
                     ELSE 'idle' END AS reason
    ),
    tombstones AS (
      INSERT INTO ended_sessions (token_hash, reason, ended_at)
      SELECT token_hash, reason, ${dead.now}::timestamptz FROM dead WHERE reason IS NOT NULL
      ON CONFLICT (token_hash) DO NOTHING
    )`;
}

export async function insertSession(
  db: Db,
  session: {
    userId: string;
    tokenHash: string;
    now: Date;
    absoluteExpiresAt: Date;
    dropDeadBefore: {idle: Date; grace: Date};
    client: SessionClient;
  },
): Promise<string> {
  // One statement: a sign-in also drops the user's sessions that can no longer be used (idle, past
  // their lifetime or grace), which keeps the table small without a background job. The new row is
  // invisible to the DELETE (same snapshot), so it cannot remove itself. A sign-in starts its own
  // family; rotated tokens join it (rotateSession).
  const dead = deadSessions(sql`user_id = ${session.userId}::uuid`, {
    now: session.now,
    idleBefore: session.dropDeadBefore.idle,
    graceBefore: session.dropDeadBefore.grace,
  });
  const result = await sql<{id: string}>`
    WITH ${dead}
    INSERT INTO sessions (family_id, user_id, token_hash, created_at, last_used_at, absolute_expires_at,
                          signed_in_at, user_agent, ip_address)
    VALUES (gen_random_uuid(), ${session.userId}::uuid, ${session.tokenHash}, ${session.now}::timestamptz,
            ${session.now}::timestamptz, ${session.absoluteExpiresAt}::timestamptz, ${session.now}::timestamptz,
            ${session.client.userAgent}, ${session.client.ipAddress})
    RETURNING id`.execute(db);
  return result.rows[0]!.id;
}

export interface SessionWithUser extends SessionRow {
  user: UserWithTeam;
}

/**
 * The session of a token hash with its user and team membership, in one statement: the lookup
 * that every signed-in request makes. A deleted user (cascade) or a removed membership shows at once.
 * Compiled once per database (db/precompiled-query.ts); only the token hash changes.
 */
const sessionLookup = precompiledQuery((db: Db) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('team_members', 'team_members.user_id', 'users.id')
    .leftJoin('teams', 'teams.id', 'team_members.team_id')
    .select([
      'sessions.id',
      'sessions.family_id',
      'sessions.user_id',
      'sessions.created_at',
      'sessions.last_used_at',
      'sessions.absolute_expires_at',
      'sessions.replaced_at',
      ...USER_WITH_TEAM_COLUMNS,
    ])
    .where('sessions.token_hash', '=', ''),
);

export async function findSessionWithUser(db: Db, tokenHash: string): Promise<SessionWithUser | undefined> {
  const query = sessionLookup(db, [tokenHash]);
  const [row] = (await db.executeQuery(query)).rows;
  if (!row) return undefined;
  return {
    id: row.id,
    family_id: row.family_id,
    user_id: row.user_id,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    absolute_expires_at: row.absolute_expires_at,
    replaced_at: row.replaced_at,
    user: userFromRow(row),
  };
}

/** Records a use; never moves last_used_at backwards (parallel requests may finish out of order). */
export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({last_used_at: now})
    .where('id', '=', id)
    .where('last_used_at', '<', now)
    .execute();
}

/**
 * Replaces a session by a successor in its family, in one statement: the old row is marked
 * replaced only if nobody did it first, and the successor is inserted only from that claim, so
 * racing requests make exactly one successor and a failure leaves the old token unreplaced.
 * Returns the successor's id, or undefined for the callers that lost the race.
 */
export async function rotateSession(
  db: Db,
  id: string,
  successorTokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const result = await sql<{id: string}>`
    WITH claimed AS (
      UPDATE sessions SET replaced_at = ${now}::timestamptz, last_used_at = ${now}::timestamptz
      WHERE id = ${id}::uuid AND replaced_at IS NULL
      RETURNING family_id, user_id, absolute_expires_at, signed_in_at, user_agent, ip_address
    )
    INSERT INTO sessions (family_id, user_id, token_hash, created_at, last_used_at, absolute_expires_at,
                          signed_in_at, user_agent, ip_address)
    SELECT family_id, user_id, ${successorTokenHash}::text, ${now}::timestamptz, ${now}::timestamptz, absolute_expires_at,
           signed_in_at, user_agent, ip_address
    FROM claimed
    RETURNING id`.execute(db);
  return result.rows[0]?.id;
}

/** Whether the family is the user's (a session id of the list is a family id). */
export async function familyOfUser(db: Db, userId: string, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('family_id', '=', familyId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ListedSession {
  family_id: string;
  user_agent: string | null;
  ip_address: string | null;
  signed_in_at: Date;
  last_used_at: Date;
}

/** The user's live sign-ins, most recently active first: each family's current token. */
export async function listLiveSessions(
  db: Db,
  userId: string,
  live: {now: Date; idleBefore: Date},
): Promise<ListedSession[]> {
  return db
    .selectFrom('sessions')
    .select(['family_id', 'user_agent', 'ip_address', 'signed_in_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('replaced_at', 'is', null)
    .where('last_used_at', '>', live.idleBefore)
    .where('absolute_expires_at', '>', live.now)
    .orderBy('last_used_at', 'desc')
    .orderBy('family_id')
    .execute();
}

/**
 * Housekeeping: deletes every session that can no longer be used (idle, past its lifetime, or replaced
 * and past its grace), the same rule insertSession applies to one user. Answers how many went.
 */
export async function deleteDeadSessions(
  db: Db,
  dead: {now: Date; idleBefore: Date; graceBefore: Date},
): Promise<number> {
  const result = await sql<{count: string}>`
    WITH ${deadSessions(sql`true`, dead)}
    SELECT count(*) AS count FROM dead`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}
