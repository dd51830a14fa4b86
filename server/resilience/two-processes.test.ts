// Two API processes on one PostgreSQL and one Redis, as the README's deployment runs them behind a
// load balancer: requests alternate between them, and nothing a user or an attacker can do through
// one is forgotten by the other. A rate limit is counted across both (REDIS_URL), so is the sign-in
// lock (PostgreSQL); a key revoked through one and a session signed out on one are refused at once by
// the other (neither is cached in a process); the housekeeping job runs in one process per tick.
// PostgreSQL only: PGlite admits one process. Needs Debian's redis-server.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {PASSWORD, signIn, signUp, TURNSTILE} from './support/accounts.js';
import {ensureStopped, startApi, type ApiProcess} from './support/api-process.js';
import {createTarget, postgresUrl, type Target} from './support/databases.js';
import {HttpTally} from './support/http.js';
import {startRedis, type RedisServer} from './support/redis-server.js';

const AUTH_LIMIT = 12;
const KEY_LIMIT = 4;
/** 0.05 minutes: a housekeeping tick every 3 s, so the test sees several. */
const HOUSEKEEPING_MINUTES = '0.05';

if (!postgresUrl) {
  console.log('[resilience] two-processes.test.ts: skipped, needs PostgreSQL (set RESILIENCE_DATABASE_URL)');
}

interface JobLine {
  job?: string;
  slot?: string;
  msg?: string;
}

/** The housekeeping runs a process logged, by tick ("slot"). */
function housekeepingRuns(api: ApiProcess): {ran: string[]; skipped: string[]} {
  const ran: string[] = [];
  const skipped: string[] = [];
  for (const line of api.output().split('\n')) {
    let entry: JobLine;
    try {
      entry = JSON.parse(line) as JobLine;
    } catch {
      continue;
    }
    if (entry.job !== 'housekeeping' || !entry.slot) continue;
    if (entry.msg === 'scheduled job ran') ran.push(entry.slot);
    if (entry.msg === 'scheduled job skipped: running in another process') skipped.push(entry.slot);
  }
  return {ran, skipped};
}

