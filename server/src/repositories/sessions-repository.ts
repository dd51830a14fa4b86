// SQL for sign-in sessions. Tokens are looked up by their SHA-256 only.
import type { Db } from '../db/connect.js';

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
  session: { familyId: string | undefined; userId: string; tokenHash: string; now: Date; absoluteExpiresAt: Date },
): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values((eb) => ({
      // A first sign-in starts its own family; a rotated token joins its predecessor's.
      family_id: session.familyId ?? eb.fn<string>('gen_random_uuid'),
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

export async function findSessionByHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .select(['id', 'family_id', 'user_id', 'created_at', 'last_used_at', 'absolute_expires_at', 'replaced_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** Marks a session as replaced; true only for the one caller that wins a race. */
export async function claimRotation(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('sessions')
    .set({ replaced_at: now, last_used_at: now })
    .where('id', '=', id)
    .where('replaced_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteFamily(db: Db, familyId: string): Promise<void> {
  await db.deleteFrom('sessions').where('family_id', '=', familyId).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Drops a user's sessions that can no longer be used (idle, past their lifetime or grace). */
export async function deleteDeadSessions(db: Db, userId: string, cutoffs: { idle: Date; grace: Date; now: Date }): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('last_used_at', '<=', cutoffs.idle),
        eb('absolute_expires_at', '<=', cutoffs.now),
        eb('replaced_at', '<=', cutoffs.grace),
      ]),
    )
    .execute();
}
