// SQL for submissions and their retention. Every read, list and delete is scoped to an owner (a team, or a user
// without one), as keys are; the purge alone spans owners. No query here reads the sealed answers but the single
// get of one submission, which the service opens.
import {sql, type Selectable} from 'kysely';
import type {KeyType} from '@intakekit/contract/api-keys';
import {RETENTION_DAYS_DEFAULT, RETENTION_DAYS_MIN} from '@intakekit/contract/submissions';
import type {Db} from '../db/connect.js';
import type {SubmissionsTable} from '../db/submission-tables.js';
import {ownerFilter, type KeyOwner} from './api-keys-repository.js';
import {DAY_MS} from '../lib/durations.js';
import {webhookOutboxCtes} from './webhook-events-repository.js';

export type SubmissionRow = Selectable<SubmissionsTable>;
/** A submission's row without its sealed answers: what lists show. */
export type SubmissionMeta = Omit<SubmissionRow, 'answers_ciphertext'>;

/** What a submission is about, beside its id, owner, answers and time: in its list and in the rows the SDK writes. */
export const SUBMISSION_FACTS = [
  'key_id',
  'key_type',
  'env',
  'flow_id',
  'flow_version',
  'session_id',
  'origin',
  'size',
] as const satisfies ReadonlyArray<keyof SubmissionMeta>;

const META_COLUMNS = ['id', 'team_id', 'user_id', ...SUBMISSION_FACTS, 'created_at'] as const satisfies ReadonlyArray<
  keyof SubmissionMeta
>;

/** `keyType`: only a submission of that environment (a server key reads its own environment's only). */
export async function findSubmission(
  db: Db,
  owner: KeyOwner,
  id: string,
  keyType?: KeyType,
): Promise<SubmissionRow | undefined> {
  const [column, ownerId] = ownerFilter(owner);
  let query = db.selectFrom('submissions').selectAll().where('id', '=', id).where(column, '=', ownerId);
  if (keyType !== undefined) query = query.where('key_type', '=', keyType);
  return query.executeTakeFirst();
}

/** Where a page of the newest-first list ends: the last row's time and id. */
export interface SubmissionCursor {
  createdAt: Date;
  id: string;
}

export interface SubmissionFilter {
  flowId?: string;
  keyType?: KeyType;
  /** Only submissions made at or after this time. */
  since?: Date;
  /** Only submissions older than this row (the previous page's end). */
  after?: SubmissionCursor;
}

/** Up to `limit` submissions of the owner, newest first (time, then id), without their answers. */
export async function listSubmissionMeta(
  db: Db,
  owner: KeyOwner,
  filter: SubmissionFilter,
  limit: number,
): Promise<SubmissionMeta[]> {
  const [column, ownerId] = ownerFilter(owner);
  let query = db.selectFrom('submissions').select(META_COLUMNS).where(column, '=', ownerId);
  if (filter.flowId !== undefined) query = query.where('flow_id', '=', filter.flowId);
  if (filter.keyType !== undefined) query = query.where('key_type', '=', filter.keyType);
  if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
  const after = filter.after;
  if (after !== undefined) {
    query = query.where(({eb, refTuple, tuple}) =>
      eb(refTuple('created_at', 'id'), '<', tuple(after.createdAt, after.id)),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Deletes the owner's submission (of this environment, when given); undefined when there was none. `announced`: a
 * submission.deleted event was written with the deletion.
 */
export async function deleteSubmission(
  db: Db,
  owner: KeyOwner,
  id: string,
  keyType?: KeyType,
): Promise<{announced: boolean} | undefined> {
  const [column, ownerId] = ownerFilter(owner);
  // With its submission.deleted event and deliveries, in the same statement (see webhook-events-repository.ts).
  const result = await sql<{announced: boolean}>`
    WITH source AS (
      DELETE FROM submissions WHERE id = ${id} AND ${sql.ref(column)} = ${ownerId}
        ${keyType === undefined ? sql`` : sql`AND key_type = ${keyType}`}
      RETURNING id, team_id, user_id, key_type, now() AS created_at
    ), ${webhookOutboxCtes('submission.deleted')}
    SELECT EXISTS (SELECT 1 FROM events) AS announced FROM source`.execute(db);
  return result.rows[0];
}

/** The days the owner set per environment (an environment left unset is missing). */
export async function findRetentionDays(db: Db, owner: KeyOwner): Promise<Partial<Record<KeyType, number>>> {
  const [column, ownerId] = ownerFilter(owner);
  const rows = await db
    .selectFrom('submission_retention')
    .select(['key_type', 'days'])
    .where(column, '=', ownerId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key_type, r.days]));
}

export async function upsertRetentionDays(
  db: Db,
  owner: KeyOwner,
  keyType: KeyType,
  days: number,
  now: Date,
): Promise<void> {
  const [column, ownerId] = ownerFilter(owner);
  const values = {team_id: null, user_id: null, [column]: ownerId, key_type: keyType, days, updated_at: now};
  await db
    .insertInto('submission_retention')
    .values(values)
    .onConflict((oc) =>
      oc.columns([column, 'key_type']).where(column, 'is not', null).doUpdateSet({days, updated_at: now}),
    )
    .execute();
}

/**
 * Hands a user's personal submissions to the team their keys move into. `retention`: 'keep' carries the user's
 * settings over where the team has none (a team they start), 'drop' leaves the team's as they are (a team they
 * join, whose settings only its owners and admins change). Returns how many submissions moved.
 */
export async function movePersonalSubmissionsToTeam(
  db: Db,
  userId: string,
  teamId: string,
  retention: 'keep' | 'drop',
): Promise<number> {
  const moved = await db
    .updateTable('submissions')
    .set({team_id: teamId, user_id: null})
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (retention === 'keep') {
    await db
      .insertInto('submission_retention')
      .columns(['team_id', 'key_type', 'days', 'updated_at'])
      .expression((eb) =>
        eb
          .selectFrom('submission_retention')
          .select([eb.val(teamId).as('team_id'), 'key_type', 'days', 'updated_at'])
          .where('user_id', '=', userId),
      )
      .onConflict((oc) => oc.columns(['team_id', 'key_type']).where('team_id', 'is not', null).doNothing())
      .execute();
  }
  await db.deleteFrom('submission_retention').where('user_id', '=', userId).execute();
  return Number(moved.numUpdatedRows);
}

/**
 * Deletes every submission older than its owner's retention for its environment (the contract's default where the
 * owner set none); answers how many. Only rows past the shortest retention are looked at.
 */
export async function purgeExpiredSubmissions(db: Db, now: Date): Promise<number> {
  const retention = sql<number>`coalesce(
    (select r.days from submission_retention r
      where (r.team_id = submissions.team_id or r.user_id = submissions.user_id) and r.key_type = submissions.key_type),
    case submissions.key_type when 'production' then ${RETENTION_DAYS_DEFAULT.production}::int
      else ${RETENTION_DAYS_DEFAULT.sandbox}::int end)`;
  const result = await db
    .deleteFrom('submissions')
    .where('created_at', '<=', new Date(now.getTime() - RETENTION_DAYS_MIN * DAY_MS))
    .where(sql<boolean>`created_at <= ${now}::timestamptz - make_interval(days => ${retention})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
