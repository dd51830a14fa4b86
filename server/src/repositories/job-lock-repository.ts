// SQL for running a scheduled job in one process at a time: a transaction-scoped advisory lock,
// released by the commit or rollback (or by the server when the process's connection dies).
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';

/** The first half of every job lock's key, so ours never collide with another application's. */
const JOB_LOCK_NAMESPACE = 0x494b; // "IK"

/** Takes the job's lock for the current transaction, or answers false at once if another holds it. */
export async function tryJobLock(db: Db, jobId: number): Promise<boolean> {
  const result = await sql<{locked: boolean}>`
    SELECT pg_try_advisory_xact_lock(${JOB_LOCK_NAMESPACE}::int, ${jobId}::int) AS locked`.execute(db);
  return result.rows[0]?.locked === true;
}
