// What the flows routes refuse, and that a refusal changes nothing: documents with validation errors (every problem
// in error.details), past the size, item and depth limits, ids that are malformed, built-in or taken.
import {describe, expect, it} from 'vitest';
import {QUESTIONNAIRE_MESSAGES} from '@intakekit/contract/questionnaire/messages';
import {build} from '../helpers/app.js';
import {signedIn} from '../helpers/accounts.js';
import {call, doc, expectRefused, question} from './flow-helpers.js';

/** `depth` groups, each inside the one before, around one question. */
function nested(depth: number): Record<string, unknown> {
  let item: Record<string, unknown> = question('leaf');
  for (let level = depth - 1; level >= 1; level--) item = {linkId: `g${level}`, type: 'group', item: [item]};
  return doc([item]);
}

describe('flow refusals', () => {
  it('refuses bad documents and ids with clear codes, and changes nothing', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const good = doc([
      question('a'),
      question('b', {enableWhen: [{question: 'a', operator: 'exists', answerBoolean: true}]}),
    ]);
    expect((await call(app, owner, 'POST', '/api/flows', {flowId: 'intake', questionnaire: good})).statusCode).toBe(
      201,
    );
    const before = (await call(app, owner, 'GET', '/api/flows/intake')).json();

    // A document with errors: 422 with every problem in error.details, its message naming the first.
    const broken = doc([question('a'), question('a'), {linkId: 'c', type: 'choice', required: true}]);
    for (const [method, url, body] of [
      ['POST', '/api/flows', {flowId: 'other', questionnaire: broken}],
      ['PUT', '/api/flows/intake/draft', {questionnaire: broken}],
    ] as const) {
      const res = await call(app, owner, method, url, body);
      expectRefused(res, 422, 'INVALID_QUESTIONNAIRE');
      expect(res.json().error.message).toBe(
        `The flow has 2 problems; the first: item[1].linkId (a): ${QUESTIONNAIRE_MESSAGES.duplicateLinkId('a')}`,
      );
      expect(res.json().error.details.problems).toEqual([
        expect.objectContaining({path: 'item[1].linkId', linkId: 'a', rule: 'duplicateLinkId', severity: 'error'}),
        expect.objectContaining({path: 'item[2]', linkId: 'c', rule: 'choiceWithoutOptions', severity: 'error'}),
      ]);
    }
    // A condition on a later question: refused, the condition named.
    const later = doc([
      question('b', {enableWhen: [{question: 'a', operator: 'exists', answerBoolean: true}]}),
      question('a'),
    ]);
    const refused = await call(app, owner, 'PUT', '/api/flows/intake/draft', {questionnaire: later});
    expectRefused(refused, 422, 'INVALID_QUESTIONNAIRE');
    expect(refused.json().error.details.problems).toMatchObject([{linkId: 'b', rule: 'enableWhenLater'}]);
    const notQuestionnaire = await call(app, owner, 'PUT', '/api/flows/intake/draft', {questionnaire: {item: []}});
    expectRefused(notQuestionnaire, 422, 'INVALID_QUESTIONNAIRE');
    expect(notQuestionnaire.json().error.details.problems[0].rule).toBe('notQuestionnaire');

    // The limits: 2,001 items, 7 levels, 5 MB, a character jsonb cannot hold.
    const many = doc(Array.from({length: 2_001}, (_, i) => question(`q${i}`)));
    const tooMany = await call(app, owner, 'PUT', '/api/flows/intake/draft', {questionnaire: many});
    expectRefused(tooMany, 422, 'INVALID_QUESTIONNAIRE');
    expect(tooMany.json().error.message).toContain(QUESTIONNAIRE_MESSAGES.tooManyItems);
    expect((await call(app, owner, 'PUT', '/api/flows/intake/draft', {questionnaire: nested(6)})).statusCode).toBe(200);
    const deep = await call(app, owner, 'PUT', '/api/flows/intake/draft', {questionnaire: nested(7)});
    expectRefused(deep, 422, 'INVALID_QUESTIONNAIRE');
    expect(deep.json().error.message).toContain(QUESTIONNAIRE_MESSAGES.tooDeep);
    const huge = doc([question('a', {text: 'x'.repeat(5 * 1024 * 1024)})]);
    expectRefused(
      await call(app, owner, 'PUT', '/api/flows/intake/draft', {questionnaire: huge}),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expectRefused(
      await call(app, owner, 'POST', '/api/flows', {flowId: 'big', questionnaire: huge}),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    for (const text of ['a\u0000b', 'half \ud800 pair']) {
      const res = await call(app, owner, 'PUT', '/api/flows/intake/draft', {
        questionnaire: doc([question('a', {text})]),
      });
      expectRefused(res, 422, 'INVALID_QUESTIONNAIRE');
    }

    // Ids: malformed, a built-in flow's, taken; a template that is no built-in flow; neither or both sources.
    const create = (body: Record<string, unknown>) => call(app, owner, 'POST', '/api/flows', body);
    for (const flowId of ['Intake', '-intake', 'in take', 'x'.repeat(65), '']) {
      const res = await create({flowId, template: 'new-patient'});
      expect(res.statusCode, flowId).toBe(400);
      expect(['INVALID_FLOW_ID', 'MISSING_FIELDS']).toContain(res.json().error.code);
    }
    expectRefused(await create({flowId: 'Intake', template: 'new-patient'}), 400, 'INVALID_FLOW_ID');
    expectRefused(await create({flowId: 'new-patient', template: 'new-patient'}), 409, 'FLOW_ID_BUILT_IN');
    expectRefused(await create({flowId: 'intake', template: 'new-patient'}), 409, 'FLOW_ID_TAKEN');
    expectRefused(await create({flowId: 'other', template: 'no-such-flow'}), 400, 'INVALID_FLOW');
    expectRefused(await create({flowId: 'other'}), 400, 'MISSING_FIELDS');
    expectRefused(await create({flowId: 'other', template: 'new-patient', questionnaire: good}), 400, 'MISSING_FIELDS');
    // A path id of the wrong shape names nothing; a built-in id is no team flow.
    expectRefused(await call(app, owner, 'GET', '/api/flows/Not%20An%20Id'), 404, 'NOT_FOUND');
    expectRefused(await call(app, owner, 'GET', '/api/flows/new-patient'), 404, 'FLOW_NOT_FOUND');
    expectRefused(await call(app, owner, 'GET', '/api/flows/intake/versions/0'), 404, 'NOT_FOUND');
    expectRefused(await call(app, owner, 'GET', '/api/flows/intake/export?version=latest'), 400, 'MISSING_FIELDS');
    const longNote = {note: 'x'.repeat(501)};
    expectRefused(await call(app, owner, 'POST', '/api/flows/intake/publish', longNote), 400, 'INVALID_FLOW_NOTE');
    expectRefused(
      await call(app, owner, 'POST', '/api/flows/intake/publish', {note: 'a\u0007'}),
      400,
      'INVALID_FLOW_NOTE',
    );

    // Nothing changed but the one valid save above: the same flow, no other, no version.
    const after = (await call(app, owner, 'GET', '/api/flows/intake')).json();
    expect({...after.flow, draft: undefined, draftUpdatedAt: undefined, updatedAt: undefined}).toEqual({
      ...before.flow,
      draft: undefined,
      draftUpdatedAt: undefined,
      updatedAt: undefined,
    });
    expect(after.flow.draft).toEqual(nested(6));
    expect((await call(app, owner, 'GET', '/api/flows')).json().flows).toHaveLength(1);
    expect(await app.db.selectFrom('flow_versions').selectAll().execute()).toEqual([]);
  });
});
