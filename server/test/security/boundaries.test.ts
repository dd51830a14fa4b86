// Security edges the route tests leave open: long passwords are neither refused nor truncated, link expiry holds to
// the second, and reset links come from PORTAL_URL whatever Host the request claims.
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {login, post, register, verify} from '../helpers/accounts.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('long passwords', () => {
  it.each([64, 100, 256])('accepts %i characters and compares every one of them', async (length) => {
    const {app, mail} = await build();
    const password = `Aa1!${'x'.repeat(length - 5)}Z`;
    expect(password).toHaveLength(length);
    await register(app, 'long@example.com', {password});
    await verify(app, mail, 'long@example.com');
    expect((await login(app, 'long@example.com', password)).statusCode).toBe(200);
    // A prefix (as a truncating hash such as bcrypt's 72 bytes would compare) and a changed last character fail.
    expect((await login(app, 'long@example.com', password.slice(0, -1))).statusCode).toBe(401);
    expect((await login(app, 'long@example.com', `${password.slice(0, -1)}Y`)).statusCode).toBe(401);
  });
});

describe('link expiry to the second', () => {
  it('a reset link works at 14:59 and answers EXPIRED at 15:00', async () => {
    const {app, mail, clock} = await build();
    await register(app, 'ada@example.com');
    await post(app, '/api/auth/forgot-password', {email: 'ada@example.com'});
    const first = await mail.lastToken('ada@example.com', 'reset-password');
    clock.advance(15 * MINUTE - SECOND);
    expect(
      (await post(app, '/api/auth/reset-password', {token: first, newPassword: 'Fresh-Horse-881'})).statusCode,
    ).toBe(200);

    await post(app, '/api/auth/forgot-password', {email: 'ada@example.com'});
    const second = await mail.lastToken('ada@example.com', 'reset-password');
    clock.advance(15 * MINUTE);
    const late = await post(app, '/api/auth/reset-password', {token: second, newPassword: 'Other-Horse-992'});
    expect(late.json().error.code).toBe('EXPIRED');
  });

  it('a verification link works at 59:59 and answers EXPIRED at 60:00', async () => {
    const {app, mail, clock} = await build();
    await register(app, 'a@example.com');
    await register(app, 'b@example.com');
    const a = await mail.lastToken('a@example.com', 'verify');
    const b = await mail.lastToken('b@example.com', 'verify');
    clock.advance(60 * MINUTE - SECOND);
    expect((await app.inject({method: 'GET', url: `/api/auth/verify?token=${a}`})).statusCode).toBe(200);
    clock.advance(SECOND);
    expect((await app.inject({method: 'GET', url: `/api/auth/verify?token=${b}`})).json().error.code).toBe('EXPIRED');
  });
});

describe('reset links', () => {
  it('are built from PORTAL_URL, never from Host or X-Forwarded-Host', async () => {
    const {app, mail} = await build({env: {PORTAL_URL: 'https://portal.example.com'}});
    await register(app, 'ada@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
        origin: 'https://evil.example',
      },
      payload: {email: 'ada@example.com'},
    });
    expect(res.statusCode).toBe(200);
    const resets = (await mail.to('ada@example.com')).filter((m) => m.subject === 'Reset your IntakeKit password');
    expect(resets).toHaveLength(1);
    expect(resets[0]!.text).toMatch(/https:\/\/portal\.example\.com\/reset-password\?token=[A-Za-z0-9_-]{43}\b/);
    expect(resets[0]!.text + resets[0]!.html).not.toContain('evil.example');
  });
});
