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

export async function insertSession(
  db: Db,
  session: {
    userId: string;
    tokenHash: string;
    now: Date;
    absoluteExpiresAt: Date;
    dropDeadBefore: {idle: Date; grace: Date};
  },
): Promise<string> {
  // One statement: a sign-in also drops the user's sessions that can no longer be used (idle, past
  // their lifetime or grace), which keeps the table small without a background job. The new row is
  // invisible to the DELETE (same snapshot), so it cannot remove itself.
  const row = await db
    .with('dead', (qb) =>
      qb
        .deleteFrom('sessions')
        .where('user_id', '=', session.userId)
        .where((eb) =>
          eb.or([
            eb('last_used_at', '<=', session.dropDeadBefore.idle),
            eb('absolute_expires_at', '<=', session.now),
            eb('replaced_at', '<=', session.dropDeadBefore.grace),
          ]),
        )
        .returning('id'),
    )
    .insertInto('sessions')
    .values((eb) => ({
      // A sign-in starts its own family; rotated tokens join it (rotateSession).
      family_id: eb.fn<string>('gen_random_uuid'),
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at: session.now,
      last_used_at: session.now,
      absolute_expires_at: session.absoluteExpiresAt,
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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
      RETURNING family_id, user_id, absolute_expires_at
    )
    INSERT INTO sessions (family_id, user_id, token_hash, created_at, last_used_at, absolute_expires_at)
    SELECT family_id, user_id, ${successorTokenHash}::text, ${now}::timestamptz, ${now}::timestamptz, absolute_expires_at
    FROM claimed
    RETURNING id`.execute(db);
  return result.rows[0]?.id;
}

export async function deleteFamily(db: Db, familyId: string): Promise<void> {
  await db.deleteFrom('sessions').where('family_id', '=', familyId).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/**
 * Housekeeping: deletes every session that can no longer be used (idle, past its lifetime, or replaced
 * and past its grace), the same rule insertSession applies to one user. Answers how many went.
 */
export async function deleteDeadSessions(
  db: Db,
  dead: {now: Date; idleBefore: Date; graceBefore: Date},
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('last_used_at', '<=', dead.idleBefore),
        eb('absolute_expires_at', '<=', dead.now),
        eb('replaced_at', '<=', dead.graceBefore),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
