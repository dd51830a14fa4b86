// Keys for browsers, the portal side of the API: names, production keys shown once, settings with
// their rules, rotation with a grace period, expiry.
import {describe, expect, it} from 'vitest';
import {hashToken} from '../../src/lib/tokens.js';
import {secretBox} from '../../src/lib/secret-box.js';
import {resolveSecretKey} from '../../src/lib/secret-key.js';
import {build} from '../helpers/app.js';
import {authed, login, signedIn} from '../helpers/accounts.js';
import type {FastifyInstance} from 'fastify';

function start(app: FastifyInstance, apiKey: string, origin?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/sdk/sessions',
    headers: {authorization: `Bearer ${apiKey}`, ...(origin && {origin})},
    payload: {flowId: 'new-patient', ...(apiKey.startsWith('ik_production_') && {env: 'pro'})},
  });
}

async function productionTeam() {
  const context = await build();
  const token = await signedIn(context.app, context.mail, 'ada@example.com', {teamName: 'Acme'});
  await context.app.db.updateTable('teams').set({production_ready: true}).execute();
  return {...context, token};
}

describe('key names', () => {
  it('numbers the default names per type and keeps a name through rotation', async () => {
    const {app, token} = await productionTeam();
    const names = [];
    for (const type of ['sandbox', 'sandbox', 'production', 'sandbox']) {
      names.push((await authed(app, token, 'POST', `/api/keys/${type}`)).json().key.name);
    }
    expect(names).toEqual(['Sandbox key', 'Sandbox key 2', 'Production key', 'Sandbox key 3']);
    const keys = (await authed(app, token, 'GET', '/api/keys')).json().keys;
    const second = keys.find((k: {name: string}) => k.name === 'Sandbox key 2');
    const rotated = (await authed(app, token, 'POST', `/api/keys/${second.id}/rotate`, {})).json().key;
    expect(rotated.name).toBe('Sandbox key 2');
    expect((await authed(app, token, 'POST', '/api/keys/sandbox')).json().key.name).toBe('Sandbox key 4');
  });

  it('takes a name at creation or later, trimmed, and refuses an empty or overlong one, changing nothing', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const key = (await authed(app, token, 'POST', '/api/keys/sandbox', {name: '  Clinic web  '})).json().key;
    expect(key.name).toBe('Clinic web');
    const renamed = await authed(app, token, 'PATCH', `/api/keys/${key.id}`, {name: 'Staging'});
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().key.name).toBe('Staging');
    for (const name of ['   ', 'x'.repeat(65)]) {
      const res = await authed(app, token, 'PATCH', `/api/keys/${key.id}`, {name});
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({code: 'INVALID_KEY_SETTINGS', message: 'Enter a name of 1-64 characters.'});
    }
    expect((await authed(app, token, 'GET', '/api/keys')).json().keys[0].name).toBe('Staging');
  });
});

describe('production keys are shown once', () => {
  it('answers the full value on creation and rotation only; the list and the database hold it masked', async () => {
    const {app, token} = await productionTeam();
    const created = (await authed(app, token, 'POST', '/api/keys/production')).json();
    const value = created.apiKey as string;
    expect(value).toMatch(/^ik_production_[0-9A-Za-z]{42}$/);
    const masked = `${value.slice(0, 8)}${'*'.repeat(value.length - 16)}${value.slice(-8)}`;
    expect(created.key.apiKey).toBe(masked);
    const list = await authed(app, token, 'GET', '/api/keys');
    expect(list.body).not.toContain(value.slice(8, -8));
    expect(list.json().keys[0].apiKey).toBe(masked);
    const row = await app.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    expect(row.key_ciphertext).toBeNull();
    expect(row.key_masked).toBe(masked);
    expect(row.key_hash).toBe(hashToken(value));

    const rotated = (await authed(app, token, 'POST', `/api/keys/${created.key.id}/rotate`, {})).json();
    expect(rotated.apiKey).toMatch(/^ik_production_/);
    expect(rotated.key.apiKey).not.toBe(rotated.apiKey);
    expect((await authed(app, token, 'GET', '/api/keys')).body).not.toContain(rotated.apiKey.slice(8, -8));
  });

  it('drops the encrypted copy of a production key stored before, at start, keeping sandbox keys listable', async () => {
    const {app, token, config} = await productionTeam();
    const sandbox = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().apiKey as string;
    const production = (await authed(app, token, 'POST', '/api/keys/production')).json().apiKey as string;
    // As a key made before migration 006: encrypted, without its masked form.
    const box = secretBox(await resolveSecretKey(config.secretKey, config.dataDir));
    await app.db
      .updateTable('api_keys')
      .set({key_ciphertext: box.seal(production), key_masked: null})
      .where('key_type', '=', 'production')
      .execute();
    await app.db.updateTable('api_keys').set({key_masked: null}).where('key_type', '=', 'sandbox').execute();
    const {buildApp} = await import('../../src/app.js');
    const second = await buildApp(config, {db: app.db});
    await second.ready();
    await second.close();
    const rows = await app.db.selectFrom('api_keys').selectAll().orderBy('key_type').execute();
    expect(rows.map((r) => [r.key_type, r.key_ciphertext === null, r.key_masked?.slice(-8)])).toEqual([
      ['production', true, production.slice(-8)],
      ['sandbox', false, sandbox.slice(-8)],
    ]);
    const keys = (await authed(app, token, 'GET', '/api/keys')).json().keys;
    expect(keys.map((k: {apiKey: string}) => k.apiKey).sort()).toEqual(
      [sandbox, `${production.slice(0, 8)}${'*'.repeat(production.length - 16)}${production.slice(-8)}`].sort(),
    );
  });
});

