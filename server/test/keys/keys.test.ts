// /api/keys: list, create, rotate, revoke.
import {describe, expect, it} from 'vitest';
import {parseApiKey} from '../../src/lib/api-key-format.js';
import {build} from '../helpers/app.js';
import {authed, login, register, signedIn} from '../helpers/accounts.js';
import {rowCounts} from '../helpers/database.js';
import {expectRefusal} from '../helpers/refusals.js';

const KEY = /^ik_sandbox_[0-9A-Za-z]{42}$/;

describe('POST /api/keys/sandbox and /api/keys/production', () => {
  it('creates an active sandbox key shown in full once and in the list', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const res = await authed(app, token, 'POST', '/api/keys/sandbox');
    expect(res.statusCode).toBe(201);
    const {apiKey, key} = res.json();
    expect(apiKey).toMatch(KEY);
    expect(parseApiKey(apiKey)).toBe('sandbox');
    expect(key).toEqual({
      id: expect.any(String),
      keyType: 'sandbox',
      name: 'Sandbox key',
      apiKey,
      status: 'active',
      createdAt: '2026-01-15T09:00:00.000Z',
      lastUsedAt: null,
      expiresAt: null,
      graceEndsAt: null,
      replacedBy: null,
      allowedOrigins: [],
      rateLimitPerMinute: 600,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const list = await authed(app, token, 'GET', '/api/keys');
    expect(list.json()).toEqual({keys: [key], limits: {rateLimitDefault: 600, rateLimitMax: 6000}});
  });

  it('stores the key only hashed and encrypted', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const {apiKey} = (await authed(app, token, 'POST', '/api/keys/sandbox')).json();
    const row = await app.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(apiKey);
    expect(JSON.stringify(row)).not.toContain(apiKey.slice(11, 40));
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.key_ciphertext).toMatch(/^v1\./);
  });

  it('refuses an unverified user with 403 EMAIL_NOT_VERIFIED, in words about keys (not about signing in)', async () => {
    const {app} = await build({env: {LOGIN_REQUIRES_VERIFIED_EMAIL: 'false'}});
    await register(app, 'new@example.com');
    const token = (await login(app, 'new@example.com')).json().token as string;
    expectRefusal(await authed(app, token, 'POST', '/api/keys/sandbox'), 403, {
      code: 'EMAIL_NOT_VERIFIED',
      message:
        'Please verify your email before creating, changing, rotating or revoking API keys. Check your inbox for the verification link.',
    });
    expect((await authed(app, token, 'GET', '/api/keys')).json().keys).toEqual([]);
  });

  it('refuses production keys with PRODUCTION_NOT_READY until the operator marks the team ready', async () => {
    const {app, mail} = await build();
    const solo = await signedIn(app, mail, 'solo@example.com');
    expect((await authed(app, solo, 'POST', '/api/keys/production')).json().error.code).toBe('PRODUCTION_NOT_READY');
    const token = await signedIn(app, mail, 'ada@example.com', {teamName: 'Acme'});
    expectRefusal(await authed(app, token, 'POST', '/api/keys/production'), 403, {
      code: 'PRODUCTION_NOT_READY',
      message:
        'Sorry, your company is not ready for production integration yet. Please contact our partner success manager.',
    });
    await app.db.updateTable('teams').set({production_ready: true}).execute();
    const created = await authed(app, token, 'POST', '/api/keys/production');
    expect(created.statusCode).toBe(201);
    expect(created.json().apiKey).toMatch(/^ik_production_[0-9A-Za-z]{42}$/);
  });

  it('answers 404 for an unknown key type and 401 without a session', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    expect((await authed(app, token, 'POST', '/api/keys/staging')).json().error.code).toBe('NOT_FOUND');
    expect((await app.inject({method: 'POST', url: '/api/keys/sandbox'})).statusCode).toBe(401);
    expect((await app.inject({method: 'GET', url: '/api/keys'})).statusCode).toBe(401);
  });
});

