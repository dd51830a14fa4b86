// POST /api/sdk/submissions under bad input and abuse: oversized bodies, answers for another session's flow, expired,
// tampered or borrowed session tokens, one session submitted many times at once, a key past its limit, and logs.
import {describe, expect, it} from 'vitest';
import {ANSWER_TEXT_MAX_LENGTH} from '@intakekit/contract/answers';
import {ERROR_CATALOGUE} from '@intakekit/contract/errors';
import type {FlowQuestion} from '@intakekit/contract/flows';
import {SUBMISSION_BODY_MAX_BYTES} from '@intakekit/contract/schemas/sdk';
import {build} from '../helpers/app.js';
import {sessionTokens} from '../../src/lib/session-token.js';
import {startSdkSession, submitSdkAnswers} from '../helpers/sdk-session.js';
import {clinic, PRIVATE_ANSWERS, PRIVATE_NOTE} from '../submissions/submissions-helpers.js';

const ORIGIN = 'https://clinic.example';
const HOUR = 60 * 60_000;
const INVALID_SESSION = {error: {code: 'INVALID_SESSION', message: ERROR_CATALOGUE.INVALID_SESSION.message}};

type Ctx = Awaited<ReturnType<typeof build>>;

async function rowCount(ctx: Ctx): Promise<number> {
  const rows = await ctx.app.db.selectFrom('submissions').select('id').execute();
  return rows.length;
}

async function tokenOf(ctx: Ctx, apiKey: string, payload: unknown = {flowId: 'new-patient'}, origin = ORIGIN) {
  const res = await startSdkSession(ctx.app, apiKey, payload, origin);
  expect(res.statusCode).toBe(200);
  return res.json().sessionToken as string;
}

