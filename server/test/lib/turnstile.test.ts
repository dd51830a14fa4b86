// The bot check: placeholder without a secret; siteverify with one (against a local stand-in).
import http from 'node:http';
import {once} from 'node:events';
import {describe, expect, it, onTestFinished} from 'vitest';
import {TURNSTILE_PLACEHOLDER, verifyTurnstile} from '../../src/lib/turnstile.js';

describe('verifyTurnstile', () => {
  it('accepts exactly the placeholder when no secret is set', async () => {
    expect(await verifyTurnstile(undefined, TURNSTILE_PLACEHOLDER, '127.0.0.1')).toBe(true);
    expect(await verifyTurnstile(undefined, 'anything-else', '127.0.0.1')).toBe(false);
  });

  it('asks siteverify with the secret, token and address when a secret is set, and fails closed', async () => {
    const seen: URLSearchParams[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        if (form.get('response') === 'broken') {
          res.writeHead(500).end('oops');
          return;
        }
        if (form.get('response') === 'broken-but-says-success') {
          res.writeHead(502, {'content-type': 'application/json'}).end(JSON.stringify({success: true}));
          return;
        }
        res
          .writeHead(200, {'content-type': 'application/json'})
          .end(JSON.stringify({success: form.get('response') === 'good'}));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const at = {url: `http://127.0.0.1:${(server.address() as {port: number}).port}/siteverify`, timeoutMs: 5000};
    expect(await verifyTurnstile('s3cret', 'good', '10.0.0.1', at)).toBe(true);
    expect(await verifyTurnstile('s3cret', 'bad', '10.0.0.1', at)).toBe(false);
    expect(await verifyTurnstile('s3cret', TURNSTILE_PLACEHOLDER, '10.0.0.1', at)).toBe(false);
    expect(await verifyTurnstile('s3cret', 'broken', '10.0.0.1', at)).toBe(false);
    // A 5xx is a failure even if its body claims success.
    expect(await verifyTurnstile('s3cret', 'broken-but-says-success', '10.0.0.1', at)).toBe(false);
    expect(
      await verifyTurnstile('s3cret', 'good', '10.0.0.1', {url: 'http://127.0.0.1:1/unreachable', timeoutMs: 5000}),
    ).toBe(false);
    expect(Object.fromEntries(seen[0]!)).toEqual({secret: 's3cret', response: 'good', remoteip: '10.0.0.1'});
  });
});
