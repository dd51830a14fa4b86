// The reads of the SDK's path over team flows (migration 025): a flow with its latest published version (what a
// session is served from, and kept in memory by services/flow-cache.ts), a pinned version, the draft a preview
// serves, and the ids INVALID_FLOW names. Each is one indexed read scoped to the key's owner.
import type {Questionnaire} from '@medplum/fhirtypes';
import type {Db} from '../db/connect.js';
import {ownerFilter, type KeyOwner} from './api-keys-repository.js';

export interface ServedFlowRow {
  /** flows.id */
  id: string;
  archived: boolean;
  /** The newest published version, or null when the flow was never published. */
  latest: {number: number; document: Questionnaire} | null;
}

/** The owner's flow `flowId` and its latest version; undefined when the owner has no such flow. */
export async function findServedFlow(db: Db, owner: KeyOwner, flowId: string): Promise<ServedFlowRow | undefined> {
  const [column, id] = ownerFilter(owner);
  const row = await db
    .selectFrom('flows as f')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('flow_versions as v')
          .innerJoin('flows as o', 'o.id', 'v.flow')
          .select(['v.flow', 'v.number', 'v.document'])
          .where(`o.${column}`, '=', id)
          .where('o.flow_id', '=', flowId)
          .orderBy('v.number', 'desc')
          .limit(1)
          .as('v'),
      (join) => join.onRef('v.flow', '=', 'f.id'),
    )
    .select(['f.id', 'f.archived_at', 'v.number', 'v.document'])
    .where(`f.${column}`, '=', id)
    .where('f.flow_id', '=', flowId)
    .executeTakeFirst();
  if (!row) return undefined;
  const latest = row.number !== null && row.document !== null ? {number: row.number, document: row.document} : null;
  return {id: row.id, archived: row.archived_at !== null, latest};
}

/** A published version of a flow by its row id; undefined when there is no such number. */
export async function findVersionDocument(
  db: Db,
  flowRowId: string,
  number: number,
): Promise<Questionnaire | undefined> {
  const row = await db
    .selectFrom('flow_versions')
    .select('document')
    .where('flow', '=', flowRowId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row?.document;
}

/** The owner's flow's saved draft (archived or not), for a preview; undefined when there is no such flow. */
export async function findDraft(
  db: Db,
  owner: KeyOwner,
  flowId: string,
): Promise<{id: string; draft: Questionnaire} | undefined> {
  const [column, id] = ownerFilter(owner);
  return db
    .selectFrom('flows')
    .select(['id', 'draft'])
    .where(column, '=', id)
    .where('flow_id', '=', flowId)
    .executeTakeFirst();
}

/** The public ids of the owner's flows that serve sessions (published, not archived), in id order. */
export async function servedFlowIds(db: Db, owner: KeyOwner, limit: number): Promise<string[]> {
  const [column, id] = ownerFilter(owner);
  const rows = await db
    .selectFrom('flows as f')
    .select('f.flow_id')
    .where(`f.${column}`, '=', id)
    .where('f.archived_at', 'is', null)
    .where(({exists, selectFrom}) => exists(selectFrom('flow_versions').select('number').whereRef('flow', '=', 'f.id')))
    .orderBy('f.flow_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.flow_id);
}
