// Quotas on keys: one owner (a team, or a user without one) holds at most ACTIVE_KEYS_PER_TEAM active
// keys, and GET /api/keys stays bounded however many keys were revoked or rotated away.
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {authed, signedIn} from '../helpers/accounts.js';

const KEY_LIMIT_REACHED = {
  code: 'KEY_LIMIT_REACHED',
  message: 'You have reached the limit of active API keys. Revoke a key you no longer use, then create a new one.',
};

describe('active keys per owner', () => {
  it('refuses the 51st active key with 409 KEY_LIMIT_REACHED by default, and creates again once one is revoked', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com', {teamName: 'Acme'});
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++) statuses.push((await authed(app, token, 'POST', '/api/keys/sandbox')).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    const refused = await authed(app, token, 'POST', '/api/keys/sandbox');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({error: KEY_LIMIT_REACHED});
    expect(refused.headers['x-content-type-options']).toBe('nosniff');

    const {keys} = (await authed(app, token, 'GET', '/api/keys')).json();
    expect(keys).toHaveLength(50);
    const revoked = await authed(app, token, 'DELETE', `/api/keys/${keys[0].id}/revoke`, {});
    expect(revoked.statusCode).toBe(200);
    expect((await authed(app, token, 'POST', '/api/keys/sandbox')).statusCode).toBe(201);
    expect((await authed(app, token, 'POST', '/api/keys/sandbox')).statusCode).toBe(409);
  });

  it('counts the keys of the team, whoever created them, and keeps rotation working at the limit', async () => {
    const {app, mail} = await build({env: {ACTIVE_KEYS_PER_TEAM: '2'}});
    const token = await signedIn(app, mail, 'ada@example.com', {teamName: 'Acme'});
    const solo = await signedIn(app, mail, 'solo@example.com');
    const first = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    expect((await authed(app, token, 'POST', '/api/keys/sandbox')).statusCode).toBe(201);
    expect((await authed(app, token, 'POST', '/api/keys/sandbox')).json().error.code).toBe('KEY_LIMIT_REACHED');
    // Another owner has a quota of its own.
    expect((await authed(app, solo, 'POST', '/api/keys/sandbox')).statusCode).toBe(201);
    // Rotation replaces a key: the count stays the same, so it is never refused for the quota.
    const rotated = await authed(app, token, 'POST', `/api/keys/${first.id}/rotate`, {});
    expect(rotated.statusCode).toBe(200);
    const active = (await authed(app, token, 'GET', '/api/keys'))
      .json()
      .keys.filter((k: {status: string}) => k.status === 'active');
    expect(active).toHaveLength(2);
  });

  it('never goes over the limit when creations race', async () => {
    const {app, mail} = await build({env: {ACTIVE_KEYS_PER_TEAM: '5'}});
    const token = await signedIn(app, mail, 'ada@example.com');
    const answers = await Promise.all(Array.from({length: 20}, () => authed(app, token, 'POST', '/api/keys/sandbox')));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(15);
    const rows = await app.db.selectFrom('api_keys').select('id').where('status', '=', 'active').execute();
    expect(rows).toHaveLength(5);
  });
});

describe('GET /api/keys stays bounded', () => {
  it('lists every active key and the 20 most recently created revoked ones, newest first', async () => {
    const {app, mail, clock} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const first = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    let current = first;
    // 60 rotations leave 60 revoked keys behind one active one.
    for (let i = 0; i < 60; i++) {
      clock.advance(1000);
      current = (await authed(app, token, 'POST', `/api/keys/${current.id}/rotate`, {})).json().key;
    }
    const list = await authed(app, token, 'GET', '/api/keys');
    const {keys} = list.json();
    expect(keys).toHaveLength(21);
    expect(keys[0]).toEqual(current);
    expect(keys.slice(1).every((k: {status: string}) => k.status === 'revoked')).toBe(true);
    const created = keys.map((k: {createdAt: string}) => k.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(keys.map((k: {id: string}) => k.id)).not.toContain(first.id);
    // The spec's answer shape, and a size that no amount of rotating can grow.
    expect(Object.keys(list.json())).toEqual(['keys', 'limits']);
    expect(list.body.length).toBeLessThan(8_000);
  });

  it('keeps an old active key in the list however many newer keys were revoked', async () => {
    const {app, mail, clock} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const old = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    for (let i = 0; i < 25; i++) {
      clock.advance(1000);
      const key = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
      await authed(app, token, 'DELETE', `/api/keys/${key.id}/revoke`, {});
    }
    const {keys} = (await authed(app, token, 'GET', '/api/keys')).json();
    expect(keys).toHaveLength(21);
    expect(keys.at(-1)).toEqual(old);
  });
});
