// /api/submissions, the Submissions page's routes: the team's list (metadata only), one submission's answers
// (production ones to owners and admins only, each read in the activity log), delete and retention by managers.
import {describe, expect, it} from 'vitest';
import {findFlow} from '@intakekit/contract/flow-catalogue';
import {ERROR_CATALOGUE} from '@intakekit/contract/errors';
import {RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, SUBMISSIONS_PAGE_SIZE} from '@intakekit/contract/submissions';
import {build, type TestContext} from '../helpers/app.js';
import {authed} from '../helpers/accounts.js';
import {joinTeam} from '../team/team-helpers.js';
import {clinic, PRIVATE_NOTE, type Clinic} from './submissions-helpers.js';

const MINUTE = 60_000;

function refusal(code: keyof typeof ERROR_CATALOGUE) {
  return {error: {code, message: ERROR_CATALOGUE[code].message}};
}

async function activity(ctx: TestContext, action: string) {
  return ctx.app.db
    .selectFrom('activity_events')
    .select(['actor_email', 'target_type', 'target_id', 'target_label', 'team_id'])
    .where('action', '=', action)
    .execute();
}

/** Acme with a sandbox and a production submission (a minute apart), an admin and a member. */
async function acmeWithSubmissions(ctx: TestContext) {
  const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
  const sandbox = (await acme.submit()).id;
  ctx.clock.advance(MINUTE);
  const production = (await acme.submit({keyType: 'production', env: 'pro'})).id;
  const admin = await joinTeam(ctx.app, ctx.mail, acme.session, 'admin@example.com', {role: 'admin'});
  const member = await joinTeam(ctx.app, ctx.mail, acme.session, 'member@example.com');
  return {acme, sandbox, production, admin: admin.token, member: member.token};
}

describe('GET /api/submissions', () => {
  it("lists the team's submissions to every member, newest first, 50 a page, with filters and no answers", async () => {
    const ctx = await build();
    const acme: Clinic = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const member = await joinTeam(ctx.app, ctx.mail, acme.session, 'member@example.com');
    const other = await clinic(ctx, 'other@example.com', 'Other Clinic');
    await other.submit();
    const symptomCheck = findFlow('symptom-check')!;
    const ids: string[] = [];
    for (let i = 0; i < SUBMISSIONS_PAGE_SIZE + 1; i++) {
      const flow = i === 7 ? symptomCheck : undefined;
      const answers = flow ? {mainSymptom: 'pain', onset: '2026-01-01', severity: 'mild'} : undefined;
      const production = i === 9 ? {keyType: 'production' as const, env: 'pro' as const} : {};
      ids.push((await acme.submit({...(flow && {flow, answers}), ...production})).id);
      ctx.clock.advance(1000);
    }
    const newestFirst = [...ids].reverse();

    const first = await authed(ctx.app, member.token, 'GET', '/api/submissions');
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain(PRIVATE_NOTE);
    const page1 = first.json();
    expect(page1.submissions.map((s: {id: string}) => s.id)).toEqual(newestFirst.slice(0, SUBMISSIONS_PAGE_SIZE));
    expect(page1.submissions[0]).toEqual({
      id: newestFirst[0],
      createdAt: expect.any(String),
      flowId: 'new-patient',
      flowVersion: '1',
      environment: 'sandbox',
      origin: 'https://clinic.example',
      size: expect.any(Number),
    });
    const page2 = (await authed(ctx.app, member.token, 'GET', `/api/submissions?cursor=${page1.nextCursor}`)).json();
    expect(page2).toEqual({submissions: [expect.objectContaining({id: ids[0]})], nextCursor: null});

    const only = async (query: string) =>
      (await authed(ctx.app, acme.session, 'GET', `/api/submissions?${query}`))
        .json()
        .submissions.map((s: {id: string}) => s.id);
    expect(await only('flowId=symptom-check')).toEqual([ids[7]]);
    expect(await only('environment=production')).toEqual([ids[9]]);
    expect(await only('flowId=symptom-check&environment=production')).toEqual([]);

    const bad = await authed(ctx.app, acme.session, 'GET', '/api/submissions?cursor=bm90IGEgY3Vyc29y');
    expect({status: bad.statusCode, body: bad.json()}).toEqual({status: 400, body: refusal('MISSING_FIELDS')});
    expect((await ctx.app.inject({method: 'GET', url: '/api/submissions'})).statusCode).toBe(401);
  });

  it("lists a user's own submissions when they have no team", async () => {
    const ctx = await build();
    const solo = await clinic(ctx, 'solo@example.com');
    const {id} = await solo.submit();
    const list = (await authed(ctx.app, solo.session, 'GET', '/api/submissions')).json();
    expect(list.submissions.map((s: {id: string}) => s.id)).toEqual([id]);
  });
});

