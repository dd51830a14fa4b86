// Two API processes on one fresh PostgreSQL schema, as the README's deployment runs them behind a load balancer.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {ensureStopped, startApi, type ApiProcess} from './api-process.js';
import {createTarget, type Target} from './databases.js';
import {HttpTally} from './http.js';

export interface TwoApis {
  target: Target;
  a: ApiProcess;
  b: ApiProcess;
  httpA: HttpTally;
  httpB: HttpTally;
  /** Stops both (SIGKILL if still running), waits for their connections to end, drops the data. */
  stop(): Promise<void>;
}

/** Starts A, then B (the first applies the migrations); `envB` gives B settings of its own. */
export async function startTwoApis(env: Record<string, string>, envB: Record<string, string> = env): Promise<TwoApis> {
  const target = await createTarget('PostgreSQL');
  const secondDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-resilience-b-'));
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  const stop = async () => {
    await ensureStopped(a);
    await ensureStopped(b);
    await target.settled();
    await target.release();
    await fs.rm(secondDataDir, {recursive: true, force: true});
  };
  try {
    a = await startApi({dataDir: target.dataDir, databaseUrl: target.databaseUrl, env});
    b = await startApi({dataDir: secondDataDir, databaseUrl: target.databaseUrl, env: envB});
  } catch (error) {
    await stop();
    throw error;
  }
  return {target, a, b, httpA: new HttpTally(a.url), httpB: new HttpTally(b.url), stop};
}

/** The line a two-process suite ends with: each process's requests and statuses, `extra` facts, the seconds since `started`. */
export function logTwoApis(
  label: string,
  httpA: HttpTally,
  httpB: HttpTally,
  started: number,
  ...extra: string[]
): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const parts = [
    `${httpA.requests} requests to A (${httpA.statusSummary()})`,
    `${httpB.requests} to B (${httpB.statusSummary()})`,
    ...extra,
    `${seconds} s`,
  ];
  console.log(`[resilience] ${label}: ${parts.join(', ')}`);
}
