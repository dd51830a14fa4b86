// /api/v1/submissions with a server key: its owner's submissions of its own environment only, newest first in
// cursor pages, one as JSON or as the bare FHIR resource, deleted once; refused past its limit; never logged.
import {describe, expect, it} from 'vitest';
import {build, type TestContext} from '../helpers/app.js';
import {authed} from '../helpers/accounts.js';
import {expectRefusal} from '../helpers/refusals.js';
import {buildQuestionnaireResponse, flowQuestionnaireUrl} from '../../src/lib/fhir/questionnaire-response.js';
import {clinic, NEW_PATIENT, PRIVATE_ANSWERS, PRIVATE_NOTE, type Clinic} from './submissions-helpers.js';

const NOT_FOUND = {code: 'SUBMISSION_NOT_FOUND', message: 'This submission does not exist or has been deleted.'};

async function serverKey(ctx: TestContext, acme: Clinic, environment: 'sandbox' | 'production' = 'sandbox') {
  const res = await authed(ctx.app, acme.session, 'POST', '/api/server-keys', {environment, name: 'EHR'});
  expect(res.statusCode).toBe(201);
  return res.json().apiKey as string;
}

function call(ctx: TestContext, key: string, method: 'GET' | 'DELETE', url: string, accept?: string) {
  return ctx.app.inject({method, url, headers: {authorization: `Bearer ${key}`, ...(accept && {accept})}});
}

const production = {keyType: 'production', env: 'pro'} as const;

