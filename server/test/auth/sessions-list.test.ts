// Settings' sessions list: one entry per sign-in with its browser, address and times; signing out one
// session or all the others; and the 401 that says why a session ended.
import type {FastifyInstance} from 'fastify';
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {PASSWORD, TURNSTILE, authed, post, signedIn} from '../helpers/accounts.js';

const MINUTE = 60_000;
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signInFrom(app: FastifyInstance, email: string, userAgent: string, ip: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: {'user-agent': userAgent},
    remoteAddress: ip,
    payload: {email, password: PASSWORD, turnstileToken: TURNSTILE},
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const me = (app: FastifyInstance, token: string) => authed(app, token, 'GET', '/api/auth/me');

describe('GET /api/auth/sessions', () => {
  it('lists each sign-in once with its browser, OS, address and times, marking this one', async () => {
    const {app, mail, clock} = await build();
    await signedIn(app, mail, 'ada@example.com');
    const laptop = await signInFrom(app, 'ada@example.com', MAC_CHROME, '203.0.113.7');
    clock.advance(MINUTE);
    const phone = await signInFrom(app, 'ada@example.com', IPHONE_SAFARI, '198.51.100.23');
    // The laptop's token rotates (older than 15 minutes): still one session, signed in when it was.
    clock.advance(16 * MINUTE);
    const rotated = await me(app, laptop);
    const laptopToken = String(rotated.headers['x-new-token']);
    expect(laptopToken).toMatch(/^[\w-]{43}$/);

    const res = await authed(app, laptopToken, 'GET', '/api/auth/sessions');
    expect(res.statusCode).toBe(200);
    const {sessions} = res.json();
    expect(sessions.slice(0, 2)).toEqual([
      {
        id: expect.any(String),
        browser: 'Chrome 131',
        os: 'macOS',
        ipAddress: '203.0.113.7',
        signedInAt: '2026-01-15T09:00:00.000Z',
        lastActiveAt: '2026-01-15T09:17:00.000Z',
        current: true,
      },
      {
        id: expect.any(String),
        browser: 'Safari 18',
        os: 'iOS 18',
        ipAddress: '198.51.100.23',
        signedInAt: '2026-01-15T09:01:00.000Z',
        lastActiveAt: '2026-01-15T09:01:00.000Z',
        current: false,
      },
    ]);
    // The test helper's sign-in, 17 minutes idle, is live too.
    expect(sessions).toHaveLength(3);
    const fromPhone = (await authed(app, phone, 'GET', '/api/auth/sessions')).json().sessions;
    expect(fromPhone.filter((s: {current: boolean}) => s.current).map((s: {browser: string}) => s.browser)).toEqual([
      'Safari 18',
    ]);
    // Past 30 idle minutes a session leaves the list: only the laptop, used 11 minutes ago, is left.
    clock.advance(20 * MINUTE);
    const newest = String((await me(app, laptopToken)).headers['x-new-token']);
    clock.advance(11 * MINUTE);
    const later = (await authed(app, newest, 'GET', '/api/auth/sessions')).json().sessions;
    expect(later.map((s: {browser: string}) => s.browser)).toEqual(['Chrome 131']);
  });
});

describe('signing sessions out', () => {
  it('signs out one session, whose next request is told why; another account cannot', async () => {
    const {app, mail} = await build();
    await signedIn(app, mail, 'ada@example.com');
    const laptop = await signInFrom(app, 'ada@example.com', MAC_CHROME, '203.0.113.7');
    const phone = await signInFrom(app, 'ada@example.com', IPHONE_SAFARI, '198.51.100.23');
    const stranger = await signedIn(app, mail, 'eve@example.com');
    const phoneId = (await authed(app, laptop, 'GET', '/api/auth/sessions'))
      .json()
      .sessions.find((s: {browser: string}) => s.browser === 'Safari 18').id;

    expect((await authed(app, stranger, 'DELETE', `/api/auth/sessions/${phoneId}`)).statusCode).toBe(404);
    expect((await me(app, phone)).statusCode).toBe(200);

    expect((await authed(app, laptop, 'DELETE', `/api/auth/sessions/${phoneId}`)).statusCode).toBe(204);
    const refused = await me(app, phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual({
      code: 'SESSION_REVOKED',
      message: 'You were signed out from another session in Settings. Sign in again to continue.',
    });
    expect((await me(app, laptop)).statusCode).toBe(200);
    const left = (await authed(app, laptop, 'GET', '/api/auth/sessions')).json().sessions;
    expect(left.map((s: {browser: string}) => s.browser)).not.toContain('Safari 18');
  });

  it('signs out every other session and keeps this one', async () => {
    const {app, mail} = await build();
    const first = await signedIn(app, mail, 'ada@example.com');
    const laptop = await signInFrom(app, 'ada@example.com', MAC_CHROME, '203.0.113.7');
    const phone = await signInFrom(app, 'ada@example.com', IPHONE_SAFARI, '198.51.100.23');
    const res = await authed(app, laptop, 'POST', '/api/auth/sessions/sign-out-others');
    expect(res.json()).toEqual({signedOut: 2});
    for (const token of [first, phone]) expect((await me(app, token)).json().error.code).toBe('SESSION_REVOKED');
    expect((await me(app, laptop)).statusCode).toBe(200);
    expect((await authed(app, laptop, 'POST', '/api/auth/sessions/sign-out-others')).json()).toEqual({signedOut: 0});
  });
});

describe('why a session ended', () => {
  it('idle, and still idle after housekeeping removed the row', async () => {
    const {app, mail, clock} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    clock.advance(31 * MINUTE);
    expect((await me(app, token)).json().error).toEqual({
      code: 'SESSION_IDLE',
      message: 'You were signed out after a while without activity. Sign in again to continue.',
    });
    await app.scheduler.run('housekeeping');
    expect(await app.db.selectFrom('sessions').select('id').execute()).toEqual([]);
    expect((await me(app, token)).json().error.code).toBe('SESSION_IDLE');
  });

  it('past its lifetime however active it was', async () => {
    const {app, mail, clock, config} = await build();
    let token = await signedIn(app, mail, 'ada@example.com');
    for (let t = 0; t < config.sessionAbsoluteMs; t += 20 * MINUTE) {
      clock.advance(20 * MINUTE);
      const res = await me(app, token);
      if (res.statusCode !== 200) {
        expect(res.json().error.code).toBe('SESSION_EXPIRED');
        return;
      }
      token = String(res.headers['x-new-token'] ?? token);
    }
    throw new Error('the session outlived its lifetime');
  });

  it('signed out in another tab, password changed, locked by wrong passwords; an unknown token is plain 401', async () => {
    const {app, mail} = await build();
    const a = await signedIn(app, mail, 'ada@example.com');
    const b = await signInFrom(app, 'ada@example.com', MAC_CHROME, '203.0.113.7');
    expect((await authed(app, a, 'POST', '/api/auth/logout')).statusCode).toBe(204);
    expect((await me(app, a)).json().error.code).toBe('SESSION_SIGNED_OUT');

    const changed = await post(
      app,
      '/api/auth/change-password',
      {currentPassword: PASSWORD, newPassword: 'Another-Horse-77'},
      b,
    );
    expect(changed.statusCode).toBe(200);
    const c = String(changed.headers['x-new-token']);
    expect((await me(app, b)).json().error.code).toBe('SESSION_PASSWORD_CHANGED');
    expect((await me(app, c)).statusCode).toBe(200);

    let last;
    for (let i = 0; i < 5; i++) {
      last = await post(
        app,
        '/api/auth/change-password',
        {currentPassword: 'Wrong-Password-1', newPassword: 'Another-Horse-78'},
        c,
      );
    }
    expect(last!.json().error.code).toBe('LOCKED');
    expect((await me(app, c)).json().error).toEqual({
      code: 'SESSION_LOCKED',
      message: 'You were signed out after too many wrong passwords. Wait 15 minutes or reset your password.',
    });
    expect((await me(app, 'A'.repeat(43))).json().error.code).toBe('UNAUTHORIZED');
    expect((await me(app, 'garbage')).json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('a sign-in from a new browser', () => {
  it('emails a notice, but not for the first browser, the same one again, or one only updated', async () => {
    const {app, mail} = await build();
    await signedIn(app, mail, 'ada@example.com');
    await signInFrom(app, 'ada@example.com', 'lightMyRequest', '127.0.0.1');
    const notices = async () => (await mail.to('ada@example.com')).filter((m) => m.subject.startsWith('New sign-in'));
    expect(await notices()).toEqual([]);

    await signInFrom(app, 'ada@example.com', MAC_CHROME, '203.0.113.7');
    const [notice] = await notices();
    expect(notice!.subject).toBe('New sign-in to your IntakeKit account');
    expect(notice!.text).toContain('Chrome 131 on macOS, at the address 203.0.113.7, on 2026-01-15 09:00 (UTC)');
    expect(notice!.text).toContain('/forgot-password');

    await signInFrom(app, 'ada@example.com', MAC_CHROME.replace('Chrome/131', 'Chrome/132'), '198.51.100.9');
    expect(await notices()).toHaveLength(1);
    await signInFrom(app, 'ada@example.com', IPHONE_SAFARI, '198.51.100.23');
    expect(await notices()).toHaveLength(2);
  });
});
