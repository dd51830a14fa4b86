// What an operator relies on: liveness apart from readiness, load shedding in the error shape, and
// Prometheus metrics behind a token.
import {describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {build} from '../helpers/app.js';
import {authed, login, signedIn} from '../helpers/accounts.js';

const SECURITY_HEADERS = ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'cache-control'];
const TOKEN = 'metrics-token-for-tests-0123456789';

function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({method: 'GET', url, headers});
}

describe('liveness and readiness', () => {
  it('answers live without the database, and ready only while the database answers', async () => {
    const {app, breakDatabase} = await build({breakable: true});
    expect((await get(app, '/api/health/live')).json()).toEqual({status: 'ok'});
    const ready = await get(app, '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({status: 'ok'});
    expect((await get(app, '/api/health')).statusCode).toBe(200);

    await breakDatabase();
    const live = await get(app, '/api/health/live');
    expect(live.statusCode).toBe(200);
    const notReady = await get(app, '/api/health/ready');
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect((await get(app, '/api/health')).statusCode).toBe(503);
  });

  it('lists both in the OpenAPI document', async () => {
    const {app} = await build();
    const paths = Object.keys((await get(app, '/api/openapi.json')).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/health/live', '/api/health/ready']));
  });
});

describe('load shedding', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After and the security headers under pressure, but never on liveness', async () => {
    // A heap ceiling of 1 MB is always exceeded: the process is "under pressure" from its first sample.
    const {app} = await build({env: {LOAD_SHED_HEAP_MB: '1'}});
    const plain = await get(app, '/api/nope');
    // What opening the database cost the event loop before the app was ready is not load.
    expect((await get(app, '/api/health')).statusCode).toBe(200);
    await expect
      .poll(async () => (await get(app, '/api/health')).statusCode, {timeout: 10_000, interval: 100})
      .toBe(503);
    for (const url of ['/api/health', '/api/health/ready', '/api/keys']) {
      const res = await get(app, url);
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is temporarily unavailable. Please try again later.',
        },
      });
      expect(Number(res.headers['retry-after']), url).toBeGreaterThan(0);
      for (const header of SECURITY_HEADERS)
        expect(res.headers[header], `${url} ${header}`).toBe(plain.headers[header]);
    }
    expect((await get(app, '/api/health/live')).statusCode).toBe(200);
  });

  it('sheds nothing with the default thresholds', async () => {
    // The test helper turns shedding off; this app has the production default back.
    const {app} = await build({env: {LOAD_SHED_EVENT_LOOP_MS: '1000'}});
    expect((await get(app, '/api/health')).statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('is not served without METRICS_TOKEN', async () => {
    const {app} = await build();
    const res = await get(app, '/metrics', {authorization: `Bearer ${TOKEN}`});
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses a missing or wrong bearer token with 401', async () => {
    const {app} = await build({env: {METRICS_TOKEN: TOKEN}});
    const attempts: Record<string, string>[] = [
      {},
      {authorization: 'Bearer wrong'},
      {authorization: `Bearer ${TOKEN}x`},
      {authorization: TOKEN},
    ];
    for (const headers of attempts) {
      const res = await get(app, '/metrics', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('counts requests and latency per route pattern, 429 refusals, and process metrics', async () => {
    const {app, mail} = await build({env: {METRICS_TOKEN: TOKEN, AUTH_RATE_LIMIT: '3'}});
    const token = await signedIn(app, mail, 'ada@example.com');
    const {key} = (await authed(app, token, 'POST', '/api/keys/sandbox')).json();
    await authed(app, token, 'DELETE', `/api/keys/${key.id}/revoke`, {});
    // The limit is per auth route: the fourth sign-in from this address in a minute is refused.
    await login(app, 'ada@example.com');
    await login(app, 'ada@example.com');
    const refused = await login(app, 'ada@example.com');
    expect(refused.statusCode).toBe(429);

    const res = await get(app, '/metrics', {authorization: `Bearer ${TOKEN}`});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(
      /^intakekit_http_requests_total\{method="DELETE",route="\/api\/keys\/:id\/revoke",status_class="2xx"\} 1$/m,
    );
    expect(text).toMatch(
      /^intakekit_http_requests_total\{method="POST",route="\/api\/auth\/login",status_class="4xx"\} 1$/m,
    );
    expect(text).toMatch(
      /^intakekit_http_request_duration_seconds_count\{method="POST",route="\/api\/keys\/sandbox",status_class="2xx"\} 1$/m,
    );
    expect(text).toMatch(/^intakekit_rate_limit_refusals_total\{route="\/api\/auth\/login"\} 1$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    // No key id, token or address in a label: the route pattern only.
    expect(text).not.toContain(key.id);
    // PGlite has no connection pool to report.
    expect(text).not.toMatch(/^intakekit_db_pool_connections\{/m);
  });

  it('reports gauges registered by other parts of the app when scraped', async () => {
    const {app} = await build({
      env: {METRICS_TOKEN: TOKEN},
      setup: (a) => a.metrics.addGauge('intakekit_test_depth', 'A depth read at scrape time.', async () => 7),
    });
    const res = await get(app, '/metrics', {authorization: `Bearer ${TOKEN}`});
    expect(res.body).toMatch(/^intakekit_test_depth 7$/m);
  });

  it('reports the mail outbox depth: emails neither sent nor given up', async () => {
    const {app} = await build({env: {METRICS_TOKEN: TOKEN}});
    const now = new Date();
    const later = new Date(now.getTime() + 3_600_000);
    const row = {kind: 'verify-email', payload: null, created_at: now, next_attempt_at: later};
    await app.db
      .insertInto('mail_outbox')
      .values([row, row, {...row, sent_at: now}, {...row, failed_at: now}])
      .execute();
    const res = await get(app, '/metrics', {authorization: `Bearer ${TOKEN}`});
    expect(res.body).toMatch(/^intakekit_mail_outbox_pending 2$/m);
  });
});
