// Servers the browser sections share: the API (PGlite, fresh data dir under bench/.work) with one
// verified user in a team, the portal's production build and the bare site, both served by the
// project's own static server (scripts/lib/static-server.mjs), all on 127.0.0.1.
import {rmSync} from 'node:fs';
import path from 'node:path';
import {
  BENCH_PASSWORD,
  HOST,
  PORTS,
  SITE_API_URL,
  SITE_URL,
  TURNSTILE_PLACEHOLDER,
  WORK,
  log,
  serverDir,
  onCleanup,
  startProcess,
  waitForUrl,
} from './common.mjs';
import {BARE_BUILD, BUILD_FASTER} from './builds.mjs';
import {benchEmail, seedUsers, withDb} from './seed.mjs';

/** Env for an API process of the bench. */
export function apiEnv({port, dataDir, databaseUrl, portalUrl = SITE_URL}) {
  const env = {
    ...process.env,
    HOST,
    PORT: String(port),
    DATA_DIR: dataDir,
    PORTAL_URL: portalUrl,
    AUTH_RATE_LIMIT: '1000000',
    SDK_RATE_LIMIT: '1000000',
    // The per-key limit is measured by the API tests; here it must not turn load into 429s.
    SDK_KEY_RATE_LIMIT: '1000000',
    SDK_KEY_RATE_LIMIT_MAX: '1000000',
    SERVER_KEY_RATE_LIMIT: '1000000',
    LOGIN_LOCK_ATTEMPTS: '1000',
    // autocannon's 50 connections and the bench's own clients all come from one address.
    MAX_CONNECTIONS_PER_ADDRESS: '1000000',
    LOG_LEVEL: 'warn',
    // Fixed so keys created in one process can be read by the next one on the same data.
    SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
    BENCH_ROUTES: '1',
  };
  delete env.SMTP_URL;
  delete env.TURNSTILE_SECRET_KEY;
  delete env.LOGIN_REQUIRES_VERIFIED_EMAIL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/** Node's own flags for the API processes (BENCH_API_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const apiNodeArgs = () => process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

export async function startApi(name, env) {
  const args = [...apiNodeArgs(), '--import', 'tsx', path.join(serverDir(), 'src', 'server.ts')];
  const child = startProcess(name, process.execPath, args, {env});
  const url = `http://${HOST}:${env.PORT}`;
  await waitForUrl(`${url}/api/health`, {timeoutMs: 120_000, process: child});
  child.url = url;
  return child;
}

export async function api(base, method, pathname, {body, token, headers = {}} = {}) {
  const h = {...headers};
  if (body !== undefined) h['content-type'] = 'application/json';
  if (token) h.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return {status: res.status, json, headers: res.headers};
}

export async function login(base, email, password = BENCH_PASSWORD) {
  const r = await api(base, 'POST', '/api/auth/login', {
    body: {email, password, turnstileToken: TURNSTILE_PLACEHOLDER},
  });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.token;
}

/** Which of the routes the bench cares about the running API declares (from its OpenAPI document). */
export async function routesOf(base) {
  const r = await api(base, 'GET', '/api/openapi.json');
  const paths = r.json?.paths ?? {};
  const has = (p, method) => Boolean(paths[p]?.[method]);
  return {
    keys: has('/api/keys', 'get'),
    createKey: Object.keys(paths).some((p) => /^\/api\/keys\/\{[^}]+\}$/.test(p) && paths[p].post),
    team: has('/api/team', 'get'),
    sdkSessions: has('/api/sdk/sessions', 'post'),
    sdkSubmissions: has('/api/sdk/submissions', 'post'),
    select1: has('/api/bench/select1', 'get'),
  };
}

let siteStack;

/**
 * The API on PORTS.siteApi (fresh PGlite data with one verified team owner, a sandbox key when the key
 * routes exist) plus static servers for the portal build (PORTS.site) and the bare build (PORTS.bare).
 */
export async function startSiteStack({bare = true} = {}) {
  if (siteStack) return siteStack;
  const dataDir = path.join(WORK, 'data-site');
  rmSync(dataDir, {recursive: true, force: true});
  await withDb({dataDir}, (db) => seedUsers(db, {count: 1, teamSize: 1}));
  log('starting the site API and static servers');
  const apiProcess = await startApi('site-api', apiEnv({port: PORTS.siteApi, dataDir}));
  const {serveStatic} = await import('../../scripts/lib/static-server.mjs');
  const servers = [await serveStatic({dir: BUILD_FASTER, port: PORTS.site, host: HOST})];
  if (bare) servers.push(await serveStatic({dir: BARE_BUILD, port: PORTS.bare, host: HOST}));
  const email = benchEmail(0);
  const routes = await routesOf(apiProcess.url);
  let apiKey = null;
  if (routes.createKey) {
    const token = await login(apiProcess.url, email);
    const r = await api(apiProcess.url, 'POST', '/api/keys/sandbox', {token});
    if (r.status === 201) apiKey = r.json.apiKey ?? r.json.key?.apiKey ?? null;
    else log(`creating a sandbox key answered ${r.status}`);
  }
  const stop = async () => {
    await Promise.all(
      servers.map((s) => {
        const closed = new Promise((r) => s.close(() => r()));
        s.closeAllConnections?.();
        return closed;
      }),
    );
    await apiProcess.stop();
    siteStack = undefined;
  };
  siteStack = {
    apiUrl: apiProcess.url,
    publicApiUrl: SITE_API_URL,
    siteUrl: SITE_URL,
    bareUrl: `http://localhost:${PORTS.bare}`,
    email,
    routes,
    apiKey,
    apiProcess,
    token: () => login(apiProcess.url, email),
    stop,
  };
  onCleanup(() => siteStack?.stop());
  return siteStack;
}
