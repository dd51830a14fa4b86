// The flows repository on the test's database (PGlite, or PostgreSQL with DATABASE_URL): documents go in as JSON
// text and come back as the same JSON, whatever they hold; versions are numbered and found by number or latest.
import {afterEach, describe, expect, it} from 'vitest';
import {sql} from 'kysely';
import {freshDatabase, type TestDatabase} from '../helpers/database.js';
import {findFlowVersion, insertFlowVersion} from '../../src/repositories/flow-versions-repository.js';
import {
  findFlow,
  insertFlow,
  listFlows,
  lockFlow,
  movePersonalFlowsToTeam,
  updateFlowDraft,
} from '../../src/repositories/flows-repository.js';

let database: TestDatabase;
afterEach(async () => database?.release());

const NOW = new Date('2026-01-15T09:00:00.000Z');

async function userAndTeam(db: TestDatabase['db']) {
  const user = await db
    .insertInto('users')
    .values({email: 'ana@example.com', name: 'Ana', password_hash: 'x', created_at: NOW, updated_at: NOW})
    .returning('id')
    .executeTakeFirstOrThrow();
  const team = await db
    .insertInto('teams')
    .values({name: 'Clinic', created_at: NOW} as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return {userId: user.id, teamId: team.id};
}

describe('flows repository', () => {
  it('stores documents as JSON (arrays, unicode, numbers, nesting), numbers versions and finds them', async () => {
    database = await freshDatabase();
    const {db} = database;
    const {userId, teamId} = await userAndTeam(db);
    const owner = {teamId};
    const document = {
      resourceType: 'Questionnaire',
      title: 'Ünïcode ✓ <script>alert(1)</script>',
      item: [{linkId: 'a', type: 'integer', text: 'it\'s "quoted"', initial: [{valueInteger: 3}], code: []}],
      extension: [{url: 'x', valueDecimal: 1.5}],
    };
    expect(await insertFlow(db, owner, {flowId: 'intake', draft: document, by: userId, now: NOW})).toBe(true);
    expect(await insertFlow(db, owner, {flowId: 'intake', draft: document, by: userId, now: NOW})).toBe(false);
    const flow = (await findFlow(db, owner, 'intake'))!;
    expect(flow.draft).toEqual(document);
    expect(flow).toMatchObject({latestVersion: null, draftPublished: false, draftUpdatedBy: {name: 'Ana'}});
    const [{type}] = (await sql<{type: string}>`SELECT jsonb_typeof(draft) AS type FROM flows`.execute(db)).rows as [
      {type: string},
    ];
    expect(type).toBe('object');

    await db.transaction().execute(async (trx) => {
      await lockFlow(trx, owner, 'intake');
      expect(await insertFlowVersion(trx, flow.id, {publishedBy: userId, note: 'first', now: NOW})).toBe(1);
    });
    await updateFlowDraft(db, flow.id, {...document, title: 'Two'}, userId, NOW);
    expect(await insertFlowVersion(db, flow.id, {publishedBy: userId, note: '', now: NOW})).toBe(2);
    expect((await findFlowVersion(db, owner, 'intake', 'latest'))!).toMatchObject({
      number: 2,
      document: {title: 'Two'},
    });
    expect((await findFlowVersion(db, owner, 'intake', 1))!).toMatchObject({
      number: 1,
      note: 'first',
      flowId: 'intake',
      archivedAt: null,
      publishedBy: {name: 'Ana', email: 'ana@example.com'},
      document,
    });
    expect(await findFlowVersion(db, owner, 'intake', 3)).toBeUndefined();
    expect(await findFlowVersion(db, {userId}, 'intake', 'latest')).toBeUndefined();
    expect((await listFlows(db, owner))[0]).toMatchObject({latestVersion: 2, draftPublished: true});

    // A personal flow whose id the team already has moves under a new id; the other keeps its own.
    await insertFlow(db, {userId}, {flowId: 'intake', draft: document, by: userId, now: NOW});
    await insertFlow(db, {userId}, {flowId: 'mine', draft: document, by: userId, now: NOW});
    expect(await movePersonalFlowsToTeam(db, userId, teamId)).toBe(2);
    const ids = (await listFlows(db, owner)).map((f) => f.flowId);
    expect(ids).toHaveLength(3);
    expect(ids).toContain('mine');
    expect(ids.filter((id) => /^intake-[0-9a-f]{8}$/.test(id))).toHaveLength(1);
  });
});