describe('POST /api/sdk/submissions refuses', () => {
  it(`a body over ${SUBMISSION_BODY_MAX_BYTES} bytes with 413, and takes a full intake of the longest texts below it`, async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    // A page's intake of 20 text questions, each answered with the longest text allowed.
    const questions: FlowQuestion[] = Array.from({length: 20}, (_, i) => ({
      id: `q${i}`,
      question: `Question ${i}?`,
      type: 'text',
      required: true,
    }));
    const answers = Object.fromEntries(questions.map((q) => [q.id, 'a'.repeat(ANSWER_TEXT_MAX_LENGTH)]));
    const sessionToken = await tokenOf(ctx, acme.apiKey, {flowId: 'new-patient', questions});
    const full = {sessionToken, answers, questions};
    expect(JSON.stringify(full).length).toBeLessThan(SUBMISSION_BODY_MAX_BYTES);
    expect((await submitSdkAnswers(ctx.app, acme.apiKey, full, ORIGIN)).statusCode).toBe(201);

    const over = {...full, answers: {...answers, padding: 'x'.repeat(SUBMISSION_BODY_MAX_BYTES)}};
    const res = await submitSdkAnswers(ctx.app, acme.apiKey, over, ORIGIN);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: {code: 'PAYLOAD_TOO_LARGE', message: ERROR_CATALOGUE.PAYLOAD_TOO_LARGE.message},
    });
    expect(await rowCount(ctx)).toBe(1);
  });

  it("answers for another session's flow with 422 INVALID_ANSWERS, storing nothing", async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const symptomCheck = await tokenOf(ctx, acme.apiKey, {flowId: 'symptom-check'});
    const res = await submitSdkAnswers(
      ctx.app,
      acme.apiKey,
      {sessionToken: symptomCheck, answers: PRIVATE_ANSWERS},
      ORIGIN,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('INVALID_ANSWERS');
    expect(res.json().error.message).toContain('mainSymptom needs an answer');
    expect(await rowCount(ctx)).toBe(0);
  });

  it('an expired session token (past 24 hours) with 401 INVALID_SESSION', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const late = await tokenOf(ctx, acme.apiKey);
    ctx.clock.advance(24 * HOUR + 1000);
    const res = await submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken: late, answers: PRIVATE_ANSWERS}, ORIGIN);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_SESSION);
    // Inside the 24 hours it works.
    const onTime = await tokenOf(ctx, acme.apiKey);
    ctx.clock.advance(24 * HOUR - 1000);
    expect(
      (await submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken: onTime, answers: PRIVATE_ANSWERS}, ORIGIN))
        .statusCode,
    ).toBe(201);
    expect(await rowCount(ctx)).toBe(1);
  });

  it('a tampered, forged or malformed session token with 401 INVALID_SESSION', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const token = await tokenOf(ctx, acme.apiKey);
    const [version, payload, mac] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const reclaimed = (changes: Record<string, unknown>) =>
      [version, Buffer.from(JSON.stringify({...claims, ...changes})).toString('base64url'), mac].join('.');
    // The same claims signed under another SECRET_KEY (another server's, or a guess).
    const foreign = sessionTokens('another-secret-key-another-secret-key-0123').sign({
      keyId: claims.k as string,
      flowId: claims.f as string,
      flowVersion: claims.v as string,
      env: 'sandbox',
      origin: ORIGIN,
      sessionId: claims.s as string,
      expiresAt: claims.x as number,
    });
    const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;
    for (const sessionToken of [
      reclaimed({f: 'symptom-check'}),
      reclaimed({x: (claims.x as number) + 86_400}),
      [version, payload, flip(mac, 3)].join('.'),
      [version, flip(payload, 5), mac].join('.'),
      [version, payload].join('.'),
      `v9.${payload}.${mac}`,
      foreign,
      'not-a-token',
    ]) {
      const res = await submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken, answers: PRIVATE_ANSWERS}, ORIGIN);
      expect(res.statusCode, sessionToken).toBe(401);
      expect(res.json()).toEqual(INVALID_SESSION);
    }
    expect(await rowCount(ctx)).toBe(0);
  });

  it("a session token of key A presented with key B, or from another origin than the session's", async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const rival = await clinic(ctx, 'rival@example.com', 'Rival Clinic');
    const ofAcme = await tokenOf(ctx, acme.apiKey);
    const res = await submitSdkAnswers(ctx.app, rival.apiKey, {sessionToken: ofAcme, answers: PRIVATE_ANSWERS}, ORIGIN);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_SESSION);
    const otherOrigin = await submitSdkAnswers(
      ctx.app,
      acme.apiKey,
      {sessionToken: ofAcme, answers: PRIVATE_ANSWERS},
      'https://elsewhere.example',
    );
    expect(otherOrigin.json()).toEqual(INVALID_SESSION);
    const noOrigin = await submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken: ofAcme, answers: PRIVATE_ANSWERS});
    expect(noOrigin.json()).toEqual(INVALID_SESSION);
    expect(await rowCount(ctx)).toBe(0);
  });

  it('nothing twice when one session is submitted 1,000 times at once: one row, every answer 201 or 200 with its id', async () => {
    const ctx = await build({env: {SDK_RATE_LIMIT: '100000', SDK_KEY_RATE_LIMIT: '100000'}});
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const sessionToken = await tokenOf(ctx, acme.apiKey);
    const results = await Promise.all(
      Array.from({length: 1000}, () =>
        submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken, answers: PRIVATE_ANSWERS}, ORIGIN),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(999);
    expect(new Set(results.map((r) => r.json().submissionId)).size).toBe(1);
    expect(await rowCount(ctx)).toBe(1);
  }, 120_000);

  it("a key past its submits a minute with 429 and Retry-After, whatever the key's sessions", async () => {
    const ctx = await build({env: {SDK_KEY_RATE_LIMIT: '3'}});
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    // Three sessions use up the key's sessions of the minute; its submits are counted apart.
    const tokens = [await tokenOf(ctx, acme.apiKey), await tokenOf(ctx, acme.apiKey), await tokenOf(ctx, acme.apiKey)];
    for (const sessionToken of tokens) {
      const res = await submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken, answers: PRIVATE_ANSWERS}, ORIGIN);
      expect(res.statusCode).toBe(201);
    }
    const limited = await submitSdkAnswers(
      ctx.app,
      acme.apiKey,
      {sessionToken: tokens[0], answers: PRIVATE_ANSWERS},
      ORIGIN,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMIT_EXCEEDED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(String(limited.headers['access-control-expose-headers'])).toMatch(/Retry-After/i);
  });
});

describe('a submit logged at trace level', () => {
  it('holds no answer text, whether stored, repeated or refused', async () => {
    const ctx = await build({env: {LOG_LEVEL: 'trace'}});
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const sessionToken = await tokenOf(ctx, acme.apiKey);
    // Refused (an answer off its options; a malformed body), stored, repeated, and a token that is no token.
    const bodies = [
      {sessionToken, answers: {...PRIVATE_ANSWERS, visitReason: PRIVATE_NOTE}},
      {sessionToken, answers: {notes: [PRIVATE_NOTE, {deep: PRIVATE_NOTE}]}},
      {sessionToken, answers: PRIVATE_ANSWERS},
      {sessionToken, answers: PRIVATE_ANSWERS},
      {sessionToken: 'x', answers: PRIVATE_ANSWERS},
    ];
    for (const body of bodies) await submitSdkAnswers(ctx.app, acme.apiKey, body, ORIGIN);
    expect(await rowCount(ctx)).toBe(1);
    const submits = ctx.logs.entries().filter((e) => JSON.stringify(e).includes('/api/sdk/submissions'));
    expect(submits.length).toBeGreaterThan(0);
    for (const text of [PRIVATE_NOTE, 'Recurring', '1961-07-23']) expect(ctx.logs.text).not.toContain(text);
  });
});
