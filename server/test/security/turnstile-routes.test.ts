// Turnstile through the real routes (register and login, the only routes that take a bot-check
// token), against a local stand-in for Cloudflare's siteverify that answers like Cloudflare does for
// its published test secrets. A failed, erroring, hanging or unreachable check creates nothing.
import http from 'node:http';
import type {AddressInfo, Socket} from 'node:net';
import {once} from 'node:events';
import {beforeAll, afterAll, describe, expect, it} from 'vitest';
import {hashPassword} from '../../src/lib/passwords.js';
import {insertUser, updateUser} from '../../src/repositories/users-repository.js';
import {build, type TestContext} from '../helpers/app.js';
import {PASSWORD, TURNSTILE, post} from '../helpers/accounts.js';
import {rowCounts} from '../helpers/database.js';

// developers.cloudflare.com/turnstile/troubleshooting/testing/
const ALWAYS_PASSES = '1x0000000000000000000000000000000AA';
const ALWAYS_FAILS = '2x0000000000000000000000000000000AA';
const ALREADY_SPENT = '3x0000000000000000000000000000000AA';
// The check's time limit where siteverify never answers; every other case gets the default (5 s): on a loaded
// machine a loopback answer took over 300 ms, and the always-pass secret was refused.
const TIMEOUT_MS = 300;

type Mode = 'siteverify' | 'error-500' | 'hang';

