// The API skeleton: error bodies, headers, health, OpenAPI, logs.
import {describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {build} from './helpers/app.js';

const PORTAL = 'http://localhost:3000';

/** POSTs `payload` as it is written, with the given content type. */
const postRaw = (app: FastifyInstance, url: string, contentType: string, payload: string) =>
  app.inject({method: 'POST', url, headers: {'content-type': contentType}, payload});

describe('error bodies', () => {
  it('answers an unknown route with 404 NOT_FOUND', async () => {
    const {app} = await build();
    const res = await app.inject({method: 'GET', url: '/api/nope'});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({error: {code: 'NOT_FOUND', message: 'Not found.'}});
  });

  it('answers malformed JSON with 400 MISSING_FIELDS', async () => {
    const {app} = await build();
    const res = await postRaw(app, '/api/auth/login', 'application/json', '{"email": "a@b.co", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({error: {code: 'MISSING_FIELDS', message: 'Please fill in all required fields.'}});
  });

  it('answers an empty JSON body and a non-object body with 400 MISSING_FIELDS', async () => {
    const {app} = await build();
    for (const payload of ['', '[]', '"text"', 'null', '42']) {
      const res = await postRaw(app, '/api/auth/forgot-password', 'application/json', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error.code, payload).toMatch(/^(MISSING_FIELDS|EMAIL_REQUIRED)$/);
    }
  });

  it('refuses a body that is not JSON with 415 and an oversized body with 413', async () => {
    const {app} = await build();
    const form = await postRaw(app, '/api/auth/forgot-password', 'application/x-www-form-urlencoded', 'email=a@b.co');
    expect(form.statusCode).toBe(415);
    expect(form.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const huge = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: {email: 'a@b.co', pad: 'x'.repeat(100_000)},
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('hides an unexpected error behind SERVER_ERROR and logs the cause with the request id', async () => {
    const {app, logs} = await build({
      setup: (a) =>
        a.get('/api/test-crash', async () => {
          throw new Error('secret internal detail at /srv/code.ts:42');
        }),
    });
    const res = await app.inject({method: 'GET', url: '/api/test-crash'});
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {code: 'SERVER_ERROR', message: 'Something went wrong. Please try again later.'},
    });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('stack');
    const logged = logs.entries().find((e) => e.msg === 'unhandled error');
    expect(logged).toBeDefined();
    expect(typeof logged!.reqId).toBe('string');
    expect(JSON.stringify(logged!.err)).toContain('secret internal detail');
  });
});

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    const {app} = await build();
    const res = await app.inject({method: 'GET', url: '/api/health'});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({status: 'ok'});
  });

  it('answers 503 when the database does not', async () => {
    const {app, breakDatabase} = await build({breakable: true});
    await breakDatabase();
    const res = await app.inject({method: 'GET', url: '/api/health'});
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('headers', () => {
  it('sends the security headers and no-store', async () => {
    const {app} = await build();
    const res = await app.inject({method: 'GET', url: '/api/health'});
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('allows CORS for PORTAL_URL only, exposing x-new-token', async () => {
    const {app} = await build();
    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin: PORTAL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    // Every method the API's routes take is allowed from the portal (a flow's draft is saved with PUT).
    const methods = String(allowed.headers['access-control-allow-methods']).split(/,\s*/);
    const paths = (await app.inject({method: 'GET', url: '/api/openapi.json'})).json().paths as Record<string, object>;
    const used = new Set(Object.values(paths).flatMap((path) => Object.keys(path).map((m) => m.toUpperCase())));
    expect([...used].filter((method) => !methods.includes(method))).toEqual([]);

    const simple = await app.inject({method: 'GET', url: '/api/health', headers: {origin: PORTAL}});
    expect(simple.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(String(simple.headers['access-control-expose-headers'])).toContain('x-new-token');

    const denied = await app.inject({method: 'GET', url: '/api/health', headers: {origin: 'https://evil.example'}});
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    const deniedPreflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {origin: 'https://evil.example', 'access-control-request-method': 'POST'},
    });
    expect(deniedPreflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('follows a custom PORTAL_URL', async () => {
    const {app} = await build({env: {PORTAL_URL: 'https://portal.example.com/'}});
    const res = await app.inject({method: 'GET', url: '/api/health', headers: {origin: 'https://portal.example.com'}});
    expect(res.headers['access-control-allow-origin']).toBe('https://portal.example.com');
    const old = await app.inject({method: 'GET', url: '/api/health', headers: {origin: PORTAL}});
    expect(old.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('OpenAPI document', () => {
  it('is valid JSON listing every route with its error codes', async () => {
    const {app} = await build();
    const res = await app.inject({method: 'GET', url: '/api/openapi.json'});
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as {
      openapi: string;
      paths: Record<string, Record<string, {responses: Record<string, {description?: string}>}>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`),
    );
    // Every call of the contract is served and documented (the document itself excepted).
    const contract = [
      'POST /api/auth/register',
      'POST /api/auth/login',
      'POST /api/auth/resend-verification',
      'GET /api/auth/verify',
      'GET /api/auth/me',
      'POST /api/auth/logout',
      'PATCH /api/auth/profile',
      'POST /api/auth/change-password',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
      // Recovery without the authenticator: a wait, with a cancel link mailed to the address.
      'POST /api/auth/account-recovery',
      'POST /api/auth/account-recovery/cancel',
      'DELETE /api/auth/account',
      'GET /api/keys',
      'GET /api/keys/{id}/usage',
      'PATCH /api/keys/{id}',
      'POST /api/keys/sandbox',
      'POST /api/keys/production',
      'POST /api/keys/{id}/rotate',
      'DELETE /api/keys/{id}/revoke',
      'GET /api/team',
      'POST /api/team/add',
      'DELETE /api/team/{id}',
      'POST /api/sdk/sessions',
      'GET /api/health',
      // Liveness and readiness for orchestrators and load balancers.
      'GET /api/health/live',
      'GET /api/health/ready',
      // Teams by consent: invitations, roles, transfer, leave.
      'POST /api/team/invitations/{id}/resend',
      'DELETE /api/team/invitations/{id}',
      'PATCH /api/team/{id}',
      'POST /api/team/transfer',
      'POST /api/team/leave',
      // A team of one's own, for a user in no team.
      'POST /api/team',
      // Production access: the owner asks, the operator answers from the command line.
      'GET /api/team/production-access',
      'POST /api/team/production-access',
      'POST /api/invitations/lookup',
      'POST /api/invitations/accept',
      'POST /api/invitations/decline',
      // Two-factor sign-in.
      'POST /api/auth/login/two-factor',
      'POST /api/auth/two-factor/setup',
      'POST /api/auth/two-factor/enable',
      'POST /api/auth/two-factor/recovery-codes',
      'POST /api/auth/two-factor/disable',
      // The sessions list.
      'GET /api/auth/sessions',
      'DELETE /api/auth/sessions/{id}',
      'POST /api/auth/sessions/sign-out-others',
      // Passkeys.
      'GET /api/auth/passkeys',
      'POST /api/auth/passkeys/options',
      'POST /api/auth/passkeys',
      'PATCH /api/auth/passkeys/{id}',
      'DELETE /api/auth/passkeys/{id}',
      'POST /api/auth/login/passkey/options',
      'POST /api/auth/login/passkey',
      // The team's two-factor policy.
      'PATCH /api/team/settings',
      // The activity log.
      'GET /api/activity',
      'GET /api/activity/export',
      // Submissions: the widget's submit, the Submissions page, server keys and the submissions API.
      'POST /api/sdk/submissions',
      'GET /api/submissions',
      'GET /api/submissions/{id}',
      'DELETE /api/submissions/{id}',
      'GET /api/submissions/retention',
      'PATCH /api/submissions/retention',
      'GET /api/server-keys',
      'POST /api/server-keys',
      'POST /api/server-keys/{id}/roll',
      'DELETE /api/server-keys/{id}',
      'GET /api/v1/submissions',
      'GET /api/v1/submissions/{id}',
      'DELETE /api/v1/submissions/{id}',
      // The webhooks' test inbox: the portal's two calls, and where deliveries arrive.
      'GET /api/webhook-inbox',
      'POST /api/webhook-inbox',
      'POST /api/webhook-inbox/{inboxId}',
      // Webhook endpoints and their delivery log.
      'GET /api/webhooks',
      'POST /api/webhooks',
      'PATCH /api/webhooks/{id}',
      'DELETE /api/webhooks/{id}',
      'POST /api/webhooks/{id}/secret',
      'POST /api/webhooks/{id}/secret/roll',
      'POST /api/webhooks/{id}/test',
      'GET /api/webhooks/{id}/deliveries',
      'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend',
      'POST /api/webhooks/{id}/recover',
      // The team's own flows: drafts, versions, export.
      'GET /api/flows',
      'POST /api/flows',
      'GET /api/flows/{flowId}',
      'PUT /api/flows/{flowId}/draft',
      'DELETE /api/flows/{flowId}',
      'POST /api/flows/{flowId}/publish',
      'GET /api/flows/{flowId}/versions/{number}',
      'GET /api/flows/{flowId}/export',
      'POST /api/flows/{flowId}/archive',
      'POST /api/flows/{flowId}/restore',
    ];
    expect([...documented].sort()).toEqual([...contract].sort());
    for (const route of contract) {
      const [method, url] = route.split(' ') as [string, string];
      expect(app.hasRoute({method: method as 'GET', url: url.replace(/\{(\w+)\}/g, ':$1')}), route).toBe(true);
    }
    const login = doc.paths['/api/auth/login']!.post!;
    expect(login.responses['423']!.description).toContain('LOCKED');
    expect(login.responses['401']!.description).toContain('INVALID_CREDENTIALS');
    // EMAIL_NOT_VERIFIED speaks of signing in where one signs in, and of the action refused elsewhere.
    const unverified = (method: string, path: string) =>
      /EMAIL_NOT_VERIFIED: ([^|]*)/.exec(doc.paths[path]![method]!.responses['403']!.description ?? '')?.[1]?.trim();
    expect(unverified('post', '/api/auth/login')).toBe(
      'Please verify your email before logging in. Check your inbox for the verification link.',
    );
    for (const [method, path] of [
      ['post', '/api/keys/sandbox'],
      ['post', '/api/keys/{id}/rotate'],
      ['delete', '/api/keys/{id}/revoke'],
      ['patch', '/api/keys/{id}'],
    ] as const) {
      expect(unverified(method, path), `${method} ${path}`).toBe(
        'Please verify your email before creating, changing, rotating or revoking API keys. Check your inbox for the verification link.',
      );
    }
    expect(unverified('post', '/api/team/add')).toBe(
      'Please verify your email before inviting members. Check your inbox for the verification link.',
    );
  });
});

describe('benchmark floor routes', () => {
  it('are not mounted unless BENCH_ROUTES is set, and then answer without appearing in the OpenAPI document', async () => {
    const plain = await build();
    expect((await plain.app.inject({method: 'GET', url: '/api/bench/select1'})).statusCode).toBe(404);

    const bench = await build({env: {BENCH_ROUTES: '1'}});
    const res = await bench.app.inject({method: 'GET', url: '/api/bench/select1'});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ok: true});
    const document = (await bench.app.inject({method: 'GET', url: '/api/openapi.json'})).json();
    expect(Object.keys(document.paths).filter((p) => p.startsWith('/api/bench'))).toEqual([]);
  });
});
