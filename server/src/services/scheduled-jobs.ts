// Scheduled jobs that must run in one process at a time however many API processes share the
// database: each run is one transaction that first takes the job's advisory lock
// (pg_try_advisory_xact_lock, on PGlite and PostgreSQL alike). A process that finds the lock taken
// skips that tick: another process is running it.
import {setTimeout as sleep} from 'node:timers/promises';
import type {Db} from '../db/connect.js';
import {tryJobLock} from '../repositories/job-lock-repository.js';

export interface ScheduledJob {
  /** For logs. */
  name: string;
  /** The job's lock number: unique among jobs, never reused for another job. */
  lockId: number;
  intervalMs: number;
  /** The work, inside the job's transaction; answers what it did (logged). */
  run(db: Db): Promise<Record<string, number>>;
}

export type JobOutcome = {ran: true; result: Record<string, number>} | {ran: false};

/**
 * Runs the job if no other process is running it. `hold` keeps the lock (and the transaction)
 * until that moment after the work, so a process whose timer fires a little later for the same tick
 * still finds it taken (a minimum lock time, as ShedLock's lockAtLeastFor).
 */
export async function runExclusively(
  db: Db,
  job: ScheduledJob,
  hold?: {until: number; signal: AbortSignal},
): Promise<JobOutcome> {
  return db.transaction().execute(async (trx) => {
    if (!(await tryJobLock(trx, job.lockId))) return {ran: false};
    const result = await job.run(trx);
    const wait = hold ? hold.until - Date.now() : 0;
    // Ended early (and committed) when the process shuts down.
    if (hold && wait > 0) await sleep(wait, undefined, {signal: hold.signal}).catch(() => {});
    return {ran: true, result};
  });
}
