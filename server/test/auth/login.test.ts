// POST /api/auth/login: credentials, verified-email gate, lockout, rate limit.
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {PASSWORD, TURNSTILE, login, post, register, verify} from '../helpers/accounts.js';

const MINUTE = 60_000;

describe('POST /api/auth/login', () => {
  it('answers a token and the user for a verified account', async () => {
    const {app, mail} = await build();
    await register(app, 'ada@example.com', {name: 'Ada'});
    await verify(app, mail, 'ada@example.com');
    const res = await login(app, '  ADA@example.com ');
    expect(res.statusCode).toBe(200);
    const {token, user} = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ada',
      email: 'ada@example.com',
      emailVerified: true,
      twoFactorEnabled: false,
      team: null,
      createdAt: '2026-01-15T09:00:00.000Z',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    // Only the token's SHA-256 is stored.
    const session = await app.db.selectFrom('sessions').select('token_hash').executeTakeFirstOrThrow();
    expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.token_hash).not.toBe(token);
  });

  it('gives the same 401 for a wrong password and an unknown address', async () => {
    const {app, mail} = await build();
    await register(app, 'ada@example.com');
    await verify(app, mail, 'ada@example.com');
    const wrong = await login(app, 'ada@example.com', 'Wrong-Password-1');
    const unknown = await login(app, 'nobody@example.com', 'Wrong-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      error: {code: 'INVALID_CREDENTIALS', message: 'Invalid email or password. Please try again.'},
    });
  });

  it('refuses an unverified account with 403 EMAIL_NOT_VERIFIED, only once the password is right', async () => {
    const {app} = await build();
    await register(app, 'new@example.com');
    expect((await login(app, 'new@example.com', 'Wrong-Password-1')).json().error.code).toBe('INVALID_CREDENTIALS');
    const res = await login(app, 'new@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('lets an unverified account in when LOGIN_REQUIRES_VERIFIED_EMAIL=false', async () => {
    const {app} = await build({env: {LOGIN_REQUIRES_VERIFIED_EMAIL: 'false'}});
    await register(app, 'new@example.com');
    const res = await login(app, 'new@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.emailVerified).toBe(false);
  });

  it('refuses a wrong bot-check token', async () => {
    const {app} = await build();
    const res = await post(app, '/api/auth/login', {
      email: 'a@example.com',
      password: PASSWORD,
      turnstileToken: 'nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('TURNSTILE_FAILED');
  });

  it('locks the address on the 5th failure in 15 minutes, refuses even the right password, and unlocks after 15', async () => {
    const {app, mail, clock} = await build();
    await register(app, 'ada@example.com');
    await verify(app, mail, 'ada@example.com');
    for (let i = 1; i <= 4; i++) {
      expect((await login(app, 'ada@example.com', `Wrong-Password-${i}`)).statusCode).toBe(401);
      clock.advance(MINUTE);
    }
    const fifth = await login(app, 'ada@example.com', 'Wrong-Password-5');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toEqual({
      error: {code: 'LOCKED', message: 'Too many failed login attempts. Your account has been temporarily locked.'},
    });
    expect(fifth.headers['retry-after']).toBe('900');

    clock.advance(5 * MINUTE);
    const rightButLocked = await login(app, 'ada@example.com');
    expect(rightButLocked.statusCode).toBe(423);
    expect(rightButLocked.headers['retry-after']).toBe('600');

    clock.advance(10 * MINUTE);
    expect((await login(app, 'ada@example.com')).statusCode).toBe(200);
  });

  it('forgets failures older than 15 minutes and resets the count on success', async () => {
    const {app, mail, clock} = await build();
    await register(app, 'ada@example.com');
    await verify(app, mail, 'ada@example.com');
    for (let i = 0; i < 4; i++) await login(app, 'ada@example.com', 'Wrong-Password-1');
    clock.advance(16 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await login(app, 'ada@example.com', 'Wrong-Password-1')).statusCode).toBe(401);
    expect((await login(app, 'ada@example.com')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(app, 'ada@example.com', 'Wrong-Password-1')).statusCode).toBe(401);
  });

  it('verifies at most LOGIN_LOCK_ATTEMPTS guesses however many arrive at once', async () => {
    // Checking the lock, then the password, then recording the failure let all 30 of 30 simultaneous guesses through.
    const {app, mail} = await build();
    await register(app, 'ada@example.com');
    await verify(app, mail, 'ada@example.com');
    const answers = await Promise.all(
      Array.from({length: 30}, (_, i) => login(app, 'ada@example.com', `Wrong-Password-${i}`)),
    );
    const codes = answers.map((res) => res.json().error.code);
    // Five guesses are checked: four answer 401 and the fifth locks; the other 25 are refused unchecked.
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(4);
    expect(codes.filter((c) => c === 'LOCKED')).toHaveLength(26);
    for (const res of answers.filter((r) => r.statusCode === 423))
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The right password is refused while the lock lasts.
    expect((await login(app, 'ada@example.com')).statusCode).toBe(423);
  });

  it('locks unknown addresses the same way, so a lock reveals nothing', async () => {
    const {app} = await build({env: {LOGIN_LOCK_ATTEMPTS: '3'}});
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await login(app, 'ghost@example.com', 'Wrong-Password-1')).json().error.code);
    expect(codes).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'LOCKED', 'LOCKED']);
  });

  it('rate-limits each client address with 429 RATE_LIMIT_EXCEEDED and Retry-After, before any work', async () => {
    const {app} = await build({env: {AUTH_RATE_LIMIT: '3'}});
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await login(app, 'ada@example.com', 'Wrong-Password-1'));
    expect(statuses.map((r) => r.statusCode)).toEqual([401, 401, 401, 429]);
    const limited = statuses[3]!;
    expect(limited.json()).toEqual({
      error: {code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests. Please wait a moment and try again.'},
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The refused attempt did not reach the handler: only 3 attempts were recorded.
    const attempts = await app.db.selectFrom('sign_in_attempts').select('attempted_at').executeTakeFirstOrThrow();
    expect(attempts.attempted_at).toHaveLength(3);
    // Another address (client) has its own budget; X-Forwarded-For is not trusted.
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.2',
      payload: {email: 'ada@example.com', password: 'x', turnstileToken: TURNSTILE},
    });
    expect(other.statusCode).toBe(401);
    const spoofed = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {'x-forwarded-for': '10.9.9.9'},
      payload: {email: 'ada@example.com', password: 'x', turnstileToken: TURNSTILE},
    });
    expect(spoofed.statusCode).toBe(429);
  });
});
