// /api/server-keys: keys for a clinic's backend, per environment, shown once and stored as a hash; the browser keys'
// rules (verified email, production-ready teams, at most ACTIVE_KEYS_PER_TEAM active, counted apart from browser
// keys), managed by owners and admins; never a browser key. A user's own keys become the team's it starts or joins.
import {describe, expect, it, onTestFinished} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {buildApp} from '../../src/app.js';
import {exampleAnswers} from '@intakekit/contract/answers';
import {findFlow} from '@intakekit/contract/flow-catalogue';
import {parseApiKey} from '../../src/lib/api-key-format.js';
import {hashToken} from '../../src/lib/tokens.js';
import {build, type TestContext} from '../helpers/app.js';
import {authed, login, register, signedIn} from '../helpers/accounts.js';
import {expectRefusal} from '../helpers/refusals.js';
import {teamOfThree} from '../helpers/team.js';
import {startSdkSession} from '../helpers/sdk-session.js';

const SERVER_KEY = /^ik_server_sandbox_[0-9A-Za-z]{42}$/;
const KEY_LIMIT_REACHED = {
  code: 'KEY_LIMIT_REACHED',
  message: 'You have reached the limit of active API keys. Revoke a key you no longer use, then create a new one.',
};

function listSubmissions(ctx: TestContext | {app: FastifyInstance}, key: string) {
  return ctx.app.inject({method: 'GET', url: '/api/v1/submissions', headers: {authorization: `Bearer ${key}`}});
}

describe('POST /api/server-keys', () => {
  it('creates a server key shown whole once, listed masked, stored as its hash only', async () => {
    const ctx = await build();
    const token = await signedIn(ctx.app, ctx.mail, 'ada@example.com');
    const res = await authed(ctx.app, token, 'POST', '/api/server-keys', {
      environment: 'sandbox',
      name: ' EHR bridge ',
    });
    expect(res.statusCode).toBe(201);
    const {apiKey, key} = res.json();
    expect(apiKey).toMatch(SERVER_KEY);
    expect(parseApiKey(apiKey, 'server')).toBe('sandbox');
    expect(parseApiKey(apiKey)).toBeUndefined();
    expect(key).toEqual({
      id: expect.any(String),
      environment: 'sandbox',
      name: 'EHR bridge',
      apiKey: `${apiKey.slice(0, 8)}${'*'.repeat(apiKey.length - 16)}${apiKey.slice(-8)}`,
      status: 'active',
      createdAt: '2026-01-15T09:00:00.000Z',
      revokedAt: null,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await authed(ctx.app, token, 'GET', '/api/server-keys')).json()).toEqual({keys: [key]});
    // The browser keys' list and its key types are untouched.
    expect((await authed(ctx.app, token, 'GET', '/api/keys')).json().keys).toEqual([]);

    const row = await ctx.app.db.selectFrom('server_keys').selectAll().executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashToken(apiKey));
    expect(JSON.stringify(row)).not.toContain(apiKey.slice(18, 44));
    // The event names the key by its ending, never the key.
    const events = await ctx.app.db.selectFrom('activity_events').select(['action', 'target_label']).execute();
    expect(events.filter((e) => e.action.startsWith('key.'))).toEqual([
      {action: 'key.created', target_label: `EHR bridge (server key ending ${apiKey.slice(-8)})`},
    ]);
  });

  it('refuses an unverified user, a bad name, and production keys until the team is production-ready', async () => {
    const ctx = await build({env: {LOGIN_REQUIRES_VERIFIED_EMAIL: 'false'}});
    const {app, mail} = ctx;
    await register(app, 'new@example.com');
    const unverified = (await login(app, 'new@example.com')).json().token as string;
    expectRefusal(await authed(app, unverified, 'POST', '/api/server-keys', {environment: 'sandbox', name: 'x'}), 403, {
      code: 'EMAIL_NOT_VERIFIED',
      message:
        'Please verify your email before creating, changing, rotating or revoking API keys. Check your inbox for the verification link.',
    });
    const owner = await signedIn(app, mail, 'ada@example.com', {teamName: 'Acme'});
    expectRefusal(await authed(app, owner, 'POST', '/api/server-keys', {environment: 'sandbox', name: '  '}), 400, {
      code: 'INVALID_KEY_SETTINGS',
      message: 'Enter a name of 1-64 characters.',
    });
    const production = {environment: 'production', name: 'EHR'};
    expect((await authed(app, owner, 'POST', '/api/server-keys', production)).json().error.code).toBe(
      'PRODUCTION_NOT_READY',
    );
    await app.db.updateTable('teams').set({production_ready: true}).execute();
    const created = await authed(app, owner, 'POST', '/api/server-keys', production);
    expect(created.statusCode).toBe(201);
    expect(created.json().apiKey).toMatch(/^ik_server_production_[0-9A-Za-z]{42}$/);
    expect(await app.db.selectFrom('server_keys').select('key_type').execute()).toEqual([{key_type: 'production'}]);
  });

  it('lets owners and admins manage server keys; a member sees the list but is refused with FORBIDDEN', async () => {
    const ctx = await build();
    const {owner, member, admin} = await teamOfThree(ctx);
    const body = {environment: 'sandbox', name: 'EHR'};
    expectRefusal(await authed(ctx.app, member, 'POST', '/api/server-keys', body), 403, {
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this.',
    });
    const byAdmin = (await authed(ctx.app, admin, 'POST', '/api/server-keys', body)).json().key;
    expect((await authed(ctx.app, owner, 'GET', '/api/server-keys')).json().keys).toEqual([byAdmin]);
    expect((await authed(ctx.app, member, 'GET', '/api/server-keys')).json().keys).toEqual([byAdmin]);
    for (const [method, url] of [
      ['POST', `/api/server-keys/${byAdmin.id}/roll`],
      ['DELETE', `/api/server-keys/${byAdmin.id}`],
    ] as const) {
      expect((await authed(ctx.app, member, method, url)).json().error.code).toBe('FORBIDDEN');
    }
    expect((await authed(ctx.app, owner, 'DELETE', `/api/server-keys/${byAdmin.id}`)).statusCode).toBe(200);
    // Another owner's key is not found.
    const outsider = await signedIn(ctx.app, ctx.mail, 'out@example.com');
    expect((await authed(ctx.app, outsider, 'POST', `/api/server-keys/${byAdmin.id}/roll`)).statusCode).toBe(404);
  });
});

