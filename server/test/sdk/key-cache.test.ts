// The SDK's keys kept in memory (services/state-cache/): a key's second use reads no database, what is kept
// carries the key's times so it is refused at the instant it expires or its grace ends, and a change drops it.
// Across processes on PostgreSQL: server/resilience/key-cache.test.ts.
import {describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {build} from '../helpers/app.js';
import {authed, signedIn} from '../helpers/accounts.js';
import {startSdkSession} from '../helpers/sdk-session.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
const HOUR = 3600_000;

async function metric(app: FastifyInstance, name: string): Promise<number> {
  const res = await app.inject({method: 'GET', url: '/metrics', headers: {authorization: `Bearer ${TOKEN}`}});
  const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`${name} is not in /metrics`);
  return Number(line.split(' ')[1]);
}

/** The status of a session started with `apiKey` from `origin`, once it is `status` (up to 1 s): on PostgreSQL the
 * change notice reaches even the process that made the change a moment after its commit. */
async function becomes(app: FastifyInstance, apiKey: string, origin: string, status: number): Promise<number> {
  const deadline = Date.now() + 1000;
  for (;;) {
    const {statusCode} = await startSdkSession(app, apiKey, undefined, origin);
    if (statusCode === status || Date.now() > deadline) return statusCode;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function withKey(body: Record<string, unknown> = {}) {
  const context = await build({env: {METRICS_TOKEN: TOKEN}});
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

  it('drops a kept key when it is revoked or its settings change', async () => {
    const {app, token, apiKey, keyId} = await withKey();
    expect((await startSdkSession(app, apiKey, undefined, 'https://clinic.example')).statusCode).toBe(200);
    const origins = {allowedOrigins: ['https://other.example']};
    expect((await authed(app, token, 'PATCH', `/api/keys/${keyId}`, origins)).statusCode).toBe(200);
    expect(await becomes(app, apiKey, 'https://clinic.example', 403)).toBe(403);
    expect((await startSdkSession(app, apiKey, undefined, 'https://other.example')).statusCode).toBe(200);
    expect((await authed(app, token, 'DELETE', `/api/keys/${keyId}/revoke`, {})).statusCode).toBe(200);
    expect(await becomes(app, apiKey, 'https://other.example', 401)).toBe(401);
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
