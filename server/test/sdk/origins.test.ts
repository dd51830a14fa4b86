// POST /api/sdk/sessions for keys in web pages: allowed origins, the per-key limit, and the usage and
// request log each key keeps (written in batches).
import {describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {ORIGINS_NO_BROWSER_SENDS} from '../../../contract/test/fixtures/origins.js';
import {build} from '../helpers/app.js';
import {authed, login, signedIn} from '../helpers/accounts.js';

function start(app: FastifyInstance, apiKey: string, origin?: string, payload: object = {flowId: 'new-patient'}) {
  return app.inject({
    method: 'POST',
    url: '/api/sdk/sessions',
    headers: {authorization: `Bearer ${apiKey}`, ...(origin && {origin})},
    payload: payload as Record<string, unknown>,
  });
}

async function keyWith(settings: object, type: 'sandbox' | 'production' = 'sandbox') {
  const context = await build();
  const token = await signedIn(context.app, context.mail, 'ada@example.com', {teamName: 'Acme'});
  await context.app.db.updateTable('teams').set({production_ready: true}).execute();
  const created = (await authed(context.app, token, 'POST', `/api/keys/${type}`, settings)).json();
  return {...context, token, apiKey: created.apiKey as string, id: created.key.id as string};
}

describe('allowed origins', () => {
  it('lets an exact origin in and refuses others, naming the origin to add', async () => {
    const {app, apiKey} = await keyWith({allowedOrigins: ['https://clinic.example', 'http://localhost:5173']});
    expect((await start(app, apiKey, 'https://clinic.example')).statusCode).toBe(200);
    expect((await start(app, apiKey, 'http://localhost:5173')).statusCode).toBe(200);
    for (const origin of [
      'https://evil.example',
      'http://clinic.example',
      'https://clinic.example:8443',
      'https://app.clinic.example',
      'http://localhost:5174',
    ]) {
      const res = await start(app, apiKey, origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error).toEqual({
        code: 'ORIGIN_NOT_ALLOWED',
        message: `${origin} is not an allowed origin for this key. Add it on the API Keys page.`,
      });
    }
  });

  it('matches a wildcard entry with exactly one label', async () => {
    const {app, apiKey} = await keyWith({allowedOrigins: ['https://*.clinic.example']});
    expect((await start(app, apiKey, 'https://portal.clinic.example')).statusCode).toBe(200);
    expect((await start(app, apiKey, 'https://clinic.example')).statusCode).toBe(403);
    expect((await start(app, apiKey, 'https://a.b.clinic.example')).statusCode).toBe(403);
    expect((await start(app, apiKey, 'https://portal.clinic.example.evil.example')).statusCode).toBe(403);
  });

  it('refuses a wildcard over a public suffix, multi-label and private ones included, as it refuses *.com', async () => {
    const {app, token, id} = await keyWith({});
    for (const entry of ['https://*.com', 'https://*.co.uk', 'https://*.github.io', 'https://*.pages.dev']) {
      const res = await authed(app, token, 'PATCH', `/api/keys/${id}`, {allowedOrigins: [entry]});
      expect({entry, status: res.statusCode, error: res.json().error}).toEqual({
        entry,
        status: 400,
        error: {
          code: 'INVALID_KEY_SETTINGS',
          message: `${entry} is not a valid origin: a wildcard needs a domain of at least two labels after it (*.clinic.example).`,
        },
      });
    }
    const own = await authed(app, token, 'PATCH', `/api/keys/${id}`, {
      allowedOrigins: ['https://*.clinic.co.uk', 'https://*.acme.github.io'],
    });
    expect(own.json().key.allowedOrigins).toEqual(['https://*.clinic.co.uk', 'https://*.acme.github.io']);
  });

  it('lets a wildcard over a public suffix saved before the rule match nothing', async () => {
    const {app, apiKey, id} = await keyWith({allowedOrigins: ['https://*.clinic.example']});
    await app.db
      .updateTable('api_keys')
      .set({allowed_origins: ['https://*.github.io', 'https://*.clinic.example']})
      .where('id', '=', id)
      .execute();
    expect((await start(app, apiKey, 'https://someone.github.io')).statusCode).toBe(403);
    expect((await start(app, apiKey, 'https://app.clinic.example')).statusCode).toBe(200);
  });

  it('never matches an Origin header no browser sends (a path, user info, upper case) to a wildcard entry', async () => {
    const {app, apiKey} = await keyWith({allowedOrigins: ['https://*.clinic.example']});
    for (const origin of ORIGINS_NO_BROWSER_SENDS) {
      expect((await start(app, apiKey, origin)).statusCode, origin).toBe(403);
    }
    expect((await start(app, apiKey, 'https://app.clinic.example')).statusCode).toBe(200);
  });

  it('refuses a restricted key without an Origin header, saying so', async () => {
    const {app, apiKey} = await keyWith({allowedOrigins: ['https://clinic.example']});
    const res = await start(app, apiKey);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/no Origin header/);
  });

  it('lets a sandbox key with no list work anywhere, and a production key with no list work nowhere', async () => {
    const sandbox = await keyWith({});
    expect((await start(sandbox.app, sandbox.apiKey, 'https://anything.example')).statusCode).toBe(200);
    expect((await start(sandbox.app, sandbox.apiKey)).statusCode).toBe(200);
    const production = await keyWith({}, 'production');
    const pro = {flowId: 'new-patient', env: 'pro'};
    expect((await start(production.app, production.apiKey, 'https://clinic.example', pro)).statusCode).toBe(403);
    expect((await start(production.app, production.apiKey, undefined, pro)).statusCode).toBe(403);
    await authed(production.app, production.token, 'PATCH', `/api/keys/${production.id}`, {
      allowedOrigins: ['https://clinic.example'],
    });
    expect((await start(production.app, production.apiKey, 'https://clinic.example', pro)).statusCode).toBe(200);
  });

  it("always lets the portal's own origin use a sandbox key (the Demo), never a production key", async () => {
    const sandbox = await keyWith({allowedOrigins: ['https://clinic.example']});
    const portal = new URL(sandbox.config.portalUrl).origin;
    expect((await start(sandbox.app, sandbox.apiKey, portal)).statusCode).toBe(200);
    const production = await keyWith({allowedOrigins: ['https://clinic.example']}, 'production');
    expect(
      (await start(production.app, production.apiKey, portal, {flowId: 'new-patient', env: 'pro'})).statusCode,
    ).toBe(403);
  });

  it('takes effect at once on the next request after a change', async () => {
    const {app, token, apiKey, id} = await keyWith({});
    expect((await start(app, apiKey, 'https://evil.example')).statusCode).toBe(200);
    await authed(app, token, 'PATCH', `/api/keys/${id}`, {allowedOrigins: ['https://clinic.example']});
    expect((await start(app, apiKey, 'https://evil.example')).statusCode).toBe(403);
  });
});

