// POST /api/sdk/sessions and /api/sdk/submissions with a team's own flows: the latest published version or a pinned
// one served as the widget's view of its Questionnaire, the draft in a sandbox preview, INVALID_FLOW saying why; the
// answers checked against the version served, hidden ones dropped, stored as a nested QuestionnaireResponse; the
// flows kept in memory and dropped on every process when a flow is published or archived; sessions counted in batches.
import {describe, expect, it, onTestFinished} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {widgetQuestionnaire, type Questionnaire} from '@intakekit/contract/questionnaire/index';
import {PREVIEW_NEEDS_SANDBOX_KEY} from '@intakekit/contract/flow-refusals';
import {FLOWS_PAGE_PATH} from '@intakekit/contract/flows';
import {buildApp} from '../../src/app.js';
import {loadConfig} from '../../src/config.js';
import {sessionsLast7Days} from '../../src/repositories/flow-sessions-repository.js';
import {build} from '../helpers/app.js';
import {authed} from '../helpers/accounts.js';
import {startSdkSession, submitSdkAnswers} from '../helpers/sdk-session.js';
import {clinic} from '../submissions/submissions-helpers.js';
import {fhirR4Errors} from '../submissions/fhir-r4-schema.js';
import {
  HABITS,
  INTAKE,
  INTAKE_V2,
  publish,
  saveDraft,
  seedFlow,
  setArchived,
  tokenClaims,
} from './team-flow-helpers.js';

const BUILT_IN = 'new-patient, annual-checkup, telehealth-consent, symptom-check, medication-review';
const view = (document: object) => JSON.parse(JSON.stringify(widgetQuestionnaire(document as Questionnaire)));

async function session(app: FastifyInstance, apiKey: string, body: Record<string, unknown>) {
  const res = await startSdkSession(app, apiKey, body);
  return {status: res.statusCode, body: res.json()};
}

const refusal = (message: string) => ({status: 400, body: {error: {code: 'INVALID_FLOW', message}}});
/** Where INVALID_FLOW sends the reader: the portal's Flows page (config.portalUrl in tests). */
const PAGE = `${loadConfig({}).portalUrl}${FLOWS_PAGE_PATH}`;