describe('the limit of active server keys', () => {
  it('answers KEY_LIMIT_REACHED and creates nothing past ACTIVE_KEYS_PER_TEAM; browser keys count apart; a revoke frees a place', async () => {
    const ctx = await build({env: {ACTIVE_KEYS_PER_TEAM: '2'}});
    const token = await signedIn(ctx.app, ctx.mail, 'ada@example.com', {teamName: 'Acme'});
    const create = (name: string) => authed(ctx.app, token, 'POST', '/api/server-keys', {environment: 'sandbox', name});
    // Two browser keys fill the browser keys' limit, not the server keys'.
    for (let i = 0; i < 2; i++)
      expect((await authed(ctx.app, token, 'POST', '/api/keys/sandbox')).statusCode).toBe(201);
    const first = (await create('EHR 1')).json().key;
    expect((await create('EHR 2')).statusCode).toBe(201);
    const listed = (await authed(ctx.app, token, 'GET', '/api/server-keys')).json();

    expectRefusal(await create('EHR 3'), 409, KEY_LIMIT_REACHED);
    expect((await authed(ctx.app, token, 'GET', '/api/server-keys')).json()).toEqual(listed);
    expect(await ctx.app.db.selectFrom('server_keys').select('name').orderBy('name').execute()).toEqual([
      {name: 'EHR 1'},
      {name: 'EHR 2'},
    ]);
    const created = await ctx.app.db
      .selectFrom('activity_events')
      .select('target_label')
      .where('action', '=', 'key.created')
      .execute();
    expect(created.filter((e) => e.target_label?.includes('server key'))).toHaveLength(2);

    expect((await authed(ctx.app, token, 'DELETE', `/api/server-keys/${first.id}`)).statusCode).toBe(200);
    expect((await create('EHR 3')).statusCode).toBe(201);
    expectRefusal(await create('EHR 4'), 409, KEY_LIMIT_REACHED);
  });
});

