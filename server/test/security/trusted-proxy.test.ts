// Rate limits key on the client's address: the socket's, or, only when the socket is a proxy named in
// TRUST_PROXY, the address that proxy forwarded. A client can never choose its own key.
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {once} from 'node:events';
import {describe, expect, it, onTestFinished} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {build} from '../helpers/app.js';
import {TURNSTILE} from '../helpers/accounts.js';

const PROXY = '10.0.0.5';

/** A forgot-password request (200 until the limit, then 429), as seen from `peer`. */
function attempt(app: FastifyInstance, peer: string, forwardedFor?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress: peer,
    headers: forwardedFor === undefined ? {} : {'x-forwarded-for': forwardedFor},
    payload: {email: 'nobody@example.com'},
  });
}

async function statuses(app: FastifyInstance, count: number, peer: string, forwardedFor?: string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) codes.push((await attempt(app, peer, forwardedFor)).statusCode);
  return codes;
}

/** The client addresses the request log names. */
function loggedAddresses(logs: Awaited<ReturnType<typeof build>>['logs']): Set<unknown> {
  return new Set(
    logs
      .entries()
      .map((e) => (e.req as {remoteAddress?: string} | undefined)?.remoteAddress)
      .filter(Boolean),
  );
}

describe('rate-limit keys and TRUST_PROXY', () => {
  it('without TRUST_PROXY, keys on the socket address: a spoofed X-Forwarded-For changes nothing', async () => {
    const {app, logs} = await build({env: {AUTH_RATE_LIMIT: '2'}});
    expect(await statuses(app, 3, '192.0.2.10')).toEqual([200, 200, 429]);
    // Every forwarded value the client invents lands in the same, spent budget.
    for (const spoof of ['203.0.113.1', '203.0.113.2, 203.0.113.3', '127.0.0.1', 'garbage']) {
      expect((await attempt(app, '192.0.2.10', spoof)).statusCode, spoof).toBe(429);
    }
    // Even when the socket is what would be a proxy: nothing is trusted unless configured.
    expect(await statuses(app, 3, PROXY, '203.0.113.9')).toEqual([200, 200, 429]);
    expect((await attempt(app, PROXY, '203.0.113.10')).statusCode).toBe(429);
    // The log shows the socket address, not the invented one.
    expect(loggedAddresses(logs)).toEqual(new Set(['192.0.2.10', PROXY]));
  });

  it('with the proxy trusted, each forwarded client has its own budget, and an untrusted peer cannot spoof one', async () => {
    const {app, logs} = await build({env: {AUTH_RATE_LIMIT: '2', TRUST_PROXY: `${PROXY}, 10.1.0.0/16`}});
    // Two clients behind the proxy: one spends its budget, the other still has its own.
    expect(await statuses(app, 3, PROXY, '203.0.113.1')).toEqual([200, 200, 429]);
    expect(await statuses(app, 2, PROXY, '203.0.113.2')).toEqual([200, 200]);
    // A second proxy in the trusted range forwarding the same client shares that client's budget.
    expect((await attempt(app, '10.1.4.4', '203.0.113.1')).statusCode).toBe(429);
    // A client cannot hide behind a forged hop: the trusted proxy appends the real peer last.
    expect((await attempt(app, PROXY, '198.51.100.77, 203.0.113.1')).statusCode).toBe(429);
    // A peer that is not a trusted proxy is keyed on its socket, whatever it forwards.
    expect(await statuses(app, 2, '192.0.2.50', '203.0.113.3')).toEqual([200, 200]);
    expect((await attempt(app, '192.0.2.50', '203.0.113.4')).statusCode).toBe(429);
    expect((await attempt(app, '192.0.2.50')).statusCode).toBe(429);
    // ...and so has not touched the budget of the client it named.
    expect((await attempt(app, PROXY, '203.0.113.3')).statusCode).toBe(200);
    // The log names the client, so an operator sees who was limited.
    expect(loggedAddresses(logs)).toEqual(new Set(['203.0.113.1', '203.0.113.2', '192.0.2.50', '203.0.113.3']));
  });

  it('tells siteverify the forwarded client address behind a trusted proxy, and the socket address otherwise', async () => {
    const seen: Array<string | null> = [];
    const siteverify = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push(new URLSearchParams(body).get('remoteip'));
        res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({success: true}));
      });
    });
    siteverify.listen(0, '127.0.0.1');
    await once(siteverify, 'listening');
    onTestFinished(() => new Promise<void>((resolve) => siteverify.close(() => resolve())));
    const {app} = await build({
      env: {
        TRUST_PROXY: PROXY,
        TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
        TURNSTILE_VERIFY_URL: `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/siteverify`,
      },
    });
    const signIn = (peer: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: peer,
        headers: {'x-forwarded-for': '203.0.113.1'},
        payload: {email: 'nobody@example.com', password: 'Wrong-Password-1', turnstileToken: TURNSTILE},
      });
    expect((await signIn(PROXY)).statusCode).toBe(401);
    expect((await signIn('192.0.2.50')).statusCode).toBe(401);
    expect(seen).toEqual(['203.0.113.1', '192.0.2.50']);
  });
});
