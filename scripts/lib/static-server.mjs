// Serves the portal's production build the way a static host should for this site:
// - clean URLs: /login is login.html; /login/ gets the same page, and the portal's own client-side redirect
//   removes the slash keeping query and hash. `docusaurus serve` answers /login/?a=1 with a 301 to
//   /login that drops the query, which is why this exists;
// - unknown paths get 404.html with status 404 (the portal's error page);
// - hashed assets are cached for a year, HTML is revalidated, text is gzip-compressed;
// - response headers from the build's `_headers` file (Netlify/Cloudflare Pages format), so the security
//   headers shipped as host configuration are the ones the tests see.
import {createServer} from 'node:http';
import {readFile, stat} from 'node:fs/promises';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg)/;

/** Parses a `_headers` file: a path pattern line, then indented `Name: value` lines. */
export function parseHeadersFile(text) {
  const rules = [];
  let current;
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      current = {pattern: raw.trim(), headers: []};
      rules.push(current);
    } else if (current) {
      const i = raw.indexOf(':');
      if (i > 0) current.headers.push([raw.slice(0, i).trim(), raw.slice(i + 1).trim()]);
    }
  }
  return rules;
}

function matches(pattern, pathname) {
  if (pattern.endsWith('*')) return pathname.startsWith(pattern.slice(0, -1));
  return pattern === pathname;
}

/**
 * @param {{dir: string, port: number, host: string}} options
 * @returns {Promise<import('node:http').Server>}
 */
export function serveStatic({dir, port, host}) {
  const root = path.resolve(dir);
  const headersFile = path.join(root, '_headers');
  const rules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : [];
  const gzipCache = new Map();

  async function resolveFile(pathname) {
    const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const candidates = clean === '/' ? ['/index.html'] : [clean, `${clean}.html`, `${clean}/index.html`];
    for (const candidate of candidates) {
      const file = path.join(root, candidate);
      if (!file.startsWith(root + path.sep)) return null;
      try {
        if ((await stat(file)).isFile()) return file;
      } catch {
        // try the next form
      }
    }
    return null;
  }

  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {allow: 'GET, HEAD'}).end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (pathname.includes('\0')) {
      res.writeHead(400).end();
      return;
    }
    let file = await resolveFile(pathname);
    let status = 200;
    if (!file) {
      status = 404;
      file = path.join(root, '404.html');
    }
    let body;
    try {
      body = await readFile(file);
    } catch {
      res.writeHead(404, {'content-type': 'text/plain'}).end('Not found');
      return;
    }
    const ext = path.extname(file);
    const type = TYPES[ext] ?? 'application/octet-stream';
    const headers = {
      'content-type': type,
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      vary: 'Accept-Encoding',
    };
    for (const rule of rules) {
      if (matches(rule.pattern, pathname))
        for (const [name, value] of rule.headers) headers[name.toLowerCase()] = value;
    }
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && body.length > 512) {
      let zipped = gzipCache.get(file);
      if (!zipped) {
        zipped = gzipSync(body);
        gzipCache.set(file, zipped);
      }
      body = zipped;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