describe('settings', () => {
  it('stores allowed origins normalised and refuses a malformed one, naming it, changing nothing', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const key = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    const ok = await authed(app, token, 'PATCH', `/api/keys/${key.id}`, {
      allowedOrigins: ['https://Clinic.example:443/', 'https://*.clinic.example', 'http://localhost:5173'],
    });
    expect(ok.json().key.allowedOrigins).toEqual([
      'https://clinic.example',
      'https://*.clinic.example',
      'http://localhost:5173',
    ]);
    for (const [origin, why] of [
      ['https://clinic.example/intake', 'no path'],
      ['https://*.*.clinic.example', 'one wildcard label at most'],
      ['ftp://clinic.example', 'http or https'],
    ] as const) {
      const res = await authed(app, token, 'PATCH', `/api/keys/${key.id}`, {allowedOrigins: [origin]});
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_KEY_SETTINGS');
      expect(res.json().error.message).toContain(origin);
      expect(res.json().error.message).toContain(why);
    }
    const many = Array.from({length: 21}, (_, i) => `https://s${i}.example`);
    expect((await authed(app, token, 'PATCH', `/api/keys/${key.id}`, {allowedOrigins: many})).statusCode).toBe(400);
    expect((await authed(app, token, 'GET', '/api/keys')).json().keys[0].allowedOrigins).toHaveLength(3);
  });

  it('takes a limit up to SDK_KEY_RATE_LIMIT_MAX and an expiry in the future', async () => {
    const {app, mail, clock} = await build({env: {SDK_KEY_RATE_LIMIT_MAX: '1000'}});
    const token = await signedIn(app, mail, 'ada@example.com');
    const key = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    expect(
      (await authed(app, token, 'PATCH', `/api/keys/${key.id}`, {rateLimitPerMinute: 1000})).json().key,
    ).toMatchObject({rateLimitPerMinute: 1000});
    const over = await authed(app, token, 'PATCH', `/api/keys/${key.id}`, {rateLimitPerMinute: 1001});
    expect(over.json().error).toEqual({
      code: 'INVALID_KEY_SETTINGS',
      message: 'Enter a whole number of sessions a minute from 1 to 1000.',
    });
    for (const rateLimitPerMinute of [0, 1.5, -3]) {
      expect((await authed(app, token, 'PATCH', `/api/keys/${key.id}`, {rateLimitPerMinute})).statusCode).toBe(400);
    }
    const past = new Date(clock.now().getTime() - 1000).toISOString();
    const tooFar = new Date(clock.now().getTime() + 4 * 365 * 86_400_000).toISOString();
    for (const expiresAt of [past, tooFar]) {
      const res = await authed(app, token, 'PATCH', `/api/keys/${key.id}`, {expiresAt});
      expect(res.json().error.code).toBe('INVALID_KEY_SETTINGS');
    }
    const in30 = new Date(clock.now().getTime() + 30 * 86_400_000).toISOString();
    expect((await authed(app, token, 'PATCH', `/api/keys/${key.id}`, {expiresAt: in30})).json().key.expiresAt).toBe(
      in30,
    );
    expect(
      (await authed(app, token, 'PATCH', `/api/keys/${key.id}`, {expiresAt: null})).json().key.expiresAt,
    ).toBeNull();
  });

  it("refuses another team's key with 404, an unverified user with 403, and use settings of a revoked key with 409", async () => {
    const {app, mail} = await build();
    const ada = await signedIn(app, mail, 'ada@example.com', {teamName: 'Acme'});
    const eve = await signedIn(app, mail, 'eve@example.com', {teamName: 'Evil'});
    const key = (await authed(app, ada, 'POST', '/api/keys/sandbox')).json().key;
    const stolen = await authed(app, eve, 'PATCH', `/api/keys/${key.id}`, {allowedOrigins: ['https://evil.example']});
    expect(stolen.statusCode).toBe(404);
    expect((await authed(app, eve, 'GET', `/api/keys/${key.id}/usage`)).statusCode).toBe(404);
    await authed(app, ada, 'DELETE', `/api/keys/${key.id}/revoke`, {});
    const late = await authed(app, ada, 'PATCH', `/api/keys/${key.id}`, {allowedOrigins: []});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('KEY_NOT_ACTIVE');
    expect((await authed(app, ada, 'PATCH', `/api/keys/${key.id}`, {name: 'Old'})).json().key.name).toBe('Old');
    const [row] = await app.db.selectFrom('api_keys').select('allowed_origins').execute();
    expect(row!.allowed_origins).toEqual([]);
  });
});

