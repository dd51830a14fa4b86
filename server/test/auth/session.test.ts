// Sessions: GET /api/auth/me, POST /api/auth/logout, expiry and x-new-token rotation.
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {authed, login, signedIn} from '../helpers/accounts.js';

const MINUTE = 60_000;
const UNAUTHORIZED = {error: {code: 'UNAUTHORIZED', message: 'Please sign in to continue.'}};

describe('GET /api/auth/me', () => {
  it('answers the user of the session, team included', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com', {name: 'Ada', teamName: 'Acme'});
    const res = await authed(app, token, 'GET', '/api/auth/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: expect.any(String),
        name: 'Ada',
        email: 'ada@example.com',
        emailVerified: true,
        twoFactorEnabled: false,
        team: {id: expect.any(String), name: 'Acme', role: 'owner', requireTwoFactor: false},
        createdAt: expect.any(String),
      },
    });
    expect(res.body).not.toMatch(/argon2|password/i);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 UNAUTHORIZED without a token, with a bad one, or with a bad scheme', async () => {
    const {app} = await build();
    const headers = [
      {},
      {authorization: 'Bearer nope'},
      {authorization: `Bearer ${'A'.repeat(43)}`},
      {authorization: 'Basic abc'},
    ];
    for (const h of headers) {
      const res = await app.inject({method: 'GET', url: '/api/auth/me', headers: h});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('expires after 30 idle minutes, and use renews the idle timer', async () => {
    const {app, mail, clock} = await build({config: {sessionRotateAfterMs: 24 * 60 * MINUTE}});
    const token = await signedIn(app, mail, 'ada@example.com');
    clock.advance(29 * MINUTE);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    clock.advance(30 * MINUTE);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('expires 12 hours after sign-in however active, across rotations', async () => {
    const {app, mail, clock} = await build();
    let token = await signedIn(app, mail, 'ada@example.com');
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      clock.advance(20 * MINUTE);
      const res = await authed(app, token, 'GET', '/api/auth/me');
      expect(res.statusCode).toBe(200);
      token = (res.headers['x-new-token'] as string | undefined) ?? token;
    }
    clock.advance(20 * MINUTE);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('rotates a token older than 15 minutes: x-new-token, and the old one keeps a 60-second grace', async () => {
    const {app, mail, clock} = await build();
    const old = await signedIn(app, mail, 'ada@example.com');
    clock.advance(14 * MINUTE);
    expect((await authed(app, old, 'GET', '/api/auth/me')).headers['x-new-token']).toBeUndefined();
    clock.advance(1 * MINUTE);
    // Parallel requests with the old token: exactly one gets the new token, none fails.
    const parallel = await Promise.all([1, 2, 3].map(() => authed(app, old, 'GET', '/api/auth/me')));
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const issued = parallel.map((r) => r.headers['x-new-token']).filter(Boolean) as string[];
    expect(issued).toHaveLength(1);
    const fresh = issued[0]!;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);

    clock.advance(59_000);
    const inGrace = await authed(app, old, 'GET', '/api/auth/me');
    expect(inGrace.statusCode).toBe(200);
    expect(inGrace.headers['x-new-token']).toBeUndefined();
    clock.advance(1_000);
    expect((await authed(app, old, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await authed(app, fresh, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('exposes x-new-token to the portal through CORS', async () => {
    const {app, mail, clock} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    clock.advance(16 * MINUTE);
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: {authorization: `Bearer ${token}`, origin: 'http://localhost:3000'},
    });
    expect(res.headers['x-new-token']).toBeDefined();
    expect(String(res.headers['access-control-expose-headers'])).toContain('x-new-token');
  });
});

// The session rules hold on the routes that show an account's data, not only on /me.
describe.each(['/api/auth/me', '/api/keys', '/api/team'])('the session rules on GET %s', (url) => {
  it('401 without a valid token, after 30 idle minutes, and after logout; rotation with a 60-second grace', async () => {
    const {app, mail, clock} = await build();
    for (const h of [{}, {authorization: 'Bearer nope'}, {authorization: `Bearer ${'A'.repeat(43)}`}]) {
      const res = await app.inject({method: 'GET', url, headers: h});
      expect(res.json()).toEqual(UNAUTHORIZED);
    }

    const idle = await signedIn(app, mail, 'idle@example.com', {teamName: 'Acme'});
    clock.advance(30 * MINUTE);
    // Each 401 of a session that ended says why (the sign-in page shows it); an unknown token does not.
    expect((await authed(app, idle, 'GET', url)).json().error.code).toBe('SESSION_IDLE');

    const old = await signedIn(app, mail, 'ada@example.com', {teamName: 'Beta'});
    clock.advance(15 * MINUTE);
    const rotated = await authed(app, old, 'GET', url);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.headers['x-new-token'] as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    clock.advance(59_000);
    expect((await authed(app, old, 'GET', url)).statusCode).toBe(200);
    clock.advance(1_000);
    expect((await authed(app, old, 'GET', url)).json()).toEqual(UNAUTHORIZED);

    expect((await authed(app, fresh, 'POST', '/api/auth/logout')).statusCode).toBe(204);
    expect((await authed(app, fresh, 'GET', url)).json().error.code).toBe('SESSION_SIGNED_OUT');
  });
});

describe('session housekeeping', () => {
  it('drops dead sessions of the user at the next sign-in', async () => {
    const {app, mail, clock} = await build();
    await signedIn(app, mail, 'ada@example.com');
    await login(app, 'ada@example.com');
    expect(await app.db.selectFrom('sessions').select('id').execute()).toHaveLength(2);
    clock.advance(31 * MINUTE);
    await login(app, 'ada@example.com');
    expect(await app.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session (and tokens rotated from it) but not other sign-ins', async () => {
    const {app, mail, clock} = await build();
    const first = await signedIn(app, mail, 'ada@example.com');
    const other = (await login(app, 'ada@example.com')).json().token as string;
    clock.advance(16 * MINUTE);
    const rotated = (await authed(app, first, 'GET', '/api/auth/me')).headers['x-new-token'] as string;
    const res = await authed(app, first, 'POST', '/api/auth/logout');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await authed(app, first, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await authed(app, rotated, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await authed(app, other, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const {app} = await build();
    const res = await app.inject({method: 'POST', url: '/api/auth/logout'});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });
});
