// POST /api/auth/forgot-password and POST /api/auth/reset-password
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {PASSWORD, authed, login, post, register, signedIn} from '../helpers/accounts.js';
import {rowCounts} from '../helpers/database.js';

const MINUTE = 60_000;
const NEW_PASSWORD = 'Brand-New-Pass-7';

describe('POST /api/auth/forgot-password', () => {
  it('emails a 15-minute reset link and answers the same text for unknown addresses', async () => {
    const {app, mail} = await build();
    await register(app, 'ada@example.com', {name: 'Ada'});
    const known = await post(app, '/api/auth/forgot-password', {email: 'Ada@Example.com '});
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({
      message: "If an account exists with ada@example.com, we've sent password reset instructions.",
    });
    const resets = (await mail.to('ada@example.com')).filter((m) => m.subject === 'Reset your IntakeKit password');
    expect(resets).toHaveLength(1);
    expect(resets[0]!.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}\b/);
    expect(resets[0]!.text).toContain('15 minutes');

    const before = await rowCounts(app.db);
    const unknown = await post(app, '/api/auth/forgot-password', {email: 'ghost@example.com'});
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({
      message: "If an account exists with ghost@example.com, we've sent password reset instructions.",
    });
    expect(await mail.to('ghost@example.com')).toHaveLength(0);
    expect(await rowCounts(app.db)).toEqual(before);
  });

  it('answers EMAIL_REQUIRED and INVALID_EMAIL', async () => {
    const {app} = await build();
    expect((await post(app, '/api/auth/forgot-password', {})).json().error.code).toBe('EMAIL_REQUIRED');
    expect((await post(app, '/api/auth/forgot-password', {email: 'a@b'})).json().error.code).toBe('INVALID_EMAIL');
  });
});

describe('POST /api/auth/reset-password', () => {
  async function resetToken(app: Awaited<ReturnType<typeof build>>) {
    await post(app.app, '/api/auth/forgot-password', {email: 'ada@example.com'});
    return app.mail.lastToken('ada@example.com', 'reset-password');
  }

  it('sets the new password, signs out every session and sends a notice', async () => {
    const t = await build();
    const {app, mail} = t;
    const session = await signedIn(app, mail, 'ada@example.com');
    const token = await resetToken(t);
    const res = await post(app, '/api/auth/reset-password', {token, newPassword: NEW_PASSWORD});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({message: expect.any(String)});
    expect((await authed(app, session, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await login(app, 'ada@example.com')).statusCode).toBe(401);
    expect((await login(app, 'ada@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    const notices = (await mail.to('ada@example.com')).filter(
      (m) => m.subject === 'Your IntakeKit password was changed',
    );
    expect(notices).toHaveLength(1);
  });

  it('verifies the address of an unverified account (the link proves it)', async () => {
    const t = await build();
    await register(t.app, 'ada@example.com');
    const token = await resetToken(t);
    await post(t.app, '/api/auth/reset-password', {token, newPassword: NEW_PASSWORD});
    expect((await login(t.app, 'ada@example.com', NEW_PASSWORD)).json().user.emailVerified).toBe(true);
  });

  it('works once: ALREADY_USED after, and only one of concurrent uses wins', async () => {
    const t = await build();
    await register(t.app, 'ada@example.com');
    const token = await resetToken(t);
    const results = await Promise.all(
      Array.from({length: 4}, (_, i) =>
        post(t.app, '/api/auth/reset-password', {token, newPassword: `${NEW_PASSWORD}${i}`}),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().error.code)).toEqual(
      Array(3).fill('ALREADY_USED'),
    );
    const again = await post(t.app, '/api/auth/reset-password', {token, newPassword: NEW_PASSWORD});
    expect(again.json().error).toEqual({code: 'ALREADY_USED', message: 'This link has already been used.'});
  });

  it('answers EXPIRED after 15 minutes', async () => {
    const t = await build();
    await register(t.app, 'ada@example.com');
    const token = await resetToken(t);
    t.clock.advance(15 * MINUTE);
    const res = await post(t.app, '/api/auth/reset-password', {token, newPassword: NEW_PASSWORD});
    expect(res.json().error.code).toBe('EXPIRED');
    expect((await login(t.app, 'ada@example.com', NEW_PASSWORD)).statusCode).not.toBe(200);
  });

  it('answers INVALID_OR_EXPIRED for a superseded, unknown, malformed or verification token', async () => {
    const t = await build();
    await register(t.app, 'ada@example.com');
    const verification = await t.mail.lastToken('ada@example.com', 'verify');
    const old = await resetToken(t);
    await resetToken(t);
    for (const token of [old, 'B'.repeat(43), 'short', "'; DROP TABLE users; --", verification]) {
      const res = await post(t.app, '/api/auth/reset-password', {token, newPassword: NEW_PASSWORD});
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error.code, token).toBe('INVALID_OR_EXPIRED');
    }
  });

  it('answers TOKEN_REQUIRED, MISSING_FIELDS, INVALID_PASSWORD and PASSWORD_TOO_COMMON, and a refused password keeps the link usable', async () => {
    const t = await build();
    await register(t.app, 'ada@example.com');
    const token = await resetToken(t);
    expect((await post(t.app, '/api/auth/reset-password', {newPassword: NEW_PASSWORD})).json().error.code).toBe(
      'TOKEN_REQUIRED',
    );
    expect(
      (await post(t.app, '/api/auth/reset-password', {token: '', newPassword: NEW_PASSWORD})).json().error.code,
    ).toBe('TOKEN_REQUIRED');
    expect((await post(t.app, '/api/auth/reset-password', {token})).json().error.code).toBe('MISSING_FIELDS');
    const weak = await post(t.app, '/api/auth/reset-password', {token, newPassword: 'weak'});
    expect(weak.json().error.code).toBe('INVALID_PASSWORD');
    const common = await post(t.app, '/api/auth/reset-password', {token, newPassword: 'Password123'});
    expect(common.json().error.code).toBe('PASSWORD_TOO_COMMON');
    expect((await post(t.app, '/api/auth/reset-password', {token, newPassword: NEW_PASSWORD})).statusCode).toBe(200);
    expect((await login(t.app, 'ada@example.com', PASSWORD)).statusCode).toBe(401);
  });
});
