// GET /api/keys serves an owner's list from memory while none of its keys changed (keys_version). Whatever
// changes a key, in this process, another one or straight in the database, the next list shows it.
import {describe, expect, it, onTestFinished} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {sql} from 'kysely';
import {buildApp} from '../../src/app.js';
import {build} from '../helpers/app.js';
import {authed, login, signedIn} from '../helpers/accounts.js';
import {startSdkSession} from '../helpers/sdk-session.js';

interface ListedKey {
  id: string;
  name: string;
  status: string;
  lastUsedAt: string | null;
  replacedBy: string | null;
  graceEndsAt: string | null;
}

async function list(app: FastifyInstance, token: string): Promise<ListedKey[]> {
  const res = await authed(app, token, 'GET', '/api/keys');
  expect(res.statusCode).toBe(200);
  return res.json().keys;
}

describe('the key list kept in memory', () => {
  // Once this process has heard another's change (its notice, on PostgreSQL a moment after the commit: the sessions
  // kept here carry the list's version). The window itself is measured across processes in two-processes.test.ts.
  it('shows what another API process changed once its notice is heard', async () => {
    const {app, mail, config, clock} = await build();
    const other = await buildApp(config, {db: app.db});
    onTestFinished(() => other.close());
    await other.ready();
    const token = await signedIn(app, mail, 'ada@example.com', {teamName: 'Acme'});
    const first = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    expect((await list(app, token)).map((k) => k.name)).toEqual(['Sandbox key']);

    clock.advance(1000);
    await authed(other, token, 'POST', '/api/keys/sandbox', {name: 'Clinic web'});
    await app.changeFeed.caughtUp();
    expect((await list(app, token)).map((k) => k.name)).toEqual(['Clinic web', 'Sandbox key']);

    await authed(other, token, 'PATCH', `/api/keys/${first.id}`, {name: 'Front desk'});
    await app.changeFeed.caughtUp();
    expect((await list(app, token)).map((k) => k.name)).toEqual(['Clinic web', 'Front desk']);

    const rotated = (await authed(other, token, 'POST', `/api/keys/${first.id}/rotate`, {})).json().key;
    await app.changeFeed.caughtUp();
    const afterRotation = await list(app, token);
    expect(afterRotation.find((k) => k.id === first.id)).toMatchObject({status: 'revoked', replacedBy: rotated.id});

    await authed(other, token, 'DELETE', `/api/keys/${rotated.id}/revoke`, {});
    await app.changeFeed.caughtUp();
    expect((await list(app, token)).find((k) => k.id === rotated.id)?.status).toBe('revoked');
  });

  it('shows a change made in the database by hand, and a last use written after the list was read', async () => {
    const {app, mail, clock} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const {apiKey, key} = (await authed(app, token, 'POST', '/api/keys/sandbox')).json();
    expect((await list(app, token))[0]!.lastUsedAt).toBeNull();

    clock.advance(60_000);
    const started = await startSdkSession(app, apiKey, {flowId: 'new-patient'});
    expect(started.statusCode).toBe(200);
    await app.keyUsage.flush();
    expect((await list(app, token))[0]!.lastUsedAt).toBe(clock.now().toISOString());

    await sql`UPDATE api_keys SET name = 'Renamed by the operator' WHERE id = ${key.id}::uuid`.execute(app.db);
    // As it reaches every process: by the notice of the change (on PostgreSQL a moment after the commit), which drops
    // the session kept with the list's old version.
    await app.changeFeed.caughtUp();
    expect((await list(app, token))[0]!.name).toBe('Renamed by the operator');
  });

  it('shows a key as expired, and a grace period as ended, once their time passes, with nothing written', async () => {
    const {app, mail, clock} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const expiresAt = new Date(clock.now().getTime() + 2 * 86_400_000).toISOString();
    const expiring = (await authed(app, token, 'POST', '/api/keys/sandbox', {expiresAt})).json().key;
    const old = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    await authed(app, token, 'POST', `/api/keys/${old.id}/rotate`, {gracePeriod: '1h'});
    const byId = async (t: string) => new Map((await list(app, t)).map((k) => [k.id, k]));
    let keys = await byId(token);
    expect(keys.get(expiring.id)).toMatchObject({status: 'active'});
    expect(keys.get(old.id)).toMatchObject({status: 'active', graceEndsAt: expect.any(String)});

    clock.advance(29 * 60_000);
    expect((await byId(token)).get(old.id)).toMatchObject({status: 'active', graceEndsAt: expect.any(String)});
    clock.advance(32 * 60_000);
    const again = (await login(app, 'ada@example.com')).json().token as string;
    keys = await byId(again);
    expect(keys.get(old.id)).toMatchObject({status: 'revoked', graceEndsAt: null});
    expect(keys.get(expiring.id)).toMatchObject({status: 'active'});
    clock.advance(2 * 86_400_000);
    const later = (await login(app, 'ada@example.com')).json().token as string;
    expect((await byId(later)).get(expiring.id)).toMatchObject({status: 'expired'});
  });
});
