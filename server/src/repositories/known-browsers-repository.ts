// SQL for the browsers an account has signed in from (new-sign-in notices).
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';

/**
 * Records the browser for the user in one statement: whether it is new on the account, and whether the account
 * had any browser recorded before (its first sign-in needs no notice).
 */
export async function rememberBrowser(
  db: Db,
  userId: string,
  fingerprint: string,
  now: Date,
): Promise<{isNew: boolean; hadOthers: boolean}> {
  const {rows} = await sql<{inserted: string; prior: string}>`
    WITH prior AS (SELECT count(*) AS n FROM known_browsers WHERE user_id = ${userId}::uuid),
         added AS (
           INSERT INTO known_browsers (user_id, fingerprint, first_seen_at)
           VALUES (${userId}::uuid, ${fingerprint}, ${now}::timestamptz)
           ON CONFLICT (user_id, fingerprint) DO NOTHING
           RETURNING 1
         )
    SELECT (SELECT count(*) FROM added) AS inserted, (SELECT n FROM prior) AS prior`.execute(db);
  const row = rows[0]!;
  return {isNew: Number(row.inserted) > 0, hadOthers: Number(row.prior) > 0};
}
