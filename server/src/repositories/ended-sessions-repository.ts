// SQL for ending sign-in sessions: each ended token leaves a tombstone in ended_sessions with the reason its
// next request is told (signed out, password changed, expired, ...), purged after a month.
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';
import type {SessionEndReason} from '@intakekit/contract/sessions';

/** Ends sessions, leaving each token's tombstone with the reason its next request is told. */
async function endSessions(
  db: Db,
  which: ReturnType<typeof sql>,
  reason: SessionEndReason,
  now: Date,
): Promise<number> {
  const result = await sql`
    WITH ended AS (DELETE FROM sessions WHERE ${which} RETURNING token_hash)
    INSERT INTO ended_sessions (token_hash, reason, ended_at)
    SELECT token_hash, ${reason}, ${now}::timestamptz FROM ended
    ON CONFLICT (token_hash) DO UPDATE SET reason = excluded.reason, ended_at = excluded.ended_at`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function deleteFamily(db: Db, familyId: string, reason: SessionEndReason, now: Date): Promise<number> {
  return endSessions(db, sql`family_id = ${familyId}::uuid`, reason, now);
}

export async function deleteUserSessions(db: Db, userId: string, reason: SessionEndReason, now: Date): Promise<number> {
  return endSessions(db, sql`user_id = ${userId}::uuid`, reason, now);
}

/** Every session of the user but one (sign out the others). Answers how many sign-ins ended. */
export async function deleteOtherFamilies(
  db: Db,
  userId: string,
  keepFamilyId: string,
  reason: SessionEndReason,
  now: Date,
): Promise<number> {
  const {rows} = await sql<{families: string}>`
    SELECT count(DISTINCT family_id) AS families FROM sessions
     WHERE user_id = ${userId}::uuid AND family_id <> ${keepFamilyId}::uuid AND replaced_at IS NULL`.execute(db);
  await endSessions(db, sql`user_id = ${userId}::uuid AND family_id <> ${keepFamilyId}::uuid`, reason, now);
  return Number(rows[0]?.families ?? 0);
}

/** What a token's row says of why it no longer works: its times (if the row is still there). */
export async function findSessionTimes(
  db: Db,
  tokenHash: string,
): Promise<{last_used_at: Date; absolute_expires_at: Date; replaced_at: Date | null} | undefined> {
  return db
    .selectFrom('sessions')
    .select(['last_used_at', 'absolute_expires_at', 'replaced_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function findEndedSession(db: Db, tokenHash: string): Promise<SessionEndReason | undefined> {
  const row = await db
    .selectFrom('ended_sessions')
    .select('reason')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.reason as SessionEndReason | undefined;
}

export async function deleteEndedSessionsBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('ended_sessions').where('ended_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
