import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {gunzipSync} from 'node:zlib';
import {request} from 'node:http';
import {serveStatic} from './lib/static-server.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'static-server-'));
mkdirSync(path.join(dir, 'assets'));
writeFileSync(path.join(dir, 'index.html'), '<h1>home</h1>');
writeFileSync(path.join(dir, 'login.html'), '<h1>login</h1>');
writeFileSync(path.join(dir, '404.html'), '<h1>Unexpected Application Error!</h1>');
writeFileSync(path.join(dir, 'assets', 'main.abc.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
writeFileSync(
  path.join(dir, '_headers'),
  "/*\n  Content-Security-Policy: object-src 'none'\n/login\n  X-Page: login\n",
);

let server: Awaited<ReturnType<typeof serveStatic>>;
let base = '';
beforeAll(async () => {
  server = await serveStatic({dir, port: 0, host: '127.0.0.1'});
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw GET, so the path is sent exactly as written (fetch would normalise "/../"). */
function rawGet(pathname: string): Promise<{status: number; body: string}> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${pathname}`, {path: pathname}, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({status: res.statusCode ?? 0, body}));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static server for the production build', () => {
  it('serves /login and /login/ with the same page and no redirect, so the portal keeps query and hash', async () => {
    for (const p of ['/login', '/login/?a=1']) {
      const res = await fetch(`${base}${p}`, {redirect: 'manual'});
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<h1>login</h1>');
    }
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const res = await fetch(`${base}/no-such-page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Unexpected Application Error!');
  });

  it('never serves a file outside the build directory', async () => {
    const res = await rawGet('/../../etc/passwd');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('root:');
  });

  it('applies the _headers rules that match the path', async () => {
    const login = await fetch(`${base}/login`);
    expect(login.headers.get('content-security-policy')).toBe("object-src 'none'");
    expect(login.headers.get('x-page')).toBe('login');
    const home = await fetch(`${base}/`);
    expect(home.headers.get('x-page')).toBeNull();
  });

  it('compresses text and caches hashed assets for a year', async () => {
    const res = await new Promise<{headers: Record<string, string | string[] | undefined>; body: Buffer}>(
      (resolve, reject) => {
        const req = request(`${base}/assets/main.abc.js`, {headers: {'accept-encoding': 'gzip'}}, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve({headers: r.headers, body: Buffer.concat(chunks)}));
        });
        req.on('error', reject);
        req.end();
      },
    );
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(res.body).toString()).toContain('console.log');
  });
});