describe('the limit of each key', () => {
  it("answers RATE_LIMIT_EXCEEDED with Retry-After past the key's own sessions a minute", async () => {
    const {app, token, apiKey, id} = await keyWith({rateLimitPerMinute: 3});
    for (let i = 0; i < 3; i++) expect((await start(app, apiKey)).statusCode).toBe(200);
    const refused = await start(app, apiKey);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Raising the limit lets the key go on within the same minute.
    await authed(app, token, 'PATCH', `/api/keys/${id}`, {rateLimitPerMinute: 10});
    expect((await start(app, apiKey)).statusCode).toBe(200);
  });
});

describe('usage and the request log', () => {
  it('lists every request that presented the key, refused ones included, newest first', async () => {
    const {app, token, apiKey, id, clock} = await keyWith({allowedOrigins: ['https://clinic.example']});
    await start(app, apiKey, 'https://clinic.example');
    clock.advance(1000);
    await start(app, apiKey, 'https://evil.example');
    clock.advance(1000);
    await start(app, apiKey, 'https://clinic.example', {flowId: ''});
    await app.keyUsage.flush();
    const usage = (await authed(app, token, 'GET', `/api/keys/${id}/usage`)).json();
    expect(
      usage.requests.map((r: {origin: string; outcome: string; status: number}) => [r.origin, r.outcome, r.status]),
    ).toEqual([
      ['https://clinic.example', 'MISSING_FIELDS', 400],
      ['https://evil.example', 'ORIGIN_NOT_ALLOWED', 403],
      ['https://clinic.example', 'OK', 200],
    ]);
    expect(usage.requests[2].at).toBe('2026-01-15T09:00:00.000Z');
    expect(usage.requests.every((r: {latencyMs: number}) => r.latencyMs >= 0)).toBe(true);
    expect(usage.origins.map((o: {origin: string; requests: number}) => [o.origin, o.requests])).toEqual([
      ['https://clinic.example', 2],
      ['https://evil.example', 1],
    ]);
    const keys = (await authed(app, token, 'GET', '/api/keys')).json().keys;
    expect(keys[0].lastUsedAt).toBe('2026-01-15T09:00:00.000Z');
  });

  it('logs a revoked key still in use somewhere, and keeps the newest 100 requests', async () => {
    const {app, token, apiKey, id} = await keyWith({});
    await authed(app, token, 'DELETE', `/api/keys/${id}/revoke`, {});
    for (let i = 0; i < 105; i++) await start(app, apiKey, 'https://old-page.example');
    await app.keyUsage.flush();
    const usage = (await authed(app, token, 'GET', `/api/keys/${id}/usage`)).json();
    expect(usage.requests).toHaveLength(100);
    expect(new Set(usage.requests.map((r: {outcome: string}) => r.outcome))).toEqual(new Set(['INVALID_API_KEY']));
    expect(usage.origins).toEqual([
      {origin: 'https://old-page.example', lastSeenAt: expect.any(String), requests: 105},
    ]);
    expect(await app.db.selectFrom('api_key_requests').select('id').execute()).toHaveLength(100);
  });

  it('counts sessions per UTC day over the last 30 days, with every day listed', async () => {
    const {app, apiKey, id, clock} = await keyWith({});
    await start(app, apiKey);
    await start(app, apiKey);
    clock.advance(86_400_000);
    await start(app, apiKey);
    await start(app, apiKey, undefined, {flowId: ''});
    await app.keyUsage.flush();
    const token = (await login(app, 'ada@example.com')).json().token as string;
    const {days} = (await authed(app, token, 'GET', `/api/keys/${id}/usage`)).json();
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({day: '2026-01-16', sessions: 1});
    expect(days.at(-2)).toEqual({day: '2026-01-15', sessions: 2});
    expect(days[0].day).toBe('2025-12-18');
    expect(days.slice(0, -2).every((d: {sessions: number}) => d.sessions === 0)).toBe(true);
  });

  it('writes what is pending when the app closes', async () => {
    const {app, apiKey, id} = await keyWith({});
    await start(app, apiKey, 'https://clinic.example');
    const db = app.db;
    await app.close();
    expect(await db.selectFrom('api_key_requests').select('key_id').execute()).toEqual([{key_id: id}]);
  });
});