async function until(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!postgresUrl)('two API processes on one PostgreSQL and one Redis', () => {
  let redis: RedisServer | undefined;
  let target: Target | undefined;
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  let httpA: HttpTally;
  let httpB: HttpTally;
  let secondDataDir: string | undefined;
  const started = Date.now();

  beforeAll(async () => {
    redis = await startRedis();
    target = await createTarget('PostgreSQL');
    secondDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-resilience-b-'));
    const env = {
      REDIS_URL: redis.url,
      // Both processes open the same sealed sandbox keys.
      SECRET_KEY: crypto.randomBytes(32).toString('base64'),
      AUTH_RATE_LIMIT: String(AUTH_LIMIT),
      SDK_RATE_LIMIT: '1000',
      SDK_KEY_RATE_LIMIT: String(KEY_LIMIT),
      HOUSEKEEPING_INTERVAL_MINUTES: HOUSEKEEPING_MINUTES,
      LOGIN_REQUIRES_VERIFIED_EMAIL: 'false',
    };
    // One at a time: the first applies the migrations.
    a = await startApi({dataDir: target.dataDir, databaseUrl: target.databaseUrl, env});
    b = await startApi({dataDir: secondDataDir, databaseUrl: target.databaseUrl, env});
    httpA = new HttpTally(a.url);
    httpB = new HttpTally(b.url);
  }, 200_000);

  afterAll(async () => {
    await ensureStopped(a);
    await ensureStopped(b);
    await target?.settled();
    await target?.release();
    if (secondDataDir) await fs.rm(secondDataDir, {recursive: true, force: true});
    await redis?.stop();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[resilience] two processes: ${httpA.requests} requests to A (${httpA.statusSummary()}), ` +
        `${httpB.requests} to B (${httpB.statusSummary()}), ${seconds} s`,
    );
  });

  /** Alternates A and B: request i goes to A when i is even. */
  const either = (i: number) => (i % 2 === 0 ? httpA : httpB);

  async function verifiedAccount(email: string): Promise<void> {
    expect((await signUp(httpA, email)).status).toBe(201);
    await target!.inspect((query) => query('UPDATE users SET email_verified = true WHERE email = $1', [email]));
  }

  it('counts an auth rate limit across both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMIT; i++) {
      const res = await either(i).send('POST', '/api/auth/forgot-password', {
        body: {email: `limit-${i}@example.com`, turnstileToken: TURNSTILE},
      });
      statuses.push(res.status);
    }
    // Each process alone would allow AUTH_LIMIT; together they allow AUTH_LIMIT, not twice as many.
    expect(statuses.slice(0, AUTH_LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses[AUTH_LIMIT]).toBe(429);
    const again = await httpA.send('POST', '/api/auth/forgot-password', {
      body: {email: 'limit-x@example.com', turnstileToken: TURNSTILE},
    });
    expect(again.status).toBe(429);
  });

  it('counts the sign-in lock across both processes', async () => {
    await verifiedAccount('lock@example.com');
    for (let i = 0; i < 5; i++) {
      const res = await either(i).send('POST', '/api/auth/login', {
        body: {email: 'lock@example.com', password: 'Wrong-password-1', turnstileToken: TURNSTILE},
      });
      expect(res.status, `wrong password ${i + 1}`).toBe(i < 4 ? 401 : 423);
    }
    const right = await httpB.send('POST', '/api/auth/login', {
      body: {email: 'lock@example.com', password: PASSWORD, turnstileToken: TURNSTILE},
    });
    expect(right.status).toBe(423);
    expect(right.body).toMatchObject({error: {code: 'LOCKED'}});
  });

  it('counts the per-key SDK limit across both processes', async () => {
    await verifiedAccount('sdk-limit@example.com');
    const token = await signIn(httpA, 'sdk-limit@example.com');
    const {body} = await httpA.send<{apiKey: string}>('POST', '/api/keys/sandbox', {token});
    const statuses: number[] = [];
    for (let i = 0; i <= KEY_LIMIT; i++) {
      statuses.push(
        (await either(i).send('POST', '/api/sdk/sessions', {token: body.apiKey, body: {flowId: 'new-patient'}})).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(KEY_LIMIT).fill(200), 429]);
  });

  it('refuses a key revoked through one process at once on the other', async () => {
    await verifiedAccount('revoke@example.com');
    const token = await signIn(httpA, 'revoke@example.com');
    const created = await httpA.send<{apiKey: string; key: {id: string}}>('POST', '/api/keys/sandbox', {token});
    const use = () =>
      httpB.send('POST', '/api/sdk/sessions', {token: created.body.apiKey, body: {flowId: 'new-patient'}});
    expect((await use()).status).toBe(200);
    expect(
      (await httpA.send('DELETE', `/api/keys/${created.body.key.id}/revoke`, {token, body: {keyType: 'sandbox'}}))
        .status,
    ).toBe(200);
    const after = await use();
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({error: {code: 'INVALID_API_KEY'}});
  });

  it('refuses a session signed out on one process at once on the other', async () => {
    await verifiedAccount('session@example.com');
    const token = await signIn(httpA, 'session@example.com');
    expect((await httpB.send('GET', '/api/auth/me', {token})).status).toBe(200);
    expect((await httpA.send('POST', '/api/auth/logout', {token})).status).toBe(204);
    expect((await httpB.send('GET', '/api/auth/me', {token})).status).toBe(401);
  });

  it('runs the housekeeping job in one process per tick, purging what is due and keeping the rest', async () => {
    await verifiedAccount('housekeeping@example.com');
    const token = await signIn(httpB, 'housekeeping@example.com');
    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    await target!.inspect(async (query) => {
      const [user] = await query<{id: string}>('SELECT id FROM users WHERE email = $1', ['housekeeping@example.com']);
      await query(
        `INSERT INTO sessions (family_id, user_id, token_hash, created_at, last_used_at, absolute_expires_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $3, $3)`,
        [user!.id, 'expired-session-hash', old],
      );
      await query(
        `INSERT INTO sign_in_attempts (email, attempted_at, locked_until) VALUES ($1, ARRAY[$2::timestamptz], NULL)`,
        ['stale@example.com', old],
      );
    });
    await until('the expired rows purged', () =>
      target!.inspect(async (query) => {
        const rows = await query<{n: number}>(
          `SELECT (SELECT count(*) FROM sessions WHERE token_hash = 'expired-session-hash')
                + (SELECT count(*) FROM sign_in_attempts WHERE email = 'stale@example.com') AS n`,
        );
        return Number(rows[0]!.n) === 0;
      }),
    );
    // The live session survived the purge.
    expect((await httpA.send('GET', '/api/auth/me', {token})).status).toBe(200);
    // Ticks that both processes attempted: in each, exactly one ran the job and the other found it taken.
    const shared = () => {
      const runsA = housekeepingRuns(a!);
      const runsB = housekeepingRuns(b!);
      const seenA = new Set([...runsA.ran, ...runsA.skipped]);
      return [...new Set([...runsB.ran, ...runsB.skipped])].filter((slot) => seenA.has(slot));
    };
    await until('three ticks attempted by both processes', () => shared().length >= 3);
    const runsA = housekeepingRuns(a!);
    const runsB = housekeepingRuns(b!);
    const ranTwice = runsA.ran.filter((slot) => runsB.ran.includes(slot));
    expect(ranTwice, 'ticks run by both processes').toEqual([]);
    for (const slot of shared()) {
      expect(runsA.ran.includes(slot) !== runsB.ran.includes(slot), `tick ${slot} run by exactly one`).toBe(true);
    }
    console.log(
      `[resilience] housekeeping: A ran ${runsA.ran.length} tick(s), B ran ${runsB.ran.length}, ` +
        `skipped ${runsA.skipped.length}/${runsB.skipped.length}`,
    );
    expect(a!.errorLines()).toEqual([]);
    expect(b!.errorLines()).toEqual([]);
  }, 60_000);
});