describe('rotation with a grace period', () => {
  it('keeps the old key working to the second the grace ends, beside the new one', async () => {
    const {app, mail, clock} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const old = (await authed(app, token, 'POST', '/api/keys/sandbox')).json();
    const rotated = await authed(app, token, 'POST', `/api/keys/${old.key.id}/rotate`, {gracePeriod: '1h'});
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().apiKey as string;
    const listed = (await authed(app, token, 'GET', '/api/keys')).json().keys;
    const oldListed = listed.find((k: {id: string}) => k.id === old.key.id);
    expect(oldListed).toMatchObject({
      status: 'active',
      graceEndsAt: '2026-01-15T10:00:00.000Z',
      replacedBy: rotated.json().key.id,
    });
    // Rotated once: a second rotation of the old key finds nothing to rotate.
    expect((await authed(app, token, 'POST', `/api/keys/${old.key.id}/rotate`, {})).statusCode).toBe(404);
    clock.advance(3600_000 - 1000);
    expect((await start(app, old.apiKey)).statusCode).toBe(200);
    expect((await start(app, fresh)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await start(app, old.apiKey)).json().error.code).toBe('INVALID_API_KEY');
    expect((await start(app, fresh)).statusCode).toBe(200);
    // The portal session ended meanwhile (idle timeout): sign in again to read the list.
    const again = (await login(app, 'ada@example.com')).json().token as string;
    const after = (await authed(app, again, 'GET', '/api/keys')).json().keys;
    expect(after.find((k: {id: string}) => k.id === old.key.id)).toMatchObject({status: 'revoked', graceEndsAt: null});
  });

  it('stops the old key at once by default, and revoking it inside its grace ends the grace now', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const a = (await authed(app, token, 'POST', '/api/keys/sandbox')).json();
    await authed(app, token, 'POST', `/api/keys/${a.key.id}/rotate`, {});
    expect((await start(app, a.apiKey)).statusCode).toBe(401);
    const b = (await authed(app, token, 'POST', '/api/keys/sandbox')).json();
    await authed(app, token, 'POST', `/api/keys/${b.key.id}/rotate`, {gracePeriod: '7d'});
    expect((await start(app, b.apiKey)).statusCode).toBe(200);
    const revoked = await authed(app, token, 'DELETE', `/api/keys/${b.key.id}/revoke`, {});
    expect(revoked.json().key).toMatchObject({status: 'revoked', graceEndsAt: null});
    expect((await start(app, b.apiKey)).statusCode).toBe(401);
  });

  it('refuses an unknown grace period', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const key = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    const res = await authed(app, token, 'POST', `/api/keys/${key.id}/rotate`, {gracePeriod: '2y'});
    expect(res.statusCode).toBe(400);
    expect((await authed(app, token, 'GET', '/api/keys')).json().keys).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('refuses an expired key like a revoked one and lists it as expired', async () => {
    const {app, mail, clock} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const expiresAt = new Date(clock.now().getTime() + 30 * 86_400_000).toISOString();
    const created = (await authed(app, token, 'POST', '/api/keys/sandbox', {expiresAt})).json();
    expect(created.key.expiresAt).toBe(expiresAt);
    clock.advance(30 * 86_400_000 - 1);
    expect((await start(app, created.apiKey)).statusCode).toBe(200);
    clock.advance(1);
    const refused = await start(app, created.apiKey);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('INVALID_API_KEY');
    const again = (await login(app, 'ada@example.com')).json().token as string;
    expect((await authed(app, again, 'GET', '/api/keys')).json().keys[0].status).toBe('expired');
    // An expired key cannot be brought back by moving its date.
    const later = new Date(clock.now().getTime() + 86_400_000).toISOString();
    expect((await authed(app, again, 'PATCH', `/api/keys/${created.key.id}`, {expiresAt: later})).statusCode).toBe(409);
  });
});
