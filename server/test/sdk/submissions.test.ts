// POST /api/sdk/submissions: the widget's last step. The session call hands the page a signed session token; the
// submit presents it with the same key, and the answers are checked against the flow that session served and stored
// once per session.
import {describe, expect, it} from 'vitest';
import {ANSWER_RULES} from '@intakekit/contract/answers';
import type {FlowQuestion} from '@intakekit/contract/flows';
import {build} from '../helpers/app.js';
import {authed} from '../helpers/accounts.js';
import {startSdkSession, submitSdkAnswers} from '../helpers/sdk-session.js';
import {readSubmission} from '../../src/services/submissions.js';
import {clinic, PRIVATE_ANSWERS, PRIVATE_NOTE} from '../submissions/submissions-helpers.js';

const ORIGIN = 'https://clinic.example';

/** A page's own questions, given to the widget in its config. */
const INLINE: FlowQuestion[] = [
  {id: 'allergy', question: 'Any allergies we should know about?', type: 'text', required: true},
  {
    id: 'contact',
    question: 'How should we contact you?',
    type: 'singleChoice',
    required: false,
    options: [
      {label: 'Phone', value: 'phone'},
      {label: 'Email', value: 'email'},
    ],
  },
];

async function rowCount(ctx: Awaited<ReturnType<typeof build>>): Promise<number> {
  const {count} = await ctx.app.db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe('POST /api/sdk/submissions', () => {
  it('stores the answers of a session started with the same key (201 with the submission id and time)', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const session = (await startSdkSession(ctx.app, acme.apiKey, {flowId: 'new-patient'}, ORIGIN)).json();
    expect(session.sessionToken).toEqual(expect.any(String));
    ctx.clock.advance(10 * 60_000);

    const res = await submitSdkAnswers(
      ctx.app,
      acme.apiKey,
      {sessionToken: session.sessionToken, answers: PRIVATE_ANSWERS},
      ORIGIN,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      receivedAt: '2026-01-15T09:10:00.000Z',
    });
    const stored = await readSubmission(acme.service, acme.owner, res.json().submissionId);
    expect(stored?.meta).toMatchObject({
      key_id: acme.keyId,
      env: 'sandbox',
      flow_id: 'new-patient',
      flow_version: '1',
      session_id: session.sessionId,
      origin: ORIGIN,
    });
    const notes = stored?.questionnaireResponse.item?.find((item) => item.linkId === 'notes');
    expect(notes?.answer).toEqual([{valueString: PRIVATE_NOTE}]);
    // The customer's page reads the answer cross-origin.
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers a repeat of the same session with 200 and the first id, and stores nothing new', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const {sessionToken} = (await startSdkSession(ctx.app, acme.apiKey, {flowId: 'new-patient'}, ORIGIN)).json();
    const first = await submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken, answers: PRIVATE_ANSWERS}, ORIGIN);
    ctx.clock.advance(60_000);
    const again = await submitSdkAnswers(
      ctx.app,
      acme.apiKey,
      {sessionToken, answers: {...PRIVATE_ANSWERS, notes: 'Changed my mind'}},
      ORIGIN,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rowCount(ctx)).toBe(1);
  });

  it('refuses answers that do not fit the flow with 422 INVALID_ANSWERS naming each id and rule, storing nothing', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const {sessionToken} = (await startSdkSession(ctx.app, acme.apiKey, {flowId: 'new-patient'}, ORIGIN)).json();
    const withoutReason: Record<string, unknown> = {...PRIVATE_ANSWERS};
    delete withoutReason.visitReason;
    const res = await submitSdkAnswers(
      ctx.app,
      acme.apiKey,
      {sessionToken, answers: {...withoutReason, dateOfBirth: '23/07/1961', favouriteColour: 'blue'}},
      ORIGIN,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: {
        code: 'INVALID_ANSWERS',
        message: `Some answers do not fit the flow's questions: visitReason ${ANSWER_RULES.required}; dateOfBirth ${ANSWER_RULES.date}; favouriteColour ${ANSWER_RULES.unknown}.`,
      },
    });
    expect(res.body).not.toContain('23/07/1961');
    expect(await rowCount(ctx)).toBe(0);
    // The same session may still be submitted once its answers fit.
    expect(
      (await submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken, answers: PRIVATE_ANSWERS}, ORIGIN)).statusCode,
    ).toBe(201);
  });

  it("stores a page's inline questions with the answers when they are the ones the session was started with", async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const session = await startSdkSession(ctx.app, acme.apiKey, {flowId: 'new-patient', questions: INLINE}, ORIGIN);
    expect(session.statusCode).toBe(200);
    const {sessionToken} = session.json();
    const answers = {allergy: 'Penicillin', contact: 'email'};

    // Other definitions than the session's (a question made optional) are not this session's questions...
    const loosened = INLINE.map((q) => ({...q, required: false}));
    for (const questions of [loosened, undefined]) {
      const refused = await submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken, answers, questions}, ORIGIN);
      expect(refused.statusCode, JSON.stringify(questions)).toBe(401);
      expect(refused.json().error.code).toBe('INVALID_SESSION');
    }
    // ...and answers are checked against the page's questions, not the built-in flow's.
    const unfit = await submitSdkAnswers(
      ctx.app,
      acme.apiKey,
      {sessionToken, answers: {contact: 'fax'}, questions: INLINE},
      ORIGIN,
    );
    expect(unfit.json().error.message).toBe(
      `Some answers do not fit the flow's questions: allergy ${ANSWER_RULES.required}; contact ${ANSWER_RULES.option}.`,
    );

    const res = await submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken, answers, questions: INLINE}, ORIGIN);
    expect(res.statusCode).toBe(201);
    const stored = await readSubmission(acme.service, acme.owner, res.json().submissionId);
    expect(stored?.questionnaireResponse.item).toEqual([
      {linkId: 'allergy', text: 'Any allergies we should know about?', answer: [{valueString: 'Penicillin'}]},
      {
        linkId: 'contact',
        text: 'How should we contact you?',
        answer: [{valueCoding: {code: 'email', display: 'Email'}}],
      },
    ]);
    // Not the built-in flow's version: the page's questions are not that Questionnaire's.
    expect(stored?.meta.flow_version).not.toBe('1');
    expect(stored?.questionnaireResponse.questionnaire).toMatch(/\/fhir\/Questionnaire\/new-patient\|inline-/);

    // A session started without inline questions takes none at the submit.
    const plain = (await startSdkSession(ctx.app, acme.apiKey, {flowId: 'new-patient'}, ORIGIN)).json();
    const mixed = await submitSdkAnswers(
      ctx.app,
      acme.apiKey,
      {sessionToken: plain.sessionToken, answers, questions: INLINE},
      ORIGIN,
    );
    expect(mixed.statusCode).toBe(401);
  });

  it("lists each submit in the key's request log, without counting it as a session or logging an answer", async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const {sessionToken} = (await startSdkSession(ctx.app, acme.apiKey, {flowId: 'new-patient'}, ORIGIN)).json();
    await submitSdkAnswers(
      ctx.app,
      acme.apiKey,
      {sessionToken, answers: {...PRIVATE_ANSWERS, visitReason: PRIVATE_NOTE}},
      ORIGIN,
    );
    await submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken, answers: PRIVATE_ANSWERS}, ORIGIN);
    await ctx.app.keyUsage.flush();
    const usage = (await authed(ctx.app, acme.session, 'GET', `/api/keys/${acme.keyId}/usage`)).json();
    expect(usage.requests.map((r: {outcome: string; status: number}) => `${r.outcome} ${r.status}`).sort()).toEqual(
      ['INVALID_ANSWERS 422', 'OK 200', 'OK 201'].sort(),
    );
    // One session was started: the two submits are not sessions.
    expect(usage.days.reduce((n: number, d: {sessions: number}) => n + d.sessions, 0)).toBe(1);
    expect(JSON.stringify(usage)).not.toContain(PRIVATE_NOTE);
  });

  it('checks the key before the body, and refuses a malformed body with MISSING_FIELDS', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const noKey = await submitSdkAnswers(ctx.app, undefined, {}, ORIGIN);
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().error.code).toBe('INVALID_API_KEY');
    for (const payload of [{}, {sessionToken: 'x'}, {sessionToken: 'x', answers: 'no'}, {answers: {}}]) {
      const res = await submitSdkAnswers(ctx.app, acme.apiKey, payload, ORIGIN);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('MISSING_FIELDS');
    }
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/sdk/submissions',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });
});
