// Where rate limits are counted: with REDIS_URL every process counts in Valkey/Redis (shared; the
// two-process resilience test proves it); when Redis cannot be reached the limits fail open, logged as
// an error, while the database's own limits (the sign-in lock) still hold.
import net from 'node:net';
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {TURNSTILE} from '../helpers/accounts.js';

/** A loopback port that refuses connections: bound, then closed. */
async function refusingPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('rate limits with REDIS_URL', () => {
  it('answer uncounted and log one error when Redis is unreachable, while the sign-in lock still holds', async () => {
    const port = await refusingPort();
    const {app, logs} = await build({
      env: {REDIS_URL: `redis://:secret-password@127.0.0.1:${port}`, AUTH_RATE_LIMIT: '2', LOGIN_LOCK_ATTEMPTS: '3'},
    });
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {email: 'nobody@example.com', password: 'Wrong-password-1', turnstileToken: TURNSTILE},
      });
    // Past AUTH_RATE_LIMIT (2), no 429 and no 500: the counter is down, the service is not.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await login()).statusCode);
    // The third wrong password locked the address: that limit lives in the database.
    expect(statuses).toEqual([401, 401, 423, 423]);
    const errors = logs.entries().filter((e) => e.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toMatch(/Redis unreachable: rate limits are not counted/);
    // The log names the server without its password.
    expect(logs.text).not.toContain('secret-password');
    // No 500 was logged for the requests themselves.
    expect(logs.entries().filter((e) => (e as {res?: {statusCode?: number}}).res?.statusCode === 500)).toEqual([]);
  });
});