describe('team flows on the SDK', () => {
  it('serves the latest published version or a pinned one, a preview of the draft, and refuses with reasons', async () => {
    const ctx = await build();
    const {app} = ctx;
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const flow = await seedFlow(app.db, acme.owner, 'intake', INTAKE);

    expect(await session(app, acme.apiKey, {flowId: 'intake'})).toEqual(
      refusal(
        `The flow "intake" has no published version yet. Use one of ${BUILT_IN}; the Flows page lists them: ${PAGE}`,
      ),
    );

    await publish(app, flow, INTAKE);
    const first = await session(app, acme.apiKey, {flowId: 'intake'});
    expect(first.body).toMatchObject({flowId: 'intake', flowVersion: '1', questions: [], questionnaire: view(INTAKE)});
    // The widget's view: the attachment it cannot show is not sent.
    expect(JSON.stringify(first.body.questionnaire)).not.toContain('scan');
    expect(tokenClaims(first.body.sessionToken)).toMatchObject({f: 'intake', v: '1'});

    await publish(app, flow, INTAKE_V2);
    expect((await session(app, acme.apiKey, {flowId: 'intake'})).body).toMatchObject({
      flowVersion: '2',
      questionnaire: view(INTAKE_V2),
    });
    const pinned = await session(app, acme.apiKey, {flowId: 'intake', flowVersion: 1});
    expect(pinned.body).toMatchObject({flowVersion: '1', questionnaire: view(INTAKE)});
    expect(await session(app, acme.apiKey, {flowId: 'intake', flowVersion: 3})).toEqual(
      refusal(
        `The flow "intake" has no version 3 (its latest is 2). Use one of your flows (intake) or of ${BUILT_IN}; the Flows page lists them: ${PAGE}`,
      ),
    );
    expect(await session(app, acme.apiKey, {flowId: 'nope'})).toEqual(
      refusal(
        `There is no flow "nope". Use one of your flows (intake) or of ${BUILT_IN}; the Flows page lists them: ${PAGE}`,
      ),
    );
    // Built-in flows have their one version.
    expect((await session(app, acme.apiKey, {flowId: 'new-patient', flowVersion: 1})).body.flowVersion).toBe('1');
    expect((await session(app, acme.apiKey, {flowId: 'new-patient', flowVersion: 2})).status).toBe(400);

    // Another team's key does not see the flow.
    const other = await clinic(ctx, 'other@example.com', 'Other');
    expect(await session(app, other.apiKey, {flowId: 'intake'})).toEqual(
      refusal(`There is no flow "intake". Use one of ${BUILT_IN}; the Flows page lists them: ${PAGE}`),
    );

    // The preview serves the saved draft, never kept in memory, with a sandbox key only.
    const draft = {...INTAKE_V2, title: 'Intake (draft)'};
    await saveDraft(app, flow, draft);
    const preview = await session(app, acme.apiKey, {flowId: 'intake', preview: true});
    expect(preview.body).toMatchObject({flowVersion: 'draft', questionnaire: view(draft)});
    expect((await session(app, acme.apiKey, {flowId: 'intake'})).body.flowVersion).toBe('2');
    await app.db.updateTable('teams').set({production_ready: true}).execute();
    const production = (
      await authed(app, acme.session, 'POST', '/api/keys/production', {allowedOrigins: ['https://clinic.example']})
    ).json().apiKey as string;
    const refused = await startSdkSession(
      app,
      production,
      {flowId: 'intake', env: 'pro', preview: true},
      'https://clinic.example',
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({error: {code: 'INVALID_API_KEY', message: PREVIEW_NEEDS_SANDBOX_KEY}});
    const live = await startSdkSession(app, production, {flowId: 'intake', env: 'pro'}, 'https://clinic.example');
    expect(live.json()).toMatchObject({flowVersion: '2', env: 'pro'});

    await setArchived(app, flow, true);
    expect(await session(app, acme.apiKey, {flowId: 'intake'})).toEqual(
      refusal(
        `The flow "intake" is archived: it serves no new sessions. Use one of ${BUILT_IN}; the Flows page lists them: ${PAGE}`,
      ),
    );

    // Sessions served by the flow (not the preview's), counted in one batch.
    await app.flowSessions.flush();
    expect(await sessionsLast7Days(app.db, [flow], ctx.clock.now())).toEqual(new Map([[flow, 5]]));
    ctx.clock.advance(7 * 86_400_000);
    expect(await sessionsLast7Days(app.db, [flow], ctx.clock.now())).toEqual(new Map());
    expect(app.flowStates.counts.hits).toBeGreaterThan(0);
  });

  it('checks the answers against the version served, drops hidden ones and stores a nested QuestionnaireResponse', async () => {
    const ctx = await build({env: {LOG_LEVEL: 'trace'}});
    const {app} = ctx;
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const flow = await seedFlow(app.db, acme.owner, 'intake', INTAKE);
    await publish(app, flow, INTAKE);
    const start = async (body: Record<string, unknown> = {flowId: 'intake'}) =>
      (await session(app, acme.apiKey, body)).body.sessionToken as string;
    const submit = async (sessionToken: string, answers: Record<string, unknown>) => {
      const res = await submitSdkAnswers(app, acme.apiKey, {sessionToken, answers});
      return {status: res.statusCode, body: res.json()};
    };
    const stored = async (id: string) => (await authed(app, acme.session, 'GET', `/api/submissions/${id}`)).json();

    const token = await start();
    const wrong = await submit(token, {
      meds: [{valueString: 'Warfarin-SECRET'}],
      kids: [{valueDecimal: 1.5}],
      nope: [],
    });
    expect(wrong).toEqual({
      status: 422,
      body: {
        error: {
          code: 'INVALID_ANSWERS',
          message:
            "Some answers do not fit the flow's questions: meds must be valueBoolean, true or false; kids must be valueInteger, a whole number; nope is not a question of this flow.",
        },
      },
    });
    // Required once shown: the follow-up of a yes.
    expect((await submit(token, {meds: [{valueBoolean: true}]})).body.error.message).toBe(
      "Some answers do not fit the flow's questions: which needs an answer.",
    );
    expect(await app.db.selectFrom('submissions').select('id').execute()).toEqual([]);

    const answered = await submit(token, {
      meds: [{valueBoolean: true}],
      which: [{valueString: 'Warfarin-SECRET'}],
      kids: [{valueInteger: 2}],
      mood: [{valueCoding: {system: 'http://example.org/mood', code: 'low'}}],
      wake: [{valueTime: '07:15'}],
      why: [{valueString: 'Hidden-SECRET'}],
    });
    expect(answered.status).toBe(201);
    const detail = await stored(answered.body.submissionId);
    expect(detail.submission).toMatchObject({flowId: 'intake', flowVersion: '1'});
    const resource = detail.questionnaireResponse;
    expect(fhirR4Errors(resource)).toEqual([]);
    expect(resource.questionnaire).toBe(`${ctx.config.portalUrl}/fhir/Questionnaire/intake|1`);
    expect(resource.item).toEqual([
      {
        linkId: 'meds',
        text: 'Do you take any medication?',
        answer: [
          {
            valueBoolean: true,
            item: [{linkId: 'which', text: 'Which medication?', answer: [{valueString: 'Warfarin-SECRET'}]}],
          },
        ],
      },
      {
        linkId: 'about',
        text: 'About you',
        item: [
          {linkId: 'kids', text: 'How many children do you have?', answer: [{valueInteger: 2}]},
          {
            linkId: 'mood',
            text: 'How is your mood?',
            answer: [{valueCoding: {system: 'http://example.org/mood', code: 'low', display: 'Low'}}],
          },
          // FHIR's time has seconds.
          {linkId: 'wake', text: 'When do you wake up?', answer: [{valueTime: '07:15:00'}]},
        ],
      },
    ]);
    // The portal shows each question with its answer, nested ones too.
    expect(detail.answers).toEqual([
      {questionId: 'meds', question: 'Do you take any medication?', answer: 'Yes'},
      {questionId: 'which', question: 'Which medication?', answer: 'Warfarin-SECRET'},
      {questionId: 'kids', question: 'How many children do you have?', answer: '2'},
      {questionId: 'mood', question: 'How is your mood?', answer: 'Low'},
      {questionId: 'wake', question: 'When do you wake up?', answer: '07:15:00'},
    ]);
    expect(JSON.stringify(detail)).not.toContain('Hidden-SECRET');

    // A hidden follow-up's answer is dropped, never refused.
    const hidden = await submit(await start(), {
      meds: [{valueBoolean: false}],
      which: [{valueString: 'Hidden-SECRET'}],
    });
    expect(hidden.status).toBe(201);
    const shown = await stored(hidden.body.submissionId);
    expect(JSON.stringify(shown)).not.toContain('Hidden-SECRET');
    // The group its condition shows, unanswered: the question's text without an answer.
    expect(shown.questionnaireResponse.item.map((item: {linkId: string}) => item.linkId)).toEqual([
      'meds',
      'about',
      'later',
    ]);

    // A session started before the flow was archived still submits; a preview's submission names the draft.
    const before = await start();
    await setArchived(app, flow, true);
    expect((await submit(before, {meds: [{valueBoolean: false}]})).status).toBe(201);
    await saveDraft(app, flow, INTAKE_V2);
    const previewed = await submit(await start({flowId: 'intake', preview: true}), {
      meds: [{valueBoolean: false}],
      born: [{valueDate: '1961-02-30'}],
    });
    expect(previewed.body.error.message).toBe(
      "Some answers do not fit the flow's questions: born must be a date written YYYY-MM-DD.",
    );
    const draftSubmission = await submit(await start({flowId: 'intake', preview: true}), {
      meds: [{valueBoolean: false}],
      born: [{valueDate: '1961-02-28'}],
    });
    expect((await stored(draftSubmission.body.submissionId)).submission).toMatchObject({
      flowVersion: 'draft',
      environment: 'sandbox',
    });

    expect(ctx.logs.text).not.toContain('SECRET');
    expect(ctx.logs.text).not.toContain('1961-02');
  });

  it("shows an unanswered question's own line in the portal when its follow-ups were shown", async () => {
    const ctx = await build();
    const {app} = ctx;
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const flow = await seedFlow(app.db, acme.owner, 'habits', HABITS);
    await publish(app, flow, HABITS);
    const {sessionToken} = (await session(app, acme.apiKey, {flowId: 'habits'})).body;
    const answers = {note: [{valueString: 'Quit last year'}]};
    const res = await submitSdkAnswers(app, acme.apiKey, {sessionToken, answers});
    expect(res.statusCode).toBe(201);
    const detail = (await authed(app, acme.session, 'GET', `/api/submissions/${res.json().submissionId}`)).json();
    expect(detail.answers).toEqual([
      {questionId: 'smoke', question: 'Do you smoke?', answer: null},
      {questionId: 'note', question: 'Anything to add?', answer: 'Quit last year'},
      {questionId: 'age', question: 'Age', answer: null},
    ]);
  });

  it('serves what another API process published at the next session, and refuses an archived flow at once', async () => {
    const {app, config, ...ctx} = await build();
    // On PostgreSQL the second process listens on a connection of its own, as the first does (helpers/app.ts).
    const other = await buildApp(config, {db: app.db, listenUrl: process.env.DATABASE_URL});
    onTestFinished(() => other.close());
    await other.ready();
    const acme = await clinic({app, config, ...ctx}, 'owner@example.com', 'Acme');
    const flow = await seedFlow(app.db, acme.owner, 'intake', INTAKE);
    await publish(app, flow, INTAKE);
    await other.changeFeed.caughtUp();
    for (let i = 0; i < 2; i++)
      expect((await session(other, acme.apiKey, {flowId: 'intake'})).body.flowVersion).toBe('1');
    expect(other.flowStates.counts).toMatchObject({hits: 1, misses: 1});

    // Published through the first process's database connection: the second hears it and serves version 2.
    await publish(app, flow, INTAKE_V2);
    await other.changeFeed.caughtUp();
    expect((await session(other, acme.apiKey, {flowId: 'intake'})).body.flowVersion).toBe('2');
    await setArchived(app, flow, true);
    await other.changeFeed.caughtUp();
    expect((await session(other, acme.apiKey, {flowId: 'intake'})).body.error.code).toBe('INVALID_FLOW');
    await setArchived(app, flow, false);
    await other.changeFeed.caughtUp();
    expect((await session(other, acme.apiKey, {flowId: 'intake'})).body.flowVersion).toBe('2');
    expect(other.flowStates.counts.invalidations).toBeGreaterThanOrEqual(3);
    // The draft's saves (every keystroke of the editor) drop nothing.
    const invalidations = other.flowStates.counts.invalidations;
    await saveDraft(app, flow, INTAKE);
    await other.changeFeed.caughtUp();
    expect((await session(other, acme.apiKey, {flowId: 'intake'})).body.flowVersion).toBe('2');
    expect(other.flowStates.counts.invalidations).toBe(invalidations);
  });
});