describe('a server key in use', () => {
  it('reads the submissions API and is refused by the SDK session call; a browser key is refused by the API', async () => {
    const ctx = await build();
    const token = await signedIn(ctx.app, ctx.mail, 'ada@example.com');
    const server = (
      await authed(ctx.app, token, 'POST', '/api/server-keys', {environment: 'sandbox', name: 'EHR'})
    ).json().apiKey as string;
    const browser = (await authed(ctx.app, token, 'POST', '/api/keys/sandbox')).json().apiKey as string;
    expect((await listSubmissions(ctx, server)).json()).toEqual({submissions: [], nextCursor: null});
    expect((await startSdkSession(ctx.app, browser)).statusCode).toBe(200);

    const invalidKey = {code: 'INVALID_API_KEY', message: 'The API key is missing, invalid or revoked.'};
    expectRefusal(await startSdkSession(ctx.app, server), 401, invalidKey);
    expectRefusal(await listSubmissions(ctx, browser), 401, invalidKey);
    // A server key's shape with a browser key's prefix, and a checksum that fails, are refused the same way.
    expectRefusal(await listSubmissions(ctx, server.replace('ik_server_', 'ik_')), 401, invalidKey);
    expectRefusal(
      await listSubmissions(ctx, `${server.slice(0, -1)}${server.endsWith('A') ? 'B' : 'A'}`),
      401,
      invalidKey,
    );
    expectRefusal(await ctx.app.inject({method: 'GET', url: '/api/v1/submissions'}), 401, invalidKey);
    // Never from a page: no clinic origin may read the submissions API from a browser (CORS allows the SDK's routes only).
    const fromPage = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/submissions',
      headers: {origin: 'https://clinic.example', authorization: `Bearer ${server}`},
    });
    expect(fromPage.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('is refused at once after a revoke or a roll, on this process and on another over the same database', async () => {
    const ctx = await build();
    const token = await signedIn(ctx.app, ctx.mail, 'ada@example.com');
    // A second API process over the same database, which has used the key just before.
    const other = {app: await buildApp(ctx.config, {db: ctx.app.db})};
    onTestFinished(() => other.app.close());
    await other.app.ready();
    const created = (
      await authed(ctx.app, token, 'POST', '/api/server-keys', {environment: 'sandbox', name: 'EHR'})
    ).json();
    expect((await listSubmissions(ctx, created.apiKey)).statusCode).toBe(200);
    expect((await listSubmissions(other, created.apiKey)).statusCode).toBe(200);

    const rolled = await authed(ctx.app, token, 'POST', `/api/server-keys/${created.key.id}/roll`);
    expect(rolled.statusCode).toBe(200);
    const successor = rolled.json();
    expect(successor.key).toMatchObject({name: 'EHR', environment: 'sandbox', status: 'active'});
    expect(successor.apiKey).toMatch(SERVER_KEY);
    expect((await listSubmissions(ctx, created.apiKey)).statusCode).toBe(401);
    expect((await listSubmissions(other, created.apiKey)).statusCode).toBe(401);
    expect((await listSubmissions(other, successor.apiKey)).statusCode).toBe(200);
    const keys = (await authed(ctx.app, token, 'GET', '/api/server-keys')).json().keys;
    expect(keys.map((k: {id: string; status: string}) => [k.id, k.status])).toEqual([
      [successor.key.id, 'active'],
      [created.key.id, 'revoked'],
    ]);
    // A second roll of the old key finds it revoked.
    expect((await authed(ctx.app, token, 'POST', `/api/server-keys/${created.key.id}/roll`)).statusCode).toBe(404);

    const revoked = await authed(ctx.app, token, 'DELETE', `/api/server-keys/${successor.key.id}`);
    expect(revoked.json().key).toMatchObject({status: 'revoked', revokedAt: '2026-01-15T09:00:00.000Z'});
    expect((await listSubmissions(other, successor.apiKey)).statusCode).toBe(401);
    // Revoking again answers the key as it is.
    expect((await authed(ctx.app, token, 'DELETE', `/api/server-keys/${successor.key.id}`)).statusCode).toBe(200);
    // In the order they were written: without ORDER BY, PostgreSQL may return them in any order.
    const actions = await ctx.app.db.selectFrom('activity_events').select('action').orderBy('id').execute();
    expect(actions.map((a) => a.action).filter((a) => a.startsWith('key.'))).toEqual([
      'key.created',
      'key.rotated',
      'key.revoked',
      'key.revoked',
    ]);
  });
});

describe('a personal server key', () => {
  it('moves into the team its user starts, with the submissions, and keeps reading them', async () => {
    const ctx = await build();
    const token = await signedIn(ctx.app, ctx.mail, 'solo@example.com');
    const {apiKey} = (
      await authed(ctx.app, token, 'POST', '/api/server-keys', {environment: 'sandbox', name: 'EHR'})
    ).json();
    const browserKey = (await authed(ctx.app, token, 'POST', '/api/keys/sandbox')).json().apiKey as string;
    const session = (await startSdkSession(ctx.app, browserKey)).json();
    const answers = exampleAnswers(findFlow('new-patient')!);
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: '/api/sdk/submissions',
      headers: {authorization: `Bearer ${browserKey}`},
      payload: {sessionToken: session.sessionToken, answers},
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const before = (await listSubmissions(ctx, apiKey)).json().submissions;
    expect(before).toHaveLength(1);
    expect((await authed(ctx.app, token, 'POST', '/api/team', {name: 'Solo Clinic'})).statusCode).toBe(201);
    expect((await listSubmissions(ctx, apiKey)).json().submissions).toEqual(before);
    expect((await authed(ctx.app, token, 'GET', '/api/server-keys')).json().keys).toHaveLength(1);
  });

  it('moves into the team its user joins by accepting an invitation, with the submissions, and keeps reading them', async () => {
    const ctx = await build();
    const owner = await signedIn(ctx.app, ctx.mail, 'owner@example.com', {teamName: 'Acme'});
    const token = await signedIn(ctx.app, ctx.mail, 'solo@example.com');
    const created = (
      await authed(ctx.app, token, 'POST', '/api/server-keys', {environment: 'sandbox', name: 'EHR'})
    ).json();
    const browserKey = (await authed(ctx.app, token, 'POST', '/api/keys/sandbox')).json().apiKey as string;
    const session = (await startSdkSession(ctx.app, browserKey)).json();
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: '/api/sdk/submissions',
      headers: {authorization: `Bearer ${browserKey}`},
      payload: {sessionToken: session.sessionToken, answers: exampleAnswers(findFlow('new-patient')!)},
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const before = (await listSubmissions(ctx, created.apiKey)).json().submissions;
    expect(before).toHaveLength(1);

    expect((await authed(ctx.app, owner, 'POST', '/api/team/add', {email: 'solo@example.com'})).statusCode).toBe(201);
    const invitation = await ctx.mail.lastToken('solo@example.com', 'accept-invitation');
    const accepted = await authed(ctx.app, token, 'POST', '/api/invitations/accept', {token: invitation});
    expect(accepted.statusCode, accepted.body).toBe(200);

    // The key is the team's now: its owner manages it, the one who made it (a member) still sees it.
    expect((await authed(ctx.app, owner, 'GET', '/api/server-keys')).json().keys).toEqual([created.key]);
    expect((await authed(ctx.app, token, 'GET', '/api/server-keys')).json().keys).toEqual([created.key]);
    const row = await ctx.app.db.selectFrom('server_keys').select(['user_id', 'team_id']).executeTakeFirstOrThrow();
    expect(row).toEqual({user_id: null, team_id: expect.any(String)});
    expect((await listSubmissions(ctx, created.apiKey)).json().submissions).toEqual(before);
    expect((await authed(ctx.app, owner, 'DELETE', `/api/server-keys/${created.key.id}`)).statusCode).toBe(200);
    expect((await listSubmissions(ctx, created.apiKey)).statusCode).toBe(401);
  });
});