describe('GET /api/submissions/{id}', () => {
  it("gives owners and admins a production submission's answers, and records each read in the activity log", async () => {
    const ctx = await build();
    const {acme, production, admin} = await acmeWithSubmissions(ctx);
    const res = await authed(ctx.app, acme.session, 'GET', `/api/submissions/${production}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.submission).toMatchObject({id: production, environment: 'production', flowId: 'new-patient'});
    expect(body.answers).toEqual([
      {questionId: 'visitReason', question: 'What brings you in today?', answer: 'Annual check-up'},
      {questionId: 'symptoms', question: 'Which of these have you had in the last two weeks?', answer: 'Fever'},
      {questionId: 'dateOfBirth', question: 'What is your date of birth?', answer: '1961-07-23'},
      {questionId: 'allergies', question: 'Do you have any known allergies?', answer: 'Yes'},
      {questionId: 'notes', question: 'Anything else your care team should know?', answer: PRIVATE_NOTE},
    ]);
    expect(body.questionnaireResponse).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id: production,
      status: 'completed',
      questionnaire: expect.stringMatching(/\/fhir\/Questionnaire\/new-patient\|1$/),
    });
    expect((await authed(ctx.app, admin, 'GET', `/api/submissions/${production}`)).statusCode).toBe(200);

    const viewed = await activity(ctx, 'submission.viewed');
    expect(viewed).toEqual([
      {
        actor_email: 'owner@example.com',
        target_type: 'submission',
        target_id: production,
        target_label: 'new-patient of 2026-01-15 09:01 UTC',
        team_id: expect.any(String),
      },
      expect.objectContaining({actor_email: 'admin@example.com', target_id: production}),
    ]);
    // The team's activity page shows it to the owner.
    const log = (await authed(ctx.app, acme.session, 'GET', '/api/activity?action=submission.viewed')).json();
    expect(log.events).toHaveLength(2);
  });

  it("refuses a member a production submission's answers (FORBIDDEN, nothing logged) and gives sandbox ones", async () => {
    const ctx = await build();
    const {sandbox, production, member} = await acmeWithSubmissions(ctx);
    const refused = await authed(ctx.app, member, 'GET', `/api/submissions/${production}`);
    expect({status: refused.statusCode, body: refused.json()}).toEqual({status: 403, body: refusal('FORBIDDEN')});
    const open = await authed(ctx.app, member, 'GET', `/api/submissions/${sandbox}`);
    expect(open.statusCode).toBe(200);
    expect(open.json().answers.at(-1).answer).toBe(PRIVATE_NOTE);
    // Sandbox reads are test data: not logged; the refused read opened nothing and is not a view.
    expect(await activity(ctx, 'submission.viewed')).toEqual([]);
  });

  it("answers SUBMISSION_NOT_FOUND for another team's submission and a deleted one; a user without a team reads their own", async () => {
    const ctx = await build();
    const {production} = await acmeWithSubmissions(ctx);
    const solo = await clinic(ctx, 'solo@example.com');
    const res = await authed(ctx.app, solo.session, 'GET', `/api/submissions/${production}`);
    expect({status: res.statusCode, body: res.json()}).toEqual({status: 404, body: refusal('SUBMISSION_NOT_FOUND')});
    const own = (await solo.submit({keyType: 'production', env: 'pro'})).id;
    expect((await authed(ctx.app, solo.session, 'GET', `/api/submissions/${own}`)).statusCode).toBe(200);
  });
});

describe('DELETE /api/submissions/{id}', () => {
  it('lets owners and admins delete (recorded), refuses members, and answers SUBMISSION_NOT_FOUND after', async () => {
    const ctx = await build();
    const {acme, sandbox, production, admin, member} = await acmeWithSubmissions(ctx);
    const refused = await authed(ctx.app, member, 'DELETE', `/api/submissions/${sandbox}`);
    expect({status: refused.statusCode, body: refused.json()}).toEqual({status: 403, body: refusal('FORBIDDEN')});
    expect((await authed(ctx.app, admin, 'DELETE', `/api/submissions/${sandbox}`)).statusCode).toBe(204);
    expect((await authed(ctx.app, acme.session, 'DELETE', `/api/submissions/${production}`)).statusCode).toBe(204);
    const again = await authed(ctx.app, acme.session, 'DELETE', `/api/submissions/${production}`);
    expect({status: again.statusCode, body: again.json()}).toEqual({
      status: 404,
      body: refusal('SUBMISSION_NOT_FOUND'),
    });
    expect((await authed(ctx.app, acme.session, 'GET', '/api/submissions')).json().submissions).toEqual([]);
    const deleted = await activity(ctx, 'submission.deleted');
    expect(deleted.map((e) => [e.actor_email, e.target_id])).toEqual([
      ['admin@example.com', sandbox],
      ['owner@example.com', production],
    ]);
  });
});

describe('/api/submissions/retention', () => {
  it('shows every member the days per environment, and lets owners and admins set 1 to 90', async () => {
    const ctx = await build();
    const {acme, admin, member} = await acmeWithSubmissions(ctx);
    const read = async (token: string) => (await authed(ctx.app, token, 'GET', '/api/submissions/retention')).json();
    expect(await read(acme.session)).toEqual({retention: {sandbox: 7, production: 30}, canChange: true});
    expect(await read(member)).toEqual({retention: {sandbox: 7, production: 30}, canChange: false});

    const set = (token: string, body: unknown) => authed(ctx.app, token, 'PATCH', '/api/submissions/retention', body);
    const changed = await set(admin, {environment: 'sandbox', days: 14});
    expect({status: changed.statusCode, body: changed.json()}).toEqual({
      status: 200,
      body: {retention: {sandbox: 14, production: 30}, canChange: true},
    });
    const refused = await set(member, {environment: 'production', days: 90});
    expect({status: refused.statusCode, body: refused.json()}).toEqual({status: 403, body: refusal('FORBIDDEN')});
    for (const days of [RETENTION_DAYS_MIN - 1, RETENTION_DAYS_MAX + 1]) {
      const res = await set(acme.session, {environment: 'production', days});
      expect({status: res.statusCode, body: res.json()}).toEqual({status: 400, body: refusal('INVALID_RETENTION')});
    }
    expect(ERROR_CATALOGUE.INVALID_RETENTION.message).toContain(`${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX} days`);
    expect((await set(acme.session, {environment: 'production', days: 1.5})).statusCode).toBe(400);
    expect(await read(member)).toEqual({retention: {sandbox: 14, production: 30}, canChange: false});
  });
});

describe('answers in the request log', () => {
  it('are never written at trace level while the routes list, read, refuse and delete', async () => {
    const ctx = await build({env: {LOG_LEVEL: 'trace'}});
    const {acme, sandbox, production, member} = await acmeWithSubmissions(ctx);
    await authed(ctx.app, acme.session, 'GET', '/api/submissions');
    await authed(ctx.app, acme.session, 'GET', `/api/submissions/${production}`);
    await authed(ctx.app, member, 'GET', `/api/submissions/${production}`);
    await authed(ctx.app, member, 'GET', `/api/submissions/${sandbox}`);
    await authed(ctx.app, acme.session, 'DELETE', `/api/submissions/${sandbox}`);
    expect(ctx.logs.lines.length).toBeGreaterThan(0);
    expect(ctx.logs.text).toContain(`/api/submissions/${production}`);
    for (const text of [PRIVATE_NOTE, 'Recurring', '1961-07-23', 'Annual check-up']) {
      expect(ctx.logs.text).not.toContain(text);
    }
  });
});
