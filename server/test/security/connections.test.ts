// Connections that never finish a request are closed, the number of
// connections is capped, and the router's own refusals answer in the catalogue's shape with the headers
// every other answer carries.
import net from 'node:net';
import {describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {build} from '../helpers/app.js';

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({port: 0, host: '127.0.0.1'});
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return address.port;
}

/** Opens a socket, writes `request`, and resolves with everything the server sent once it closes the socket. */
function holdOpen(port: number, request: string): {closed: Promise<string>; socket: net.Socket} {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  socket.write(request);
  return {socket, closed: new Promise((resolve) => socket.on('close', () => resolve(received)))};
}

const SECURITY_HEADERS = ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'cache-control'];

describe('the router refusing a path', () => {
  for (const [label, url] of [
    ['an invalid percent-encoding', '/api/team/%zz'],
    ['a path parameter over the router limit', `/api/team/${'a'.repeat(600)}`],
  ] as const) {
    it(`answers ${label} with 404 NOT_FOUND in the error shape and the security headers`, async () => {
      const {app} = await build();
      const plain = await app.inject({method: 'DELETE', url: '/api/nope'});
      const res = await app.inject({method: 'DELETE', url});
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({error: {code: 'NOT_FOUND', message: 'Not found.'}});
      for (const header of SECURITY_HEADERS) {
        expect(plain.headers[header], header).toBeDefined();
        expect(res.headers[header], header).toBe(plain.headers[header]);
      }
    });
  }
});

describe('slow and idle connections', () => {
  it('closes a request whose body never finishes (REQUEST_TIMEOUT_SECONDS)', async () => {
    const {app} = await build({env: {REQUEST_TIMEOUT_SECONDS: '1'}});
    const port = await listen(app);
    const slow = holdOpen(
      port,
      'POST /api/auth/logout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
    );
    const received = await slow.closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose headers never finish', async () => {
    const {app} = await build({env: {REQUEST_TIMEOUT_SECONDS: '1'}});
    const port = await listen(app);
    const slow = holdOpen(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(await slow.closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('holds no more than MAX_CONNECTIONS connections, and serves again once one closes', async () => {
    const {app} = await build({env: {MAX_CONNECTIONS: '3'}});
    const port = await listen(app);
    const held = Array.from({length: 3}, () => holdOpen(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
    await Promise.all(
      held.map(
        ({socket}) =>
          new Promise((resolve) => (socket.readyState === 'open' ? resolve(null) : socket.once('connect', resolve))),
      ),
    );
    // Wait until the server has counted the three (it drops a connection over the cap as it accepts it).
    await expect.poll(() => new Promise<number>((resolve) => app.server.getConnections((_e, n) => resolve(n)))).toBe(3);
    const refused = holdOpen(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(await refused.closed).toBe('');
    held[0]!.socket.destroy();
    await expect.poll(() => new Promise<number>((resolve) => app.server.getConnections((_e, n) => resolve(n)))).toBe(2);
    const served = holdOpen(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(await served.closed).toMatch(/^HTTP\/1\.1 200 /);
    for (const {socket} of held) socket.destroy();
  });
});
