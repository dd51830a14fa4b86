// SQL for the published versions of team flows (migration 025): frozen once inserted, numbered 1, 2, ... under
// the flow's lock, and found by the SDK's sessions by number or as the latest.
import {sql} from 'kysely';
import type {Questionnaire} from '@medplum/fhirtypes';
import type {Db} from '../db/connect.js';
import {ownerFilter, type KeyOwner} from './api-keys-repository.js';
import {person, type FlowPerson} from './flows-repository.js';

export interface FlowVersionRow {
  number: number;
  publishedAt: Date;
  publishedBy: FlowPerson | null;
  note: string;
}

/** One published version with its flow's state: what a session is served from. */
export interface PublishedFlowVersion extends FlowVersionRow {
  /** flows.id */
  flowRowId: string;
  flowId: string;
  /** An archived flow serves no new session; its versions stay readable. */
  archivedAt: Date | null;
  document: Questionnaire;
}

/** Freezes the flow's draft as its next version, numbered under the flow's lock (lockFlow); answers the number. */
export async function insertFlowVersion(
  db: Db,
  flowRowId: string,
  version: {publishedBy: string; note: string; now: Date},
): Promise<number> {
  const row = await db
    .insertInto('flow_versions')
    .columns(['flow', 'number', 'document', 'published_at', 'published_by', 'note'])
    .expression((eb) =>
      eb
        .selectFrom('flows')
        .select([
          'id',
          sql<number>`coalesce((SELECT max(number) FROM flow_versions WHERE flow = ${flowRowId}), 0) + 1`.as('number'),
          'draft',
          eb.val(version.now).as('published_at'),
          eb.val(version.publishedBy).as('published_by'),
          eb.val(version.note).as('note'),
        ])
        .where('id', '=', flowRowId),
    )
    .returning('number')
    .executeTakeFirstOrThrow();
  return row.number;
}

function selectVersions(db: Db) {
  return db
    .selectFrom('flow_versions as v')
    .leftJoin('users as u', 'u.id', 'v.published_by')
    .select(['v.number', 'v.published_at', 'v.note', 'u.name', 'u.email']);
}

const toVersionRow = (row: {
  number: number;
  published_at: Date;
  note: string;
  name: string | null;
  email: string | null;
}): FlowVersionRow => ({
  number: row.number,
  publishedAt: row.published_at,
  publishedBy: person(row.name, row.email),
  note: row.note,
});

/** A flow's versions, newest first. */
export async function listFlowVersions(db: Db, flowRowId: string): Promise<FlowVersionRow[]> {
  const rows = await selectVersions(db).where('v.flow', '=', flowRowId).orderBy('v.number', 'desc').execute();
  return rows.map(toVersionRow);
}

/**
 * One published version of the owner's flow `flowId`: the latest, or the one numbered. Undefined when the owner has
 * no such flow or it has no such version; an archived flow's versions are found (archivedAt says so).
 */
export async function findFlowVersion(
  db: Db,
  owner: KeyOwner,
  flowId: string,
  version: number | 'latest',
): Promise<PublishedFlowVersion | undefined> {
  const [column, id] = ownerFilter(owner);
  let query = selectVersions(db)
    .innerJoin('flows as f', 'f.id', 'v.flow')
    .select(['f.id as flow_row_id', 'f.flow_id', 'f.archived_at', 'v.document'])
    .where(`f.${column}`, '=', id)
    .where('f.flow_id', '=', flowId);
  query = version === 'latest' ? query.orderBy('v.number', 'desc').limit(1) : query.where('v.number', '=', version);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toVersionRow(row),
    flowRowId: row.flow_row_id,
    flowId: row.flow_id,
    archivedAt: row.archived_at,
    document: row.document,
  };
}
