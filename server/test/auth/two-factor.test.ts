// Two-factor sign-in with an authenticator app: RFC 6238 codes, setup and confirmation,
// the challenge of the password step, single-use codes, the lock, turning it off.
import type {FastifyInstance} from 'fastify';
import {describe, expect, it} from 'vitest';
import {matchingStep, timeStep, totpCode} from '../../src/lib/totp.js';
import {build, type TestContext} from '../helpers/app.js';
import {PASSWORD, TURNSTILE, authed, login, post, signedIn} from '../helpers/accounts.js';

const STEP = 30_000;
const EMAIL = 'ada@example.com';

/** Signs up, turns two-factor on through the API; answers the secret, the recovery codes and the session. */
async function withTwoFactor(ctx: TestContext) {
  const {app, mail, clock} = ctx;
  const token = await signedIn(app, mail, EMAIL, {name: 'Ada'});
  const setup = await authed(app, token, 'POST', '/api/auth/two-factor/setup');
  expect(setup.statusCode).toBe(200);
  const {secret, otpauthUrl, qrSvg} = setup.json();
  const enable = await authed(app, token, 'POST', '/api/auth/two-factor/enable', {
    code: totpCode(secret, clock.now()),
  });
  expect(enable.statusCode).toBe(200);
  return {token, secret, otpauthUrl, qrSvg, recoveryCodes: enable.json().recoveryCodes as string[]};
}

/** The next step's code: the current one was spent by the confirmation. */
function nextCode(secret: string, ctx: TestContext, steps = 1): string {
  return totpCode(secret, new Date(ctx.clock.now().getTime() + steps * STEP));
}

async function challenge(app: FastifyInstance): Promise<string> {
  const res = await login(app, EMAIL);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toEqual({
    twoFactorRequired: true,
    challengeToken: expect.any(String),
    expiresAt: expect.any(String),
    passkey: false,
  });
  return body.challengeToken as string;
}

const secondStep = (app: FastifyInstance, challengeToken: string, code: string) =>
  post(app, '/api/auth/login/two-factor', {challengeToken, code});

describe('TOTP codes', () => {
  it('match the RFC 6238 test vectors (SHA-1, 8 digits)', () => {
    // RFC 6238 Appendix B: the ASCII secret "12345678901234567890", in base32.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(secret, new Date(seconds * 1000), 8)).toBe(code);
  });

  it('accept the step before and after, and refuse two steps away', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const now = new Date('2026-01-15T09:00:10.000Z');
    const at = (steps: number) => totpCode(secret, new Date(now.getTime() + steps * STEP));
    expect(matchingStep(secret, at(0), now)).toBe(timeStep(now));
    expect(matchingStep(secret, at(-1), now)).toBe(timeStep(now) - 1);
    expect(matchingStep(secret, at(1), now)).toBe(timeStep(now) + 1);
    expect(matchingStep(secret, at(2), now)).toBeNull();
    expect(matchingStep(secret, at(-2), now)).toBeNull();
  });
});

