// The SDK's keys kept in memory (services/state-cache/): a key's second use reads no database, what is kept
// carries the key's times so it is refused at the instant it expires or its grace ends, and a change drops it.
// Across processes on PostgreSQL: server/resilience/key-cache.test.ts.
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {METRICS_TOKEN, metric} from '../helpers/metrics.js';
import {authed, signedIn} from '../helpers/accounts.js';
import {startSdkSession} from '../helpers/sdk-session.js';

const HOUR = 3600_000;

async function withKey(body: Record<string, unknown> = {}) {
  const context = await build({env: {METRICS_TOKEN}});
  const token = await signedIn(context.app, context.mail, 'ada@example.com');
  const created = await authed(context.app, token, 'POST', '/api/keys/sandbox', body);
  expect(created.statusCode).toBe(201);
  const {apiKey, key} = created.json() as {apiKey: string; key: {id: string}};
  return {...context, token, apiKey, keyId: key.id};
}

describe('API keys kept in memory', () => {
  it('answers a key’s second use from memory and reports hits, misses and the listener in /metrics', async () => {
    const {app, apiKey} = await withKey();
    expect(await metric(app, 'intakekit_change_listener_up')).toBe(1);
    expect((await startSdkSession(app, apiKey)).statusCode).toBe(200);
    expect((await startSdkSession(app, apiKey)).statusCode).toBe(200);
    expect(await metric(app, 'intakekit_key_cache_misses_total')).toBe(1);
    expect(await metric(app, 'intakekit_key_cache_hits_total')).toBe(1);
    expect(await metric(app, 'intakekit_key_cache_entries')).toBe(1);
  });

  it('refuses a kept key at the instant it expires, from memory', async () => {
    const {app, clock, apiKey} = await withKey({expiresAt: new Date(Date.parse('2026-01-15T09:00:00.000Z') + HOUR)});
    expect((await startSdkSession(app, apiKey)).statusCode).toBe(200);
    clock.advance(HOUR - 1);
    expect((await startSdkSession(app, apiKey)).statusCode).toBe(200);
    clock.advance(1);
    const res = await startSdkSession(app, apiKey);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({error: {code: 'INVALID_API_KEY'}});
    // Both later answers came from memory: the refusal is the entry's own time, not a new read.
    expect(await metric(app, 'intakekit_key_cache_misses_total')).toBe(1);
    expect(await metric(app, 'intakekit_key_cache_hits_total')).toBe(2);
  });

  it('refuses a rotated key kept in memory at the instant its grace period ends', async () => {
    const {app, clock, token, apiKey, keyId} = await withKey();
    expect((await startSdkSession(app, apiKey)).statusCode).toBe(200);
    const rotated = await authed(app, token, 'POST', `/api/keys/${keyId}/rotate`, {gracePeriod: '1h'});
    expect(rotated.statusCode).toBe(200);
    expect((await startSdkSession(app, apiKey)).statusCode).toBe(200);
    clock.advance(HOUR - 1);
    expect((await startSdkSession(app, apiKey)).statusCode).toBe(200);
    clock.advance(1);
    expect((await startSdkSession(app, apiKey)).statusCode).toBe(401);
    expect(await metric(app, 'intakekit_key_cache_hits_total')).toBe(2);
  });

  // The process that made the change answers only once it has heard its own notices: on PostgreSQL they reach it a
  // moment after the commit, and the next request (the model test's rotation, then the old key at once) must not
  // find the key still kept.
  it('drops a kept key when it is revoked or its settings change, before answering the change', async () => {
    const {app, token, apiKey, keyId} = await withKey();
    for (let trial = 0; trial < 20; trial++) {
      const origin = `https://clinic-${trial}.example`;
      expect((await authed(app, token, 'PATCH', `/api/keys/${keyId}`, {allowedOrigins: [origin]})).statusCode).toBe(
        200,
      );
      expect((await startSdkSession(app, apiKey, undefined, origin)).statusCode).toBe(200);
    }
    expect((await startSdkSession(app, apiKey, undefined, 'https://clinic-0.example')).statusCode).toBe(403);
    expect((await authed(app, token, 'DELETE', `/api/keys/${keyId}/revoke`, {})).statusCode).toBe(200);
    expect((await startSdkSession(app, apiKey, undefined, 'https://clinic-19.example')).statusCode).toBe(401);
    expect(await metric(app, 'intakekit_key_cache_invalidations_total')).toBeGreaterThanOrEqual(2);
  });

  it('is not emptied by a key’s use being recorded', async () => {
    const {app, apiKey} = await withKey();
    expect((await startSdkSession(app, apiKey)).statusCode).toBe(200);
    await app.keyUsage.flush();
    expect((await startSdkSession(app, apiKey)).statusCode).toBe(200);
    expect(await metric(app, 'intakekit_key_cache_hits_total')).toBe(1);
  });
});
