// POST /api/sdk/sessions
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {authed, signedIn} from '../helpers/accounts.js';
import {FLOWS} from '@intakekit/contract/flow-catalogue';
import {DEFAULT_FLOW_ID, QUESTION_TYPES} from '@intakekit/contract/flows';
import {startSdkSession} from '../helpers/sdk-session.js';

const INVALID = {error: {code: 'INVALID_API_KEY', message: 'The API key is missing, invalid or revoked.'}};

describe('POST /api/sdk/sessions', () => {
  it('answers the built-in flow the id names, for an active sandbox key, and records its use', async () => {
    const {app, mail, clock} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const {apiKey} = (await authed(app, token, 'POST', '/api/keys/sandbox')).json();
    clock.advance(5 * 60_000);
    const res = await startSdkSession(app, apiKey, {flowId: 'symptom-check'});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      flowId: 'symptom-check',
      env: 'sandbox',
    });
    expect(body.questions[0]).toMatchObject({id: 'mainSymptom', question: 'What is your main symptom?'});
    for (const q of body.questions) {
      expect(q).toMatchObject({id: expect.any(String), question: expect.any(String), required: expect.any(Boolean)});
      if (q.type === 'singleChoice' || q.type === 'multiChoice') expect(q.options.length).toBeGreaterThan(1);
    }
    // Usage is written in batches: once the batch is written, the list shows the use.
    await app.keyUsage.flush();
    const keys = (await authed(app, token, 'GET', '/api/keys')).json().keys;
    expect(keys[0].lastUsedAt).toBe('2026-01-15T09:05:00.000Z');
  });

  it('serves each flow of the catalogue under its own id; together they ask every question type', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const {apiKey} = (await authed(app, token, 'POST', '/api/keys/sandbox')).json();
    const types = new Set<string>();
    for (const flow of FLOWS) {
      const body = (await startSdkSession(app, apiKey, {flowId: flow.id})).json();
      expect(body.flowId).toBe(flow.id);
      expect(body.questions).toEqual(flow.questions);
      // The ids are the keys of the answers in the complete event: one per question.
      expect(new Set(flow.questions.map((q) => q.id)).size).toBe(flow.questions.length);
      for (const q of body.questions) types.add(q.type);
    }
    expect(new Set(FLOWS.map((flow) => flow.id)).size).toBe(FLOWS.length);
    expect([...types].sort()).toEqual([...QUESTION_TYPES].sort());
    expect(FLOWS.map((flow) => flow.id)).toContain(DEFAULT_FLOW_ID);
  });

  it('refuses an unknown flow id with INVALID_FLOW naming the id, the ids that exist and the Flows page', async () => {
    const {app, mail} = await build({env: {PORTAL_URL: 'https://portal.intakekit.test'}});
    const token = await signedIn(app, mail, 'ada@example.com');
    const {apiKey} = (await authed(app, token, 'POST', '/api/keys/sandbox')).json();
    const res = await startSdkSession(app, apiKey, {flowId: 'YOUR_FLOW_ID'});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'INVALID_FLOW',
        message:
          'There is no flow "YOUR_FLOW_ID". Use one of new-patient, annual-checkup, telehealth-consent, symptom-check, medication-review; the Flows page lists them: https://portal.intakekit.test/dashboard/flows',
      },
    });
    // The key is checked first: without a working key, nothing is said about flows.
    expect((await startSdkSession(app, 'ik_sandbox_nope', {flowId: 'YOUR_FLOW_ID'})).json()).toEqual(INVALID);
    // The refusal is in the key's request log, under its code.
    await app.keyUsage.flush();
    const {keys} = (await authed(app, token, 'GET', '/api/keys')).json();
    const requests = (await authed(app, token, 'GET', `/api/keys/${keys[0].id}/usage`)).json();
    expect(JSON.stringify(requests)).toContain('INVALID_FLOW');
  });

  it('accepts a sandbox key for sandbox, dev and test, and a production key only for pro', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com', {teamName: 'Acme'});
    await app.db.updateTable('teams').set({production_ready: true}).execute();
    const sandbox = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().apiKey as string;
    // A production key works only from its allowed origins.
    const production = (
      await authed(app, token, 'POST', '/api/keys/production', {allowedOrigins: ['https://clinic.example']})
    ).json().apiKey as string;
    const clinic = 'https://clinic.example';
    for (const env of ['sandbox', 'dev', 'test']) {
      expect((await startSdkSession(app, sandbox, {flowId: 'new-patient', env})).statusCode, env).toBe(200);
      expect((await startSdkSession(app, production, {flowId: 'new-patient', env}, clinic)).json(), env).toEqual(
        INVALID,
      );
    }
    expect((await startSdkSession(app, production, {flowId: 'new-patient', env: 'pro'}, clinic)).json().env).toBe(
      'pro',
    );
    expect((await startSdkSession(app, sandbox, {flowId: 'new-patient', env: 'pro'})).statusCode).toBe(401);
  });

  it('answers 401 INVALID_API_KEY for a missing, malformed, mistyped, unknown, revoked or rotated key', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const revoked = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    await authed(app, token, 'DELETE', `/api/keys/${revoked.id}/revoke`);
    const rotated = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().key;
    const successor = (await authed(app, token, 'POST', `/api/keys/${rotated.id}/rotate`)).json().apiKey as string;
    const typo = `${successor.slice(0, 20)}${successor[20] === 'a' ? 'b' : 'a'}${successor.slice(21)}`;
    for (const key of [
      undefined,
      'nope',
      typo,
      `ik_sandbox_${'0'.repeat(42)}`,
      revoked.apiKey,
      rotated.apiKey,
      token,
    ]) {
      const res = await startSdkSession(app, key, {flowId: 'new-patient'});
      expect(res.statusCode, String(key)).toBe(401);
      expect(res.json()).toEqual(INVALID);
    }
    expect((await startSdkSession(app, successor, {flowId: 'new-patient'})).statusCode).toBe(200);
  });

  it('checks the key before the body, then refuses a bad body with MISSING_FIELDS', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const apiKey = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().apiKey as string;
    expect((await startSdkSession(app, undefined, {})).json()).toEqual(INVALID);
    for (const payload of [
      {},
      {flowId: ''},
      {flowId: 42},
      {flowId: 'new-patient', env: 'staging'},
      {flowId: "'; DROP TABLE api_keys; --"},
    ]) {
      const res = await startSdkSession(app, apiKey, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('MISSING_FIELDS');
    }
  });

  it('may be called from any origin (customer pages), unlike the portal routes', async () => {
    const {app} = await build();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/sdk/sessions',
      headers: {
        origin: 'https://clinic.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const keys = await app.inject({method: 'GET', url: '/api/keys', headers: {origin: 'https://clinic.example'}});
    expect(keys.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rate-limits each client address (SDK_RATE_LIMIT a minute) with 429 RATE_LIMIT_EXCEEDED and Retry-After, before the key lookup', async () => {
    const {app, mail} = await build({env: {SDK_RATE_LIMIT: '3'}});
    const token = await signedIn(app, mail, 'ada@example.com');
    const apiKey = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().apiKey as string;
    const unknown = `ik_sandbox_${'0'.repeat(42)}`;
    // Three guesses spend the budget of this address...
    for (let i = 0; i < 3; i++)
      expect((await startSdkSession(app, unknown, {flowId: 'new-patient'})).statusCode).toBe(401);
    // ...so even a good key is refused before it is looked up: its use is not recorded.
    const limited = await startSdkSession(app, apiKey, {flowId: 'new-patient'}, 'https://clinic.example');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: {code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests. Please wait a moment and try again.'},
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The customer's page can read the refusal (and when to retry).
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    expect(String(limited.headers['access-control-expose-headers'])).toMatch(/Retry-After/i);
    expect((await authed(app, token, 'GET', '/api/keys')).json().keys[0].lastUsedAt).toBeNull();
    // A spoofed X-Forwarded-For does not buy a new budget (no proxy is trusted)...
    const spoofed = await app.inject({
      method: 'POST',
      url: '/api/sdk/sessions',
      headers: {authorization: `Bearer ${apiKey}`, 'x-forwarded-for': '198.51.100.7'},
      payload: {flowId: 'new-patient'},
    });
    expect(spoofed.statusCode).toBe(429);
    // ...but another client address has its own, and the key works there.
    const other = await app.inject({
      method: 'POST',
      url: '/api/sdk/sessions',
      remoteAddress: '198.51.100.8',
      headers: {authorization: `Bearer ${apiKey}`},
      payload: {flowId: 'new-patient'},
    });
    expect(other.statusCode).toBe(200);
  });

  it('limits each key to SDK_KEY_RATE_LIMIT sessions a minute, from any address, after the key is known', async () => {
    const {app, mail} = await build({env: {SDK_KEY_RATE_LIMIT: '3'}});
    const token = await signedIn(app, mail, 'ada@example.com');
    const busy = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().apiKey as string;
    const quiet = (await authed(app, token, 'POST', '/api/keys/sandbox')).json().apiKey as string;
    const from = (remoteAddress: string, apiKey: string) =>
      app.inject({
        method: 'POST',
        url: '/api/sdk/sessions',
        remoteAddress,
        headers: {authorization: `Bearer ${apiKey}`},
        payload: {flowId: 'new-patient'},
      });
    // Three patients on three addresses use up the key's minute...
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await from(address, busy)).statusCode).toBe(200);
    }
    // ...so a fourth address is refused for this key, and told when to retry.
    const limited = await from('198.51.100.4', busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: {code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests. Please wait a moment and try again.'},
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key of the same address is counted apart, and a wrong key is still just a wrong key.
    expect((await from('198.51.100.4', quiet)).statusCode).toBe(200);
    expect((await from('198.51.100.4', `ik_sandbox_${'0'.repeat(42)}`)).statusCode).toBe(401);
  });
});
