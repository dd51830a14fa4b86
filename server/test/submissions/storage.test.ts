// Submissions at rest: the answers sealed (AES-256-GCM, bound to their row), the metadata plain, one row per
// session however often and however concurrently it is submitted, and reads, lists and deletes scoped to the owner.
import {describe, expect, it} from 'vitest';
import {sql} from 'kysely';
import {ANSWER_RULES} from '@intakekit/contract/answers';
import {findFlow} from '@intakekit/contract/flow-catalogue';
import {build} from '../helpers/app.js';
import {ApiError} from '../../src/errors.js';
import {buildQuestionnaireResponse, flowQuestionnaireUrl} from '../../src/lib/fhir/questionnaire-response.js';
import {decodeCursor, deleteSubmission, listSubmissions, readSubmission} from '../../src/services/submissions.js';
import {clinic, NEW_PATIENT, PRIVATE_ANSWERS, PRIVATE_NOTE} from './submissions-helpers.js';

const MINUTE = 60_000;

async function rawRows(ctx: {app: {db: import('../../src/db/connect.js').Db}}): Promise<string[]> {
  const {rows} = await sql<{row: string}>`SELECT row_to_json(s)::text AS row FROM submissions s`.execute(ctx.app.db);
  return rows.map((r) => r.row);
}