describe('GET /api/v1/submissions', () => {
  it('pages newest first by cursor, every submission once, 50 a page by default, with the flow and since filters', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const key = await serverKey(ctx, acme);
    const ids: string[] = [];
    const start = ctx.clock.now().toISOString();
    // 53 submissions, three at each moment: the cursor must tell apart rows of the same time.
    for (let i = 0; i < 53; i++) {
      if (i % 3 === 0) ctx.clock.advance(1000);
      ids.push((await acme.submit()).id);
    }
    await acme.submit(production);

    const first = (await call(ctx, key, 'GET', '/api/v1/submissions')).json();
    expect(first.submissions).toHaveLength(50);
    expect(first.submissions[0]).toEqual({
      id: expect.any(String),
      createdAt: ctx.clock.now().toISOString(),
      flowId: 'new-patient',
      flowVersion: NEW_PATIENT.version,
      environment: 'sandbox',
      origin: 'https://clinic.example',
      size: expect.any(Number),
    });
    const second = (await call(ctx, key, 'GET', `/api/v1/submissions?cursor=${first.nextCursor}`)).json();
    expect(second.nextCursor).toBeNull();
    const listed = [...first.submissions, ...second.submissions];
    expect(new Set(listed.map((s) => s.id))).toEqual(new Set(ids));
    expect(listed).toHaveLength(53);
    const times = listed.map((s) => s.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    // Smaller pages cover the same rows once each.
    const paged: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const url = `/api/v1/submissions?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await call(ctx, key, 'GET', url)).json() as {
        submissions: {id: string}[];
        nextCursor: string | null;
      };
      expect(page.submissions.length).toBeLessThanOrEqual(7);
      paged.push(...page.submissions.map((s) => s.id));
      cursor = page.nextCursor;
    }
    expect(paged).toEqual(listed.map((s) => s.id));

    const since = (await call(ctx, key, 'GET', `/api/v1/submissions?since=${ctx.clock.now().toISOString()}`)).json();
    // Rows of one moment come in id order.
    expect(since.submissions.map((s: {id: string}) => s.id)).toEqual(ids.slice(51).sort().reverse());
    expect(
      (await call(ctx, key, 'GET', `/api/v1/submissions?since=${start}&limit=100`)).json().submissions,
    ).toHaveLength(53);
    const otherFlow = await call(ctx, key, 'GET', '/api/v1/submissions?flowId=annual-checkup');
    expect(otherFlow.json()).toEqual({submissions: [], nextCursor: null});
    expect((await call(ctx, key, 'GET', '/api/v1/submissions?environment=production')).json().submissions).toEqual([]);
    for (const query of ['cursor=bm90LWEtY3Vyc29y', 'limit=0', 'limit=101', 'since=yesterday']) {
      expect((await call(ctx, key, 'GET', `/api/v1/submissions?${query}`)).statusCode, query).toBe(400);
    }
  });

  it("answers past the key's limit with 429 and Retry-After, without touching another key's budget", async () => {
    const ctx = await build({env: {SERVER_KEY_RATE_LIMIT: '2'}});
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const [one, two] = [await serverKey(ctx, acme), await serverKey(ctx, acme)];
    expect((await call(ctx, one, 'GET', '/api/v1/submissions')).statusCode).toBe(200);
    expect((await call(ctx, one, 'GET', '/api/v1/submissions')).statusCode).toBe(200);
    const refused = await call(ctx, one, 'GET', '/api/v1/submissions');
    expectRefusal(refused, 429, {
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(ctx, two, 'GET', '/api/v1/submissions')).statusCode).toBe(200);
  });

  it('answers the newest page (read with the key in one statement) as the filtered read, for a key without a team', async () => {
    const ctx = await build();
    const solo = await clinic(ctx, 'solo@example.com');
    const key = await serverKey(ctx, solo);
    const start = ctx.clock.now().toISOString();
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(1500);
      await solo.submit();
    }
    await solo.submit(production);
    for (const [newest, filtered] of [
      ['', `?since=${start}`],
      ['?limit=2', `?since=${start}&limit=2`],
    ] as const) {
      const page = await call(ctx, key, 'GET', `/api/v1/submissions${newest}`);
      expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(page.json()).toEqual((await call(ctx, key, 'GET', `/api/v1/submissions${filtered}`)).json());
      expect(page.json().submissions).toHaveLength(newest ? 2 : 3);
    }
    const last = (await call(ctx, key, 'GET', '/api/v1/submissions?limit=2')).json();
    const rest = (await call(ctx, key, 'GET', `/api/v1/submissions?cursor=${last.nextCursor}`)).json();
    expect(rest.submissions).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
  });
});

describe('GET and DELETE /api/v1/submissions/{id}', () => {
  it('answers the JSON envelope, or the bare QuestionnaireResponse as application/fhir+json', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const key = await serverKey(ctx, acme);
    const {id} = await acme.submit();
    const resource = buildQuestionnaireResponse({
      id,
      questionnaireUrl: flowQuestionnaireUrl(ctx.config.portalUrl, 'new-patient'),
      flow: NEW_PATIENT,
      answers: PRIVATE_ANSWERS,
      authored: ctx.clock.now(),
    });

    const json = await call(ctx, key, 'GET', `/api/v1/submissions/${id}`);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.json()).toEqual({
      submission: {
        id,
        createdAt: ctx.clock.now().toISOString(),
        flowId: 'new-patient',
        flowVersion: NEW_PATIENT.version,
        environment: 'sandbox',
        origin: 'https://clinic.example',
        size: Buffer.byteLength(JSON.stringify(resource)),
        questionnaireResponse: resource,
      },
    });
    for (const accept of ['application/fhir+json', 'application/fhir+json, application/json;q=0.5']) {
      const fhir = await call(ctx, key, 'GET', `/api/v1/submissions/${id}`, accept);
      expect(fhir.headers['content-type'], accept).toMatch(/^application\/fhir\+json/);
      expect(fhir.json()).toEqual(resource);
    }
    for (const accept of ['*/*', 'application/json, application/fhir+json;q=0.5']) {
      const plain = await call(ctx, key, 'GET', `/api/v1/submissions/${id}`, accept);
      expect(plain.headers['content-type'], accept).toMatch(/^application\/json/);
    }
  });

  it("answers SUBMISSION_NOT_FOUND for another team's, another environment's and a deleted submission", async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const rival = await clinic(ctx, 'rival@example.com', 'Rival');
    await ctx.app.db.updateTable('teams').set({production_ready: true}).execute();
    const [sandboxKey, productionKey, rivalKey] = [
      await serverKey(ctx, acme),
      await serverKey(ctx, acme, 'production'),
      await serverKey(ctx, rival),
    ];
    const sandbox = (await acme.submit()).id;
    const live = (await acme.submit(production)).id;

    // Another team's key: not found, never forbidden, and nothing deleted.
    for (const method of ['GET', 'DELETE'] as const) {
      expectRefusal(await call(ctx, rivalKey, method, `/api/v1/submissions/${sandbox}`), 404, NOT_FOUND);
    }
    expect((await call(ctx, rivalKey, 'GET', '/api/v1/submissions')).json().submissions).toEqual([]);
    // A sandbox key never sees production, nor a production key sandbox.
    for (const method of ['GET', 'DELETE'] as const) {
      expectRefusal(await call(ctx, sandboxKey, method, `/api/v1/submissions/${live}`), 404, NOT_FOUND);
      expectRefusal(await call(ctx, productionKey, method, `/api/v1/submissions/${sandbox}`), 404, NOT_FOUND);
    }
    const ids = async (key: string) =>
      (await call(ctx, key, 'GET', '/api/v1/submissions')).json().submissions.map((s: {id: string}) => s.id);
    expect(await ids(sandboxKey)).toEqual([sandbox]);
    expect(await ids(productionKey)).toEqual([live]);

    // Deleted once: then gone for every call.
    const deleted = await call(ctx, productionKey, 'DELETE', `/api/v1/submissions/${live}`);
    expect({status: deleted.statusCode, body: deleted.body}).toEqual({status: 204, body: ''});
    expectRefusal(await call(ctx, productionKey, 'GET', `/api/v1/submissions/${live}`), 404, NOT_FOUND);
    expectRefusal(await call(ctx, productionKey, 'DELETE', `/api/v1/submissions/${live}`), 404, NOT_FOUND);
    expect(await ids(productionKey)).toEqual([]);
    expect(await ids(sandboxKey)).toEqual([sandbox]);
    // An id that is no UUID names nothing.
    expect((await call(ctx, sandboxKey, 'GET', '/api/v1/submissions/not-an-id')).statusCode).toBe(404);
  });

  it('never writes an answer to the log at trace level, in either format or on a refusal', async () => {
    const ctx = await build({env: {LOG_LEVEL: 'trace'}});
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const key = await serverKey(ctx, acme);
    const {id} = await acme.submit();
    expect((await call(ctx, key, 'GET', '/api/v1/submissions')).statusCode).toBe(200);
    const json = await call(ctx, key, 'GET', `/api/v1/submissions/${id}`);
    const fhir = await call(ctx, key, 'GET', `/api/v1/submissions/${id}`, 'application/fhir+json');
    for (const res of [json, fhir]) expect(res.body).toContain(PRIVATE_NOTE);
    const browserKey = (await authed(ctx.app, acme.session, 'GET', '/api/keys')).json().keys[0].apiKey as string;
    expect((await call(ctx, browserKey, 'GET', `/api/v1/submissions/${id}`)).statusCode).toBe(401);
    expect((await call(ctx, key, 'DELETE', `/api/v1/submissions/${id}`)).statusCode).toBe(204);

    expect(ctx.logs.text).toContain('/api/v1/submissions');
    for (const text of [PRIVATE_NOTE, 'Recurring', '1961-07-23']) expect(ctx.logs.text).not.toContain(text);
  });
});