describe('sharing', () => {
  it('shares team keys between members and keeps personal keys apart', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const outsider = await signedIn(app, mail, 'out@example.com');
    const teamKey = (await authed(app, owner, 'POST', '/api/keys/sandbox')).json().key;
    const res = await authed(app, owner, 'POST', '/api/team/add', {email: 'member@example.com'});
    expect(res.statusCode).toBe(201);
    const member = await signedIn(app, mail, 'member@example.com');
    const token = await mail.lastToken('member@example.com', 'accept-invitation');
    expect((await authed(app, member, 'POST', '/api/invitations/accept', {token})).statusCode).toBe(200);
    expect((await authed(app, member, 'GET', '/api/keys')).json().keys).toEqual([teamKey]);
    expect((await authed(app, outsider, 'GET', '/api/keys')).json().keys).toEqual([]);
    // An outsider cannot touch the team's key.
    expect((await authed(app, outsider, 'POST', `/api/keys/${teamKey.id}/rotate`)).statusCode).toBe(404);
    expect((await authed(app, outsider, 'DELETE', `/api/keys/${teamKey.id}/revoke`)).statusCode).toBe(404);
    // A member can rotate it.
    expect((await authed(app, member, 'POST', `/api/keys/${teamKey.id}/rotate`, {keyType: 'sandbox'})).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/keys/{id}/rotate', () => {
  it('revokes the old key and answers its successor', async () => {
    const {app, mail, clock} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const old = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    clock.advance(60_000);
    const res = await authed(app, token, 'POST', `/api/keys/${old.id}/rotate`, {keyType: 'sandbox'});
    expect(res.statusCode).toBe(200);
    const {apiKey, key} = res.json();
    expect(apiKey).toMatch(KEY);
    expect(apiKey).not.toBe(old.apiKey);
    expect(key).toMatchObject({keyType: 'sandbox', status: 'active', apiKey});
    const list = (await authed(app, token, 'GET', '/api/keys')).json().keys;
    expect(list.map((k: {id: string; status: string}) => [k.id, k.status])).toEqual([
      [key.id, 'active'],
      [old.id, 'revoked'],
    ]);
  });

  it('works without a body, and answers 404 for a wrong keyType, an unknown id, a malformed id or a revoked key', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const key = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    expect((await authed(app, token, 'POST', `/api/keys/${key.id}/rotate`, {keyType: 'production'})).statusCode).toBe(
      404,
    );
    expect((await authed(app, token, 'POST', '/api/keys/00000000-0000-4000-8000-000000000000/rotate')).statusCode).toBe(
      404,
    );
    expect((await authed(app, token, 'POST', "/api/keys/1' OR '1'='1/rotate")).statusCode).toBe(404);
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/keys/${key.id}/rotate`,
      headers: {authorization: `Bearer ${token}`},
    });
    expect(rotated.statusCode).toBe(200);
    const again = await authed(app, token, 'POST', `/api/keys/${key.id}/rotate`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({error: {code: 'NOT_FOUND', message: 'Not found.'}});
  });

  it('leaves exactly one active successor when 20 rotations of one key race', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const key = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    const results = await Promise.all(
      Array.from({length: 20}, () => authed(app, token, 'POST', `/api/keys/${key.id}/rotate`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 404)).toHaveLength(19);
    const rows = await app.db.selectFrom('api_keys').select(['status', 'rotated_from']).execute();
    expect(rows.filter((r) => r.status === 'active')).toEqual([{status: 'active', rotated_from: key.id}]);
    expect(rows).toHaveLength(2);
  });

  it('refuses an unverified user', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const key = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    await app.db.updateTable('users').set({email_verified: false}).execute();
    const before = await rowCounts(app.db);
    expect((await authed(app, token, 'POST', `/api/keys/${key.id}/rotate`)).json().error.code).toBe(
      'EMAIL_NOT_VERIFIED',
    );
    expect((await authed(app, token, 'DELETE', `/api/keys/${key.id}/revoke`)).json().error.code).toBe(
      'EMAIL_NOT_VERIFIED',
    );
    expect(await rowCounts(app.db)).toEqual(before);
  });
});

describe('DELETE /api/keys/{id}/revoke', () => {
  it('revokes the key (idempotently)', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const key = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    const res = await authed(app, token, 'DELETE', `/api/keys/${key.id}/revoke`, {keyType: 'sandbox'});
    expect(res.statusCode).toBe(200);
    expect(res.json().key).toEqual({...key, status: 'revoked'});
    const again = await authed(app, token, 'DELETE', `/api/keys/${key.id}/revoke`);
    expect(again.json().key.status).toBe('revoked');
    expect(
      (await authed(app, token, 'DELETE', '/api/keys/00000000-0000-4000-8000-000000000000/revoke')).statusCode,
    ).toBe(404);
  });
});
