// Connections that never finish a request are closed, the number of
// connections is capped, and the router's own refusals answer in the catalogue's shape with the headers
// every other answer carries.
import net from 'node:net';
import {describe, expect, it, onTestFinished} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {build} from '../helpers/app.js';
import {clientAddressKey} from '../../src/lib/client-address.js';

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

/** Opens a connection from `from` (a loopback address of its own), sends one whole request and resolves with the answer's status line, keeping the connection open; '' when the server closes it unanswered. */
function askFrom(port: number, from: string, headers = ''): Promise<{status: string; socket: net.Socket}> {
  const socket = net.connect({port, host: '127.0.0.1', localAddress: from});
  socket.on('error', () => {});
  return new Promise((resolve) => {
    socket.once('data', (chunk) => resolve({status: chunk.toString('latin1').split('\r\n')[0]!, socket}));
    socket.once('close', () => resolve({status: '', socket}));
    socket.write(`GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`);
  });
}

describe('connections per client address', () => {
  it('holds at most MAX_CONNECTIONS_PER_ADDRESS connections from one address, while another address is served', async () => {
    const {app} = await build({env: {MAX_CONNECTIONS_PER_ADDRESS: '3'}});
    const port = await listen(app);
    const held = await Promise.all(Array.from({length: 3}, () => askFrom(port, '127.0.0.1')));
    expect(held.map((h) => h.status)).toEqual(Array(3).fill('HTTP/1.1 200 OK'));
    const fourth = await askFrom(port, '127.0.0.1');
    expect(fourth.status).toBe('');
    const other = await askFrom(port, '127.0.0.2');
    expect(other.status).toBe('HTTP/1.1 200 OK');
    // A connection that ends gives its place back.
    held[0]!.socket.destroy();
    await expect
      .poll(async () => (await askFrom(port, '127.0.0.1', 'Connection: close\r\n')).status)
      .toBe('HTTP/1.1 200 OK');
    for (const {socket} of [...held, other]) socket.destroy();
  });

  it("behind a trusted proxy, caps each forwarded client's requests in flight instead of the proxy's connections", async () => {
    const {app} = await build({env: {MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: '127.0.0.1'}});
    const port = await listen(app);
    const forwarded = (client: string) => `X-Forwarded-For: ${client}\r\n`;
    // Two requests of one client whose bodies never finish: both in flight through the proxy.
    const slow = Array.from({length: 2}, () =>
      holdOpen(
        port,
        `POST /api/auth/logout HTTP/1.1\r\nHost: 127.0.0.1\r\n${forwarded('203.0.113.7')}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      ),
    );
    onTestFinished(() => slow.forEach(({socket}) => socket.destroy()));
    const clientStatus = async () => {
      const {status, socket} = await askFrom(port, '127.0.0.1', forwarded('203.0.113.7'));
      socket.destroy();
      return status;
    };
    // A third request of that client is refused as soon as the two are counted.
    await expect.poll(clientStatus).toBe('HTTP/1.1 429 Too Many Requests');
    // The proxy itself is not capped at two connections, and another client through it is served.
    const others = await Promise.all(
      ['203.0.113.8', '203.0.113.9', '203.0.113.10'].map((client) => askFrom(port, '127.0.0.1', forwarded(client))),
    );
    expect(others.map((o) => o.status)).toEqual(Array(3).fill('HTTP/1.1 200 OK'));
    // Once its requests end, the client is served again.
    for (const {socket} of slow) socket.destroy();
    await expect.poll(clientStatus).toBe('HTTP/1.1 200 OK');
    for (const {socket} of others) socket.destroy();
  });

  it("counts an IPv4 client by its address and an IPv6 client by its /64 (one subscriber's usual share)", () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    for (const address of ['2001:db8:0:1::1', '2001:0db8:0000:0001:ffff:1:2:3', '2001:db8:0:1:a::%eth0']) {
      expect(clientAddressKey(address), address).toBe('2001:db8:0:1::/64');
    }
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('::ffff:1:2:3:4:5:6')).toBe('0:ffff:1:2::/64');
  });

  it('logs an error accepting a connection (EMFILE) instead of throwing it', async () => {
    const {app, logs} = await build();
    await listen(app);
    const error = Object.assign(new Error('accept EMFILE'), {code: 'EMFILE', errno: -24, syscall: 'accept'});
    expect(() => app.server.emit('error', error)).not.toThrow();
    expect(logs.entries().some((e) => /accept/.test(String(e.msg)) && e.level === 50)).toBe(true);
    expect((await app.inject({method: 'GET', url: '/api/health/live'})).statusCode).toBe(200);
  });
});
