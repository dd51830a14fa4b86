// Where rate limits are counted: with REDIS_URL every process counts in Valkey/Redis (shared; the
// two-process resilience test proves it); when Redis cannot be reached the limits fail open, logged as
// an error, while the database's own limits (the sign-in lock) still hold, and readiness and /metrics say
// that counting is off.
import net from 'node:net';
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {METRICS_TOKEN} from '../helpers/metrics.js';
import {TURNSTILE} from '../helpers/accounts.js';
import {closedPort} from '../helpers/ports.js';

describe('rate limits with REDIS_URL', () => {
  it('answer uncounted and log one error when Redis is unreachable, while the sign-in lock still holds', async () => {
    const port = await closedPort();
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

/** Enough of Redis for a client to become ready (it asks INFO); every other command is answered OK. */
async function fakeRedis(): Promise<{port: number; stop(): Promise<void>}> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      // Commands arrive as RESP arrays of bulk strings, several in one chunk when pipelined.
      for (;;) {
        const command = /^\*(\d+)\r\n((?:\$\d+\r\n[^]*?\r\n)*)/.exec(pending);
        const parts = command?.[2]?.match(/\$\d+\r\n[^]*?\r\n/g) ?? [];
        if (!command || parts.length < Number(command[1])) return;
        const consumed = `*${command[1]}\r\n${parts.slice(0, Number(command[1])).join('')}`;
        pending = pending.slice(consumed.length);
        if (/^\$\d+\r\ninfo\r\n/i.test(parts[0] ?? '')) {
          const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(`$${Buffer.byteLength(info)}\r\n${info}\r\n`);
        } else socket.write('+OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('whether limits are being counted', () => {
  const metric = async (app: import('fastify').FastifyInstance) => {
    const res = await app.inject({method: 'GET', url: '/metrics', headers: {authorization: `Bearer ${METRICS_TOKEN}`}});
    return /^intakekit_rate_limit_store_up (\d)$/m.exec(res.body)?.[1];
  };

  it('readiness reports redis: down (still 200) and /metrics intakekit_rate_limit_store_up 0 while Redis is unreachable', async () => {
    const port = await closedPort();
    const {app} = await build({env: {REDIS_URL: `redis://127.0.0.1:${port}`, METRICS_TOKEN}});
    const ready = await app.inject({method: 'GET', url: '/api/health/ready'});
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({status: 'degraded', redis: 'down'});
    expect(await metric(app)).toBe('0');
  });

  it('readiness and the gauge follow Redis going away', async () => {
    const redis = await fakeRedis();
    const {app} = await build({env: {REDIS_URL: `redis://127.0.0.1:${redis.port}`, METRICS_TOKEN}});
    expect((await app.inject({method: 'GET', url: '/api/health/ready'})).json()).toEqual({status: 'ok', redis: 'up'});
    expect(await metric(app)).toBe('1');
    await redis.stop();
    await expect
      .poll(async () => (await app.inject({method: 'GET', url: '/api/health/ready'})).json())
      .toEqual({status: 'degraded', redis: 'down'});
    expect(await metric(app)).toBe('0');
  });

  it('counts in memory without REDIS_URL: readiness says nothing of Redis, the gauge is 1', async () => {
    const {app} = await build({env: {METRICS_TOKEN}});
    expect((await app.inject({method: 'GET', url: '/api/health/ready'})).json()).toEqual({status: 'ok'});
    expect(await metric(app)).toBe('1');
  });
});
