// SQL for team flows (migration 025). Every query is scoped to an owner (a team, or a user without one), and names a
// flow by its public id. Documents go in as JSON text cast to jsonb: node-postgres would send a JS array as a
// PostgreSQL array, and PGlite types a parameter by its value; both give a jsonb column back as parsed JSON.
import {sql, type RawBuilder} from 'kysely';
import type {Questionnaire} from '@medplum/fhirtypes';
import type {Db} from '../db/connect.js';
import {countOwned, ownerColumns, ownerFilter, type KeyOwner} from './api-keys-repository.js';

export interface FlowPerson {
  name: string | null;
  email: string;
}

export interface FlowRow {
  /** flows.id: the row's own id, never shown. */
  id: string;
  flowId: string;
  draft: Questionnaire;
  draftUpdatedAt: Date;
  draftUpdatedBy: FlowPerson | null;
  archivedAt: Date | null;
  createdAt: Date;
  latestVersion: number | null;
  publishedAt: Date | null;
  /** The draft equals the latest version (jsonb equality: the order of keys does not count). */
  draftPublished: boolean;
}

export const jsonb = (document: unknown): RawBuilder<Questionnaire> =>
  sql<Questionnaire>`${JSON.stringify(document)}::jsonb`;

export const person = (name: string | null, email: string | null): FlowPerson | null =>
  email === null ? null : {name, email};

function selectFlows(db: Db, owner: KeyOwner) {
  const [column, id] = ownerFilter(owner);
  return db
    .selectFrom('flows as f')
    .leftJoin('users as u', 'u.id', 'f.draft_updated_by')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('flow_versions')
          .distinctOn('flow')
          .select(['flow', 'number', 'published_at', 'document'])
          .orderBy('flow')
          .orderBy('number', 'desc')
          .as('v'),
      (join) => join.onRef('v.flow', '=', 'f.id'),
    )
    .select([
      'f.id',
      'f.flow_id',
      'f.draft',
      'f.draft_updated_at',
      'f.archived_at',
      'f.created_at',
      'u.name',
      'u.email',
      'v.number',
      'v.published_at',
      sql<boolean>`coalesce(v.document = f.draft, false)`.as('draft_published'),
    ])
    .where(`f.${column}`, '=', id);
}

type SelectedFlow = Awaited<ReturnType<ReturnType<typeof selectFlows>['executeTakeFirstOrThrow']>>;

function toFlowRow(row: SelectedFlow): FlowRow {
  return {
    id: row.id,
    flowId: row.flow_id,
    draft: row.draft,
    draftUpdatedAt: row.draft_updated_at,
    draftUpdatedBy: person(row.name, row.email),
    archivedAt: row.archived_at,
    createdAt: row.created_at,
    latestVersion: row.number,
    publishedAt: row.published_at,
    draftPublished: row.draft_published,
  };
}

export async function listFlows(db: Db, owner: KeyOwner): Promise<FlowRow[]> {
  return (await selectFlows(db, owner).orderBy('f.flow_id').execute()).map(toFlowRow);
}

export async function findFlow(db: Db, owner: KeyOwner, flowId: string): Promise<FlowRow | undefined> {
  const row = await selectFlows(db, owner).where('f.flow_id', '=', flowId).executeTakeFirst();
  return row && toFlowRow(row);
}

/** The flow's row, locked until the transaction ends (a publish numbers its version under it). */
export async function lockFlow(db: Db, owner: KeyOwner, flowId: string): Promise<{id: string} | undefined> {
  const [column, id] = ownerFilter(owner);
  return db
    .selectFrom('flows')
    .select('id')
    .where(column, '=', id)
    .where('flow_id', '=', flowId)
    .forUpdate()
    .executeTakeFirst();
}

export async function countFlows(db: Db, owner: KeyOwner): Promise<number> {
  return countOwned(db, 'flows', owner);
}

/** Inserts a flow; false when the owner already has one with this id (the unique index decides, under races too). */
export async function insertFlow(
  db: Db,
  owner: KeyOwner,
  flow: {flowId: string; draft: unknown; by: string; now: Date},
): Promise<boolean> {
  const column = 'teamId' in owner ? 'team_id' : 'user_id';
  const inserted = await db
    .insertInto('flows')
    .values({
      ...ownerColumns(owner),
      flow_id: flow.flowId,
      draft: jsonb(flow.draft),
      draft_updated_at: flow.now,
      draft_updated_by: flow.by,
      created_at: flow.now,
    })
    .onConflict((oc) => oc.columns([column, 'flow_id']).where(column, 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function updateFlowDraft(db: Db, flowRowId: string, draft: unknown, by: string, now: Date) {
  await db
    .updateTable('flows')
    .set({draft: jsonb(draft), draft_updated_at: now, draft_updated_by: by})
    .where('id', '=', flowRowId)
    .execute();
}

export async function setFlowArchived(db: Db, flowRowId: string, archivedAt: Date | null) {
  await db.updateTable('flows').set({archived_at: archivedAt}).where('id', '=', flowRowId).execute();
}

export async function deleteFlowRow(db: Db, flowRowId: string) {
  await db.deleteFrom('flows').where('id', '=', flowRowId).execute();
}

/**
 * Hands a user's personal flows to the team they start or join, with their versions. A flow whose id the team
 * already uses keeps its document under a new id (its id and the start of its row id), so no flow is lost.
 */
export async function movePersonalFlowsToTeam(db: Db, userId: string, teamId: string): Promise<number> {
  await sql`
    UPDATE flows SET flow_id = left(flow_id, 55) || '-' || left(id::text, 8)
     WHERE user_id = ${userId} AND flow_id IN (SELECT flow_id FROM flows WHERE team_id = ${teamId})
  `.execute(db);
  const moved = await db
    .updateTable('flows')
    .set({team_id: teamId, user_id: null})
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}
