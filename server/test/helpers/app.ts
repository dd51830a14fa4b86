// build(): the app on a fresh database with a controllable clock, a temporary DATA_DIR (mail is
// written there as .eml files by the real development-mode mailer) and captured logs. Everything
// is closed and removed when the test finishes.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {onTestFailed, onTestFinished} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {buildApp} from '../../src/app.js';
import {loadConfig, type Config} from '../../src/config.js';
import {freshDatabase} from './database.js';
import {Mailbox} from './mailbox.js';

export class TestClock {
  private current: number;
  constructor(start = Date.parse('2026-01-15T09:00:00.000Z')) {
    this.current = start;
  }
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
}

export class LogCapture {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  get text(): string {
    return this.lines.join('');
  }
  entries(): Record<string, unknown>[] {
    return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  clock: TestClock;
  mail: Mailbox;
  logs: LogCapture;
  dataDir: string;
  /** Makes every later query fail (only with breakable: true). */
  breakDatabase: () => Promise<void>;
}

export interface BuildOptions {
  env?: Record<string, string>;
  config?: Partial<Config>;
  /** Runs before ready(): e.g. add a route that throws. */
  setup?: (app: FastifyInstance) => void;
  /** A database of the test's own that it may break (slower: see freshDatabase). */
  breakable?: boolean;
}

export async function build(options: BuildOptions = {}): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-test-'));
  const database = await freshDatabase({breakable: options.breakable ?? false});
  const clock = new TestClock();
  const logs = new LogCapture();
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // High enough that only the rate-limit tests meet the limit.
      AUTH_RATE_LIMIT: '10000',
      // A busy test machine (PGlite copies block the event loop) must not shed the tests' requests;
      // the load-shedding tests set their own thresholds.
      LOAD_SHED_EVENT_LOOP_MS: '0',
      ...options.env,
    }),
    now: clock.now,
    logStream: logs,
    // Jobs run when a test asks (app.scheduler.run): a scheduled purge would act on a moved clock mid-test.
    scheduledJobs: false,
    ...options.config,
  };
  // On PostgreSQL the change listener needs its own connection to the database the test's pool uses.
  const app = await buildApp(config, {db: database.db, listenUrl: process.env.DATABASE_URL});
  options.setup?.(app);
  // A 500 answers only "Something went wrong": the cause is in the app's error log. A failed test prints it, and
  // names each error in its failure message, which CI's summary quotes (a failure seen once on CI's loaded machine
  // could not be diagnosed otherwise).
  onTestFailed(({task}) => {
    const errors = logs.entries().filter((entry) => Number(entry.level) >= 50);
    if (errors.length === 0) return;
    console.error(`The app's error log:\n${errors.map((entry) => JSON.stringify(entry)).join('\n')}`);
    const first = task.result?.errors?.[0];
    if (!first) return;
    const named = `the app's error log: ${errors.map(errorName).join('; ')}`;
    first.message = `${first.message}\n${named}`;
    // Reports quote the stack, whose first line is the message as it was.
    if (first.stack) first.stack = first.stack.replace('\n', `\n${named}\n`);
  });
  onTestFinished(async () => {
    await app.close();
    await database.release();
    await fs.rm(dataDir, {recursive: true, force: true});
  });
  await app.ready();
  return {app, config, clock, mail: new Mailbox(app, dataDir), logs, dataDir, breakDatabase: database.break};
}

function errorName(entry: Record<string, unknown>): string {
  const err = entry.err as {type?: string; message?: string; code?: string} | undefined;
  return err ? `${err.type ?? 'Error'}${err.code ? ` ${err.code}` : ''}: ${err.message ?? ''}` : String(entry.msg);
}
