// SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS reach the session rules (the defaults, 30 minutes
// and 12 hours, are proved in auth/session.test.ts).
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {authed, signedIn} from '../helpers/accounts.js';

const MINUTE = 60_000;

describe('session settings from the environment', () => {
  it('SESSION_IDLE_MINUTES=5: a session idle for 5 minutes is gone, use renews it', async () => {
    const {app, mail, clock} = await build({env: {SESSION_IDLE_MINUTES: '5'}});
    const token = await signedIn(app, mail, 'ada@example.com');
    clock.advance(4 * MINUTE + 59_000);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    clock.advance(4 * MINUTE + 59_000);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    clock.advance(5 * MINUTE);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('SESSION_ABSOLUTE_HOURS=1: a session in constant use ends one hour after sign-in, across rotations', async () => {
    const {app, mail, clock} = await build({env: {SESSION_ABSOLUTE_HOURS: '1'}});
    let token = await signedIn(app, mail, 'ada@example.com');
    let rotations = 0;
    for (let elapsed = 0; elapsed < 50; elapsed += 10) {
      clock.advance(10 * MINUTE);
      const res = await authed(app, token, 'GET', '/api/auth/me');
      expect(res.statusCode, `${elapsed + 10} minutes`).toBe(200);
      const next = res.headers['x-new-token'] as string | undefined;
      if (next) rotations += 1;
      token = next ?? token;
    }
    expect(rotations).toBeGreaterThan(0);
    clock.advance(10 * MINUTE);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });
});
