// The guide's "Author a flow" and "FHIR mapping" pages (docs/author-a-flow.mdx, docs/fhir-mapping.mdx), as a
// reader follows them against a real API: the example Questionnaire imports with no problem and publishes as
// version 1; the page's init snippet names that flow, version and language, and the session it starts serves the
// Spanish texts; the answers of the mapping page's example are stored as the resource that page shows, and with
// No the follow-up leaves no item. The limits the page states are the contract's.
import {readFileSync} from 'node:fs';
import vm from 'node:vm';
import {describe, expect, it} from 'vitest';
import {textFor, itemText, type Questionnaire, type QuestionnaireItem} from '@intakekit/contract/questionnaire/index';
import {FLOW_DOCUMENT_MAX_BYTES, QUESTIONNAIRE_LIMITS} from '@intakekit/contract/questionnaire/limits';
import {TEAM_FLOWS_MAX} from '@intakekit/contract/team-flows';
import {snippet} from '../../../scripts/lib/code-blocks.mjs';
import {build} from '../helpers/app.js';
import {authed} from '../helpers/accounts.js';
import {startSdkSession, submitSdkAnswers} from '../helpers/sdk-session.js';
import {clinic} from '../submissions/submissions-helpers.js';

const page = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8');
const AUTHOR = page('author-a-flow.mdx');
/** The page's prose on one line, as it reads. */
const AUTHOR_TEXT = AUTHOR.replace(/\s+/g, ' ');
const MAPPING = page('fhir-mapping.mdx');

/** The options the page's intake.js passes to IntakeKit.init, run as a page runs it. */
function initOptions(): Record<string, unknown> {
  const calls: Array<Record<string, unknown>> = [];
  const handle = {on: () => handle};
  vm.runInNewContext(snippet(AUTHOR, 'intake.js'), {
    IntakeKit: {init: (options: Record<string, unknown>) => (calls.push(options), handle)},
    console,
  });
  expect(calls).toHaveLength(1);
  return calls[0]!;
}

const texts = (items: readonly QuestionnaireItem[] | undefined, locale: string): string[] =>
  (items ?? []).flatMap((item) => [textFor(itemText(item), locale), ...texts(item.item, locale)]);

describe('the guide\'s "Author a flow" and "FHIR mapping" pages, against a real API', () => {
  it('imports and publishes the example, serves it in Spanish to the init snippet, and stores the shown resource', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const options = initOptions();
    const created = await authed(ctx.app, acme.session, 'POST', '/api/flows', {
      flowId: options['flowId'],
      questionnaire: JSON.parse(snippet(AUTHOR, 'allergy-check.json')),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().problems).toEqual([]);
    const published = await authed(ctx.app, acme.session, 'POST', `/api/flows/${options['flowId']}/publish`, {
      note: 'From the guide',
    });
    expect(published.json().version.number).toBe(options['flowVersion']);

    const start = async () => {
      const res = await startSdkSession(ctx.app, acme.apiKey, {
        flowId: options['flowId'],
        flowVersion: options['flowVersion'],
      });
      expect(res.statusCode).toBe(200);
      return res.json() as {sessionToken: string; questionnaire: Questionnaire};
    };
    const session = await start();
    expect(texts(session.questionnaire.item, String(options['locale']))).toEqual([
      '¿Tiene alguna alergia?',
      '¿Cuáles?',
      // No Spanish text: the flow's own.
      'When did they start?',
    ]);

    const shown = JSON.parse(snippet(MAPPING, 'QuestionnaireResponse'));
    const answers = {'has-allergy': [{valueBoolean: true}], which: [{valueString: 'Penicillin'}], since: []};
    const submitted = await submitSdkAnswers(ctx.app, acme.apiKey, {sessionToken: session.sessionToken, answers});
    expect(submitted.statusCode).toBe(201);
    const read = async (id: string) =>
      (await authed(ctx.app, acme.session, 'GET', `/api/submissions/${id}`)).json().questionnaireResponse;
    const stored = await read(submitted.json().submissionId);
    const sameOrigin = (resource: {questionnaire: string}) => resource.questionnaire.replace(/^.*\/fhir\//, '/fhir/');
    expect({...stored, id: shown.id, authored: shown.authored, questionnaire: sameOrigin(stored)}).toEqual({
      ...shown,
      questionnaire: sameOrigin(shown),
    });

    // "Had the patient answered No, the which item would not be there at all."
    const again = await start();
    const withNo = await submitSdkAnswers(ctx.app, acme.apiKey, {
      sessionToken: again.sessionToken,
      answers: {...answers, 'has-allergy': [{valueBoolean: false}]},
    });
    expect(withNo.statusCode).toBe(201);
    const items = (await read(withNo.json().submissionId)).item as Array<{linkId: string}>;
    expect(items.map((item) => item.linkId)).toEqual(['has-allergy', 'since']);
  });

  it('states the contract limits', () => {
    expect(AUTHOR_TEXT).toContain(`at most ${FLOW_DOCUMENT_MAX_BYTES / 1024 / 1024} MB of JSON`);
    expect(AUTHOR_TEXT).toContain(`at most ${QUESTIONNAIRE_LIMITS.items.toLocaleString('en-US')} items`);
    expect(AUTHOR_TEXT).toContain(`at most ${QUESTIONNAIRE_LIMITS.depth} levels deep`);
    expect(AUTHOR_TEXT).toContain(`at most ${TEAM_FLOWS_MAX} flows`);
  });
});