describe('two-factor setup', () => {
  it('gives a secret, its otpauth URL and QR code, and turns on only with a right code', async () => {
    const ctx = await build();
    const {app, mail, clock} = ctx;
    const token = await signedIn(app, mail, EMAIL);
    const setup = (await authed(app, token, 'POST', '/api/auth/two-factor/setup')).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toBe(
      `otpauth://totp/IntakeKit:ada%40example.com?issuer=IntakeKit&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Not in force before the confirmation: sign-in still answers a session.
    expect((await login(app, EMAIL)).json().token).toEqual(expect.any(String));

    // No recovery codes exist yet, so the refusal does not offer one; a malformed code is a wrong code.
    for (const code of ['000000', 'not-a-code']) {
      const wrong = await authed(app, token, 'POST', '/api/auth/two-factor/enable', {code});
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toEqual({
        code: 'INVALID_SETUP_CODE',
        message: 'That code is not valid. Enter the 6-digit code your authenticator app shows now.',
      });
    }
    const right = await authed(app, token, 'POST', '/api/auth/two-factor/enable', {
      code: totpCode(setup.secret, clock.now()).replace(/^(\d{3})/, '$1 '),
    });
    expect(right.statusCode).toBe(200);
    const codes: string[] = right.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-KM-NP-Z2-9]{5}-[A-HJ-KM-NP-Z2-9]{5}$/);
    expect((await authed(app, token, 'GET', '/api/auth/me')).json().user.twoFactorEnabled).toBe(true);

    // Stored sealed and hashed: neither the secret nor a code is in the database as given.
    const stored = await app.db.selectFrom('two_factor_secrets').selectAll().executeTakeFirstOrThrow();
    expect(stored.secret_ciphertext).not.toContain(setup.secret);
    const hashes = await app.db.selectFrom('two_factor_recovery_codes').select('code_hash').execute();
    expect(hashes).toHaveLength(10);
    for (const {code_hash} of hashes) expect(code_hash).toMatch(/^[0-9a-f]{64}$/);

    // A second setup is refused while it is on.
    const again = await authed(app, token, 'POST', '/api/auth/two-factor/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('confirms only the latest setup: a code of an earlier, replaced secret is refused', async () => {
    const ctx = await build();
    const {app, mail, clock} = ctx;
    const token = await signedIn(app, mail, EMAIL);
    const first = (await authed(app, token, 'POST', '/api/auth/two-factor/setup')).json();
    await authed(app, token, 'POST', '/api/auth/two-factor/setup');
    const res = await authed(app, token, 'POST', '/api/auth/two-factor/enable', {
      code: totpCode(first.secret, clock.now()),
    });
    expect(res.json().error.code).toBe('INVALID_SETUP_CODE');
    const none = await authed(
      app,
      (await signedIn(app, mail, 'bo@example.com')) as string,
      'POST',
      '/api/auth/two-factor/enable',
      {
        code: '123456',
      },
    );
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
  });
});

describe('sign-in with two-factor on', () => {
  it('answers a challenge and no session for the password, and a session for the challenge and a code', async () => {
    const ctx = await build();
    const {app} = ctx;
    const {secret} = await withTwoFactor(ctx);
    const sessionsBefore = (await app.db.selectFrom('sessions').select('id').execute()).length;
    const challengeToken = await challenge(app);
    expect((await app.db.selectFrom('sessions').select('id').execute()).length).toBe(sessionsBefore);
    // The challenge is no session.
    expect((await authed(app, challengeToken, 'GET', '/api/auth/me')).statusCode).toBe(401);

    const res = await secondStep(app, challengeToken, nextCode(secret, ctx));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({email: EMAIL, twoFactorEnabled: true});
    expect((await authed(app, res.json().token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    // A challenge signs in once.
    const again = await secondStep(app, challengeToken, nextCode(secret, ctx, -1));
    expect(again.json().error).toEqual({
      code: 'TWO_FACTOR_CHALLENGE_EXPIRED',
      message: 'Your sign-in took too long. Enter your email and password again.',
    });
  });

  it('refuses a code used before, even inside its window', async () => {
    const ctx = await build();
    const {app} = ctx;
    const {secret} = await withTwoFactor(ctx);
    const code = nextCode(secret, ctx);
    expect((await secondStep(app, await challenge(app), code)).statusCode).toBe(200);
    const replay = await secondStep(app, await challenge(app), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('INVALID_TWO_FACTOR_CODE');
    // The enabling code's step is spent as well.
    const earlier = await secondStep(app, await challenge(app), nextCode(secret, ctx, 0));
    expect(earlier.json().error.code).toBe('INVALID_TWO_FACTOR_CODE');
  });

  it('takes each recovery code once, typed in any case and grouping', async () => {
    const ctx = await build();
    const {app} = ctx;
    const {recoveryCodes} = await withTwoFactor(ctx);
    const code = recoveryCodes[3]!;
    const typed = code.replace('-', ' ').toLowerCase();
    expect((await secondStep(app, await challenge(app), typed)).statusCode).toBe(200);
    const reused = await secondStep(app, await challenge(app), code);
    expect(reused.json().error.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await secondStep(app, await challenge(app), recoveryCodes[4]!)).statusCode).toBe(200);
  });

  it('lets a challenge expire after 5 minutes', async () => {
    const ctx = await build();
    const {app, clock} = ctx;
    const {secret} = await withTwoFactor(ctx);
    const challengeToken = await challenge(app);
    clock.advance(5 * 60_000);
    const res = await secondStep(app, challengeToken, totpCode(secret, clock.now()));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    expect((await secondStep(app, 'not-a-challenge', '123456')).json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('counts wrong codes with wrong passwords: the address locks, and a right password buys no more guesses', async () => {
    const ctx = await build();
    const {app} = ctx;
    const {secret} = await withTwoFactor(ctx);
    const attempts = ctx.config.loginLockAttempts;
    // Password, wrong code, password, wrong code...: every try counts, and the right password never clears the count.
    const outcomes: string[] = [];
    let challengeToken = '';
    while (outcomes.at(-1) !== 'LOCKED' && outcomes.length <= 2 * attempts) {
      const res = outcomes.length % 2 === 0 ? await login(app, EMAIL) : await secondStep(app, challengeToken, '000000');
      const body = res.json();
      if (body.challengeToken) challengeToken = body.challengeToken;
      outcomes.push(body.challengeToken ? 'CHALLENGE' : body.error.code);
    }
    // The right passwords did not count and did not clear: the fifth wrong code locked the address.
    expect(attempts).toBe(5);
    const [C, I] = ['CHALLENGE', 'INVALID_TWO_FACTOR_CODE'];
    expect(outcomes).toEqual([C, I, C, I, C, I, C, I, C, 'LOCKED']);
    // The lock ended the challenge, so even the right code is refused; signing in again finds the lock.
    const late = await secondStep(app, challengeToken, nextCode(secret, ctx));
    expect(late.json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    expect((await login(app, EMAIL)).statusCode).toBe(423);
  });
});

describe('a challenge of the old password', () => {
  // The challenge proves the password step; once the password changes, that proof is of a password no
  // longer in force, so the challenge ends with the sessions.
  const NEW_PASSWORD = 'Another-Horse-43';

  it('ends when the password is changed', async () => {
    const ctx = await build();
    const {app} = ctx;
    const {token, secret} = await withTwoFactor(ctx);
    const challengeToken = await challenge(app);
    const changed = await authed(app, token, 'POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const res = await secondStep(app, challengeToken, nextCode(secret, ctx));
    expect(res.json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('ends when the password is reset, and two-factor stays on', async () => {
    const ctx = await build();
    const {app, mail} = ctx;
    const {secret} = await withTwoFactor(ctx);
    const challengeToken = await challenge(app);
    await post(app, '/api/auth/forgot-password', {email: EMAIL});
    const resetToken = await mail.lastToken(EMAIL, 'reset-password');
    // With two-factor on, the reset itself asks for a code (pre-hijacking.test.ts).
    const reset = await post(app, '/api/auth/reset-password', {
      token: resetToken,
      newPassword: NEW_PASSWORD,
      code: nextCode(secret, ctx),
    });
    expect(reset.statusCode).toBe(200);
    const res = await secondStep(app, challengeToken, nextCode(secret, ctx, 2));
    expect(res.json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    // A reset proves the mailbox, not the phone: the new password still asks for a code.
    expect((await login(app, EMAIL, NEW_PASSWORD)).json().twoFactorRequired).toBe(true);
  });
});

describe('a person who mistyped the password', () => {
  it('still signs in with the right password and code after LOGIN_LOCK_ATTEMPTS - 1 wrong passwords', async () => {
    const ctx = await build();
    const {app} = ctx;
    const {secret} = await withTwoFactor(ctx);
    for (let i = 1; i < ctx.config.loginLockAttempts; i++) {
      expect((await login(app, EMAIL, 'Wrong-Password-1')).json().error.code).toBe('INVALID_CREDENTIALS');
    }
    const res = await secondStep(app, await challenge(app), nextCode(secret, ctx));
    expect(res.statusCode).toBe(200);
    // The right code cleared the count.
    expect((await login(app, EMAIL, 'Wrong-Password-1')).json().error.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('needs the password and a current code, then signs in with the password alone and emails a notice', async () => {
    const ctx = await build();
    const {app, mail} = ctx;
    const {token, secret} = await withTwoFactor(ctx);
    const wrongPassword = await authed(app, token, 'POST', '/api/auth/two-factor/disable', {
      password: 'Wrong-Password-1',
      code: nextCode(secret, ctx),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('INVALID_CURRENT_PASSWORD');
    const wrongCode = await authed(app, token, 'POST', '/api/auth/two-factor/disable', {
      password: PASSWORD,
      code: '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await authed(app, token, 'GET', '/api/auth/me')).json().user.twoFactorEnabled).toBe(true);

    const off = await authed(app, token, 'POST', '/api/auth/two-factor/disable', {
      password: PASSWORD,
      code: nextCode(secret, ctx),
    });
    expect(off.statusCode).toBe(204);
    expect((await authed(app, token, 'GET', '/api/auth/me')).json().user.twoFactorEnabled).toBe(false);
    expect((await login(app, EMAIL)).json().token).toEqual(expect.any(String));
    expect(await app.db.selectFrom('two_factor_recovery_codes').select('code_hash').execute()).toEqual([]);
    const notice = (await mail.to(EMAIL)).at(-1)!;
    expect(notice.subject).toBe('Two-factor authentication was turned off for your IntakeKit account');
    expect(notice.text).toContain('/forgot-password');
  });

  it('replaces the recovery codes for a current code: the old ones stop working', async () => {
    const ctx = await build();
    const {app} = ctx;
    const {token, secret, recoveryCodes} = await withTwoFactor(ctx);
    const res = await authed(app, token, 'POST', '/api/auth/two-factor/recovery-codes', {code: nextCode(secret, ctx)});
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect((await secondStep(app, await challenge(app), recoveryCodes[0]!)).json().error.code).toBe(
      'INVALID_TWO_FACTOR_CODE',
    );
    expect((await secondStep(app, await challenge(app), fresh[0]!)).statusCode).toBe(200);
  });

  it('leaves accounts without two-factor signing in as before', async () => {
    const {app, mail} = await build();
    await signedIn(app, mail, EMAIL);
    const res = await post(app, '/api/auth/login', {email: EMAIL, password: PASSWORD, turnstileToken: TURNSTILE});
    expect(Object.keys(res.json()).sort()).toEqual(['token', 'user']);
    expect(res.json().user.twoFactorEnabled).toBe(false);
  });
});
