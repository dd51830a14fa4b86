// One delivery attempt against receivers on 127.0.0.1: signed as Standard Webhooks (checked by two verifiers here,
// and by the guide's Node and Python receivers in server/test/docs/receive-webhooks.test.ts),
// never into a private network unless allowed, never following a redirect, bounded in time and in what it keeps.
import crypto from 'node:crypto';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {Webhook} from 'standardwebhooks';
import {Webhook as SvixWebhook} from 'svix';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {sendWebhook, type WebhookRequest} from '../../src/webhooks/send.js';

const newSecret = () => `whsec_${crypto.randomBytes(24).toString('base64')}`;
const open = {allowPrivateNetworks: true, timeoutMs: 2000};

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let receiver: http.Server;
let base: string;
let port: number;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8')});
      if (path === '/slow') return; // never answers: the sender's timeout ends it
      if (path === '/fail') return void res.writeHead(500).end('{"error":"down"}');
      if (path === '/redirect') return void res.writeHead(302, {location: `${base}/internal`}).end();
      if (path === '/big') return void res.writeHead(200).end('é'.repeat(5000));
      res.writeHead(200, {'content-type': 'text/plain'}).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const delivery = (path: string, secrets = [newSecret()]): WebhookRequest => ({
  url: `${base}${path}`,
  id: `msg_${crypto.randomUUID()}`,
  timestamp: new Date(),
  body: JSON.stringify({type: 'submission.created', data: {id: crypto.randomUUID()}}),
  secrets,
});
const arrivals = (path: string) => received.filter((r) => r.path === path);

describe('sendWebhook', () => {
  it('signs as Standard Webhooks: the package and svix verify it, with one secret or two', async () => {
    const [newest, older] = [newSecret(), newSecret()];
    const request = delivery('/ok', [newest, older]);
    const result = await sendWebhook(request, open);
    expect(result).toMatchObject({ok: true, status: 200, error: null, errorMessage: null, responseBody: 'thanks'});
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const [arrived] = arrivals('/ok');
    expect(arrived?.body).toBe(request.body);
    const headers = arrived!.headers as Record<string, string>;
    expect(headers).toMatchObject({
      'webhook-id': request.id,
      'webhook-timestamp': String(Math.floor(request.timestamp.getTime() / 1000)),
      'content-type': 'application/json',
    });
    expect(headers['user-agent']).toMatch(/IntakeKit/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
    expect(result.requestHeaders).toMatchObject({
      'webhook-id': request.id,
      'webhook-signature': headers['webhook-signature'],
    });
    for (const secret of [newest, older]) {
      expect(new Webhook(secret).verify(arrived!.body, headers)).toEqual(JSON.parse(request.body));
      expect(() => new SvixWebhook(secret).verify(arrived!.body, headers)).not.toThrow();
    }
    expect(() => new Webhook(newSecret()).verify(arrived!.body, headers)).toThrow();
    // One secret, one signature.
    await sendWebhook(delivery('/one'), open);
    expect(arrivals('/one')[0]?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
  });

  it('refuses, before connecting, a name that resolves to a loopback address', async () => {
    const request = {...delivery('/blocked'), url: `http://localhost:${port}/blocked`};
    const result = await sendWebhook(request, {allowPrivateNetworks: false, timeoutMs: 2000});
    expect(result).toMatchObject({ok: false, status: null, error: 'blocked', responseBody: ''});
    expect(result.errorMessage).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(arrivals('/blocked')).toEqual([]);
    // The same name is reached when private networks are allowed (local development).
    expect(await sendWebhook(request, open)).toMatchObject({ok: true, status: 200});
  });

  it('counts a 500 and a redirect as failures, and never follows the redirect', async () => {
    expect(await sendWebhook(delivery('/fail'), open)).toMatchObject({
      ok: false,
      status: 500,
      error: 'status',
      responseBody: '{"error":"down"}',
    });
    const redirected = await sendWebhook(delivery('/redirect'), open);
    expect(redirected).toMatchObject({ok: false, status: 302, error: 'status'});
    expect(redirected.errorMessage).toMatch(/302/);
    expect(arrivals('/internal')).toEqual([]);
  });

  it('keeps the first 2 kB of a big answer', async () => {
    const result = await sendWebhook(delivery('/big'), open);
    expect(result.ok).toBe(true);
    expect(Buffer.byteLength(result.responseBody)).toBeLessThanOrEqual(2048);
    expect(result.responseBody).toBe('é'.repeat(1024));
  });

  it('classifies a timeout, a refused connection and a name that does not resolve', async () => {
    const slow = await sendWebhook(delivery('/slow'), {allowPrivateNetworks: true, timeoutMs: 150});
    expect(slow).toMatchObject({ok: false, status: null, error: 'timeout'});
    expect(slow.latencyMs).toBeLessThan(1500);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await sendWebhook({...delivery('/'), url: `http://127.0.0.1:${closedPort}/`}, open);
    expect(refused).toMatchObject({ok: false, status: null, error: 'refused'});
    const unknown = await sendWebhook({...delivery('/'), url: 'http://no-such-host.invalid/'}, open);
    expect(unknown).toMatchObject({ok: false, status: null, error: 'dns'});
    // TLS spoken to a server that answers in plain HTTP.
    const tls = await sendWebhook({...delivery('/'), url: `https://127.0.0.1:${port}/`}, open);
    expect(tls).toMatchObject({ok: false, status: null, error: 'tls'});
    for (const result of [slow, refused, unknown, tls]) expect(result.errorMessage).toBeTruthy();
  });

  it("lets exactly the API's own test inbox through, connecting to the API's own listener, and nothing else", async () => {
    const inboxId = 'a'.repeat(22) + '_-B9';
    // Our API as the worker knows it: the public origin a reader's inbox URL starts with (a name no resolver
    // knows, so a delivery that arrives was not looked up), and the address it listens on.
    const ownInbox = {origin: `http://api.intakekit.test:${port}`, listen: {host: '127.0.0.1', port}};
    const strict = {allowPrivateNetworks: false, timeoutMs: 2000, ownInbox};
    const inboxPath = `/api/webhook-inbox/${inboxId}`;
    const toInbox = {...delivery(inboxPath), url: `${ownInbox.origin}${inboxPath}`};
    expect(await sendWebhook(toInbox, strict)).toMatchObject({ok: true, status: 200});
    expect(arrivals(inboxPath)[0]?.headers.host).toBe(`api.intakekit.test:${port}`);
    for (const url of [
      `${ownInbox.origin}/api/health`,
      `${ownInbox.origin}/api/webhook-inbox/${inboxId}/../../health`,
      `${ownInbox.origin}${inboxPath}?next=/admin`,
      `${ownInbox.origin}/api/webhook-inbox/short`,
      `${base}${inboxPath}`,
      `https://api.intakekit.test:${port}${inboxPath}`,
    ]) {
      const result = await sendWebhook({...delivery('/'), url}, strict);
      expect(result.error, url).toMatch(/^(blocked|dns)$/);
    }
    expect(arrivals(inboxPath)).toHaveLength(1);
    expect(arrivals('/api/health')).toEqual([]);
  });
});
