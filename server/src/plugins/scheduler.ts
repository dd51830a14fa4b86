// Runs the scheduled jobs (services/scheduled-jobs.ts) on their intervals once the app is ready, and
// stops them on close (waiting for a run in progress). Ticks are aligned to the wall clock (every
// multiple of the interval since the epoch), so every process wakes for the same tick and the one
// that takes the job's lock runs it; the others log that it ran elsewhere. On PostgreSQL the winner
// keeps the lock for part of the tick so a process whose timer fires late still finds it taken; on
// PGlite (one process, one connection) it does not, since holding the transaction would hold every
// request.
import type {FastifyBaseLogger} from 'fastify';
import fp from 'fastify-plugin';
import type {Config} from '../config.js';
import {runExclusively, type JobOutcome, type ScheduledJob} from '../services/scheduled-jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: {
      /** Runs a job now, outside its schedule, under its lock (tests, operators' scripts). */
      run(name: string): Promise<JobOutcome>;
    };
  }
}

/** The longest a tick's winner keeps its lock after the work (or half the interval, if shorter). */
const MAX_HOLD_MS = 10_000;

export const schedulerPlugin = fp<{config: Config; jobs: ScheduledJob[]}>(
  async (app, {config, jobs}) => {
    const timers = new Map<string, NodeJS.Timeout>();
    const running = new Set<Promise<unknown>>();
    let closing = false;
    const closed = new AbortController();
    const hold = config.databaseUrl !== undefined;

    const tick = async (job: ScheduledJob, slot: number, log: FastifyBaseLogger) => {
      const slotLabel = new Date(slot).toISOString();
      const holdUntil = hold
        ? {until: slot + Math.min(job.intervalMs / 2, MAX_HOLD_MS), signal: closed.signal}
        : undefined;
      const started = Date.now();
      try {
        const outcome = await runExclusively(app.db, job, holdUntil);
        if (outcome.ran) {
          log.info(
            {job: job.name, slot: slotLabel, removed: outcome.result, ms: Date.now() - started},
            'scheduled job ran',
          );
        } else {
          log.info({job: job.name, slot: slotLabel}, 'scheduled job skipped: running in another process');
        }
      } catch (error) {
        log.error({err: error, job: job.name, slot: slotLabel}, 'scheduled job failed');
      }
    };

    const schedule = (job: ScheduledJob) => {
      if (closing) return;
      const now = Date.now();
      const slot = (Math.floor(now / job.intervalMs) + 1) * job.intervalMs;
      const timer = setTimeout(() => {
        const run = tick(job, slot, app.log).finally(() => {
          running.delete(run);
          schedule(job);
        });
        running.add(run);
      }, slot - now);
      // Never keeps the process alive on its own; close() clears it anyway.
      timer.unref();
      timers.set(job.name, timer);
    };

    app.decorate('scheduler', {
      async run(name: string) {
        const job = jobs.find((j) => j.name === name);
        if (!job) throw new Error(`no scheduled job named ${name}`);
        return runExclusively(app.db, job);
      },
    });
    app.addHook('onReady', async () => {
      if (!config.scheduledJobs) return;
      for (const job of jobs) schedule(job);
    });
    app.addHook('onClose', async () => {
      closing = true;
      closed.abort();
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.allSettled([...running]);
    });
  },
  {name: 'scheduler', fastify: '5.x', dependencies: ['db']},
);