describe('a stored submission', () => {
  it('keeps the answers sealed: the raw row holds none of their text, and they open to the same QuestionnaireResponse', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const {id, created} = await acme.submit();
    expect(created).toBe(true);

    const [raw] = await rawRows(ctx);
    for (const text of [PRIVATE_NOTE, 'Recurring', '1961-07-23', 'checkup', 'visitReason', 'What brings you in']) {
      expect(raw, text).not.toContain(text);
    }
    const row = await ctx.app.db.selectFrom('submissions').selectAll().executeTakeFirstOrThrow();
    expect(row.answers_ciphertext).toMatch(/^v1\./);

    const expected = buildQuestionnaireResponse({
      id,
      questionnaireUrl: flowQuestionnaireUrl(ctx.config.portalUrl, 'new-patient'),
      flow: NEW_PATIENT,
      answers: PRIVATE_ANSWERS,
      authored: ctx.clock.now(),
    });
    const stored = await readSubmission(acme.service, acme.owner, id);
    expect(stored?.questionnaireResponse).toEqual(expected);
    expect(stored?.meta).toEqual({
      id,
      team_id: 'teamId' in acme.owner ? acme.owner.teamId : null,
      user_id: null,
      key_id: acme.keyId,
      key_type: 'sandbox',
      env: 'sandbox',
      flow_id: 'new-patient',
      flow_version: NEW_PATIENT.version,
      session_id: row.session_id,
      origin: 'https://clinic.example',
      size: Buffer.byteLength(JSON.stringify(expected)),
      created_at: ctx.clock.now(),
    });
    // Bound to its row: the sealed answers copied into another row do not open there.
    const other = await acme.submit({answers: {...PRIVATE_ANSWERS, notes: 'Nothing'}});
    await ctx.app.db
      .updateTable('submissions')
      .set({answers_ciphertext: row.answers_ciphertext})
      .where('id', '=', other.id)
      .execute();
    await expect(readSubmission(acme.service, acme.owner, other.id)).rejects.toThrow();
  });

  it('refuses answers that break a rule with INVALID_ANSWERS naming ids and rules, and stores nothing', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const refusal = await acme
      .submit({answers: {...PRIVATE_ANSWERS, visitReason: PRIVATE_NOTE, dateOfBirth: '23/07/1961'}})
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      code: 'INVALID_ANSWERS',
      statusCode: 422,
      message: `Some answers do not fit the flow's questions: visitReason ${ANSWER_RULES.option}; dateOfBirth ${ANSWER_RULES.date}.`,
    });
    expect(await rawRows(ctx)).toEqual([]);
  });

  it('stores one row per session: a second submit stores nothing and answers the first id', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const sessionId = crypto.randomUUID();
    const first = await acme.submit({sessionId});
    ctx.clock.advance(MINUTE);
    const again = await acme.submit({sessionId, answers: {...PRIVATE_ANSWERS, notes: 'Changed my mind'}});
    expect(again).toEqual({id: first.id, created: false, receivedAt: first.receivedAt, announced: false});
    expect(await rawRows(ctx)).toHaveLength(1);
    const stored = await readSubmission(acme.service, acme.owner, first.id);
    expect(stored?.questionnaireResponse.item?.find((i) => i.linkId === 'notes')?.answer).toEqual([
      {valueString: PRIVATE_NOTE},
    ]);
    // The same session id under another key is another session.
    const other = await clinic(ctx, 'other@example.com', 'Other Clinic');
    expect((await other.submit({sessionId})).created).toBe(true);
  });

  it('stores one row when 50 submits of one session arrive at once, and every one answers its id', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const sessionId = crypto.randomUUID();
    const results = await Promise.all(Array.from({length: 50}, () => acme.submit({sessionId})));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await rawRows(ctx)).toHaveLength(1);
  });

  it('lists newest first with a cursor and filters, and reads and deletes only the owner’s', async () => {
    const ctx = await build();
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    const solo = await clinic(ctx, 'solo@example.com');
    expect(solo.owner).toHaveProperty('userId');
    const symptomCheck = findFlow('symptom-check')!;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const flow = i === 3 ? symptomCheck : NEW_PATIENT;
      const answers = i === 3 ? {mainSymptom: 'pain', onset: '2026-01-01', severity: 'mild'} : PRIVATE_ANSWERS;
      ids.push((await acme.submit({flow, answers, keyType: i === 4 ? 'production' : 'sandbox'})).id);
      ctx.clock.advance(MINUTE);
    }
    const soloId = (await solo.submit()).id;
    const newestFirst = [...ids].reverse();

    const page1 = await listSubmissions(acme.service, acme.owner, {}, 2);
    expect(page1.items.map((s) => s.id)).toEqual(newestFirst.slice(0, 2));
    expect(page1.items[0]).not.toHaveProperty('answers_ciphertext');
    const page2 = await listSubmissions(acme.service, acme.owner, {after: decodeCursor(page1.nextCursor!)!}, 2);
    expect(page2.items.map((s) => s.id)).toEqual(newestFirst.slice(2, 4));
    const page3 = await listSubmissions(acme.service, acme.owner, {after: decodeCursor(page2.nextCursor!)!}, 2);
    expect(page3).toEqual({items: [expect.objectContaining({id: ids[0]})], nextCursor: null});
    expect(decodeCursor('bm90IGEgY3Vyc29y')).toBeNull();

    const filtered = async (filter: Parameters<typeof listSubmissions>[2]) =>
      (await listSubmissions(acme.service, acme.owner, filter, 50)).items.map((s) => s.id);
    expect(await filtered({flowId: 'symptom-check'})).toEqual([ids[3]]);
    expect(await filtered({keyType: 'production'})).toEqual([ids[4]]);
    expect(await filtered({since: new Date(ctx.clock.now().getTime() - 2 * MINUTE)})).toEqual(newestFirst.slice(0, 2));
    expect(await filtered({})).not.toContain(soloId);

    expect(await readSubmission(solo.service, solo.owner, ids[0]!)).toBeUndefined();
    expect(await deleteSubmission(solo.service, solo.owner, ids[0]!)).toBeUndefined();
    expect(await deleteSubmission(acme.service, acme.owner, ids[0]!)).toEqual({announced: false});
    expect(await readSubmission(acme.service, acme.owner, ids[0]!)).toBeUndefined();
    expect(await deleteSubmission(acme.service, acme.owner, ids[0]!)).toBeUndefined();
    expect((await readSubmission(solo.service, solo.owner, soloId))?.meta.user_id).toBe(
      'userId' in solo.owner ? solo.owner.userId : null,
    );
  });
});