/** Answers like siteverify: test secrets accept only the dummy token, and decide by the secret. */
class SiteverifyStandIn {
  mode: Mode = 'siteverify';
  readonly calls: URLSearchParams[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      this.calls.push(form);
      if (this.mode === 'hang') return; // never answers: the API must give up on its own
      if (this.mode === 'error-500') {
        res.writeHead(500, {'content-type': 'text/plain'}).end('internal error');
        return;
      }
      res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(this.verdict(form)));
    });
  });

  private verdict(form: URLSearchParams): Record<string, unknown> {
    const secret = form.get('secret');
    const known = [ALWAYS_PASSES, ALWAYS_FAILS, ALREADY_SPENT].includes(secret ?? '');
    if (!known) return {success: false, 'error-codes': ['invalid-input-secret']};
    if (form.get('response') !== TURNSTILE) return {success: false, 'error-codes': ['invalid-input-response']};
    if (secret === ALWAYS_FAILS) return {success: false, 'error-codes': ['invalid-input-response']};
    if (secret === ALREADY_SPENT) return {success: false, 'error-codes': ['timeout-or-duplicate']};
    return {success: true, 'error-codes': [], challenge_ts: new Date().toISOString(), hostname: 'localhost'};
  }

  async start(): Promise<string> {
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const {port} = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const standIn = new SiteverifyStandIn();
let siteverifyUrl = '';
beforeAll(async () => {
  siteverifyUrl = await standIn.start();
});
afterAll(() => standIn.stop());

async function withSecret(secret: string, url = siteverifyUrl, timeoutMs?: number): Promise<TestContext> {
  standIn.calls.length = 0;
  return build({
    env: {TURNSTILE_SECRET_KEY: secret, TURNSTILE_VERIFY_URL: url},
    config: timeoutMs === undefined ? {} : {turnstileTimeoutMs: timeoutMs},
  });
}

/** A verified account made directly, so that only the bot check can stand in the way of signing in. */
async function seedVerifiedUser(ctx: TestContext, email: string): Promise<void> {
  const now = ctx.clock.now();
  const id = await insertUser(ctx.app.db, {email, name: null, passwordHash: await hashPassword(PASSWORD), now});
  await updateUser(ctx.app.db, id!, {emailVerified: true}, now);
}

const register = (ctx: TestContext, email: string) =>
  post(ctx.app, '/api/auth/register', {email, password: PASSWORD, teamName: 'Bots Inc', turnstileToken: TURNSTILE});
const login = (ctx: TestContext, email: string) =>
  post(ctx.app, '/api/auth/login', {email, password: PASSWORD, turnstileToken: TURNSTILE});

const TURNSTILE_FAILED = {error: {code: 'TURNSTILE_FAILED', message: 'Bot verification failed. Please try again.'}};

describe('Turnstile on register and login, with siteverify at TURNSTILE_VERIFY_URL', () => {
  it('lets the always-pass test secret through: the account, its team, the mail and the session are created', async () => {
    const ctx = await withSecret(ALWAYS_PASSES);
    await seedVerifiedUser(ctx, 'known@example.com');
    const before = await rowCounts(ctx.app.db);
    expect((await register(ctx, 'new@example.com')).statusCode).toBe(201);
    const signedIn = await login(ctx, 'known@example.com');
    expect(signedIn.statusCode, signedIn.body + ctx.logs.text.slice(-3000)).toBe(200);
    const after = await rowCounts(ctx.app.db);
    expect(after).toMatchObject({
      users: before.users! + 1,
      teams: before.teams! + 1,
      sessions: before.sessions! + 1,
      email_tokens: before.email_tokens! + 1,
    });
    expect(await ctx.mail.to('new@example.com')).toHaveLength(1);
    // Each check asked the stand-in with the secret, the token and the client's address.
    expect(standIn.calls.map((form) => Object.fromEntries(form))).toEqual([
      {secret: ALWAYS_PASSES, response: TURNSTILE, remoteip: '127.0.0.1'},
      {secret: ALWAYS_PASSES, response: TURNSTILE, remoteip: '127.0.0.1'},
    ]);
  });

  it('refuses a token the always-pass secret does not know (only the dummy token passes a test secret)', async () => {
    const ctx = await withSecret(ALWAYS_PASSES);
    const before = await rowCounts(ctx.app.db);
    const res = await post(ctx.app, '/api/auth/register', {
      email: 'x@example.com',
      password: PASSWORD,
      turnstileToken: 'forged',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(TURNSTILE_FAILED);
    expect(await rowCounts(ctx.app.db)).toEqual(before);
  });

  const failures: Array<[string, () => Promise<TestContext>, {asked: boolean; warns: boolean}]> = [
    ['the always-fail secret (invalid-input-response)', () => withSecret(ALWAYS_FAILS), {asked: true, warns: false}],
    ['the already-spent secret (timeout-or-duplicate)', () => withSecret(ALREADY_SPENT), {asked: true, warns: false}],
    [
      'a secret siteverify does not know (invalid-input-secret)',
      () => withSecret('0x-not-a-real-secret'),
      {asked: true, warns: true},
    ],
    [
      'a siteverify answering 500',
      async () => {
        const ctx = await withSecret(ALWAYS_PASSES);
        standIn.mode = 'error-500';
        return ctx;
      },
      {asked: true, warns: true},
    ],
    [
      `a siteverify that never answers (given up after ${TIMEOUT_MS} ms)`,
      async () => {
        const ctx = await withSecret(ALWAYS_PASSES, siteverifyUrl, TIMEOUT_MS);
        standIn.mode = 'hang';
        return ctx;
      },
      {asked: true, warns: true},
    ],
    [
      'an unreachable siteverify',
      async () => withSecret(ALWAYS_PASSES, `http://127.0.0.1:${await closedPort()}/siteverify`),
      {asked: false, warns: true},
    ],
  ];

  it.each(failures)('answers TURNSTILE_FAILED and creates nothing with %s', async (_label, setUp, expected) => {
    standIn.mode = 'siteverify';
    const ctx = await setUp();
    try {
      await seedVerifiedUser(ctx, 'known@example.com');
      const before = await rowCounts(ctx.app.db);
      for (const res of [await register(ctx, 'new@example.com'), await login(ctx, 'known@example.com')]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(TURNSTILE_FAILED);
      }
      // Nothing written: no user, team, email token, session, nor even a recorded sign-in failure.
      const after = await rowCounts(ctx.app.db);
      expect(after).toEqual(before);
      expect(after).toMatchObject({users: 1, teams: 0, sessions: 0, email_tokens: 0, sign_in_attempts: 0});
      expect(await ctx.mail.all()).toEqual([]);
      expect(standIn.calls.length).toBe(expected.asked ? 2 : 0);
      // Operators hear about an outage or a wrong secret; the log never holds the secret or the token.
      const warnings = ctx.logs.entries().filter((entry) => /turnstile/.test(String(entry.msg)));
      expect(warnings.length).toBe(expected.warns ? 2 : 0);
      expect(ctx.logs.text).not.toContain(TURNSTILE);
      expect(ctx.logs.text).not.toMatch(/[0-3]x0000000000000000000000000000000AA|0x-not-a-real-secret/);
    } finally {
      standIn.mode = 'siteverify';
    }
  });
});
