// SQL for the activity log: append (the database refuses anything else), read a filtered page, purge by age.
import {sql, type Insertable, type Selectable} from 'kysely';
import type {Db} from '../db/connect.js';
import type {ActivityEventsTable} from '../db/schema.js';

export type NewActivityEvent = Insertable<ActivityEventsTable>;
export type ActivityEventRow = Selectable<ActivityEventsTable>;

export async function insertActivity(db: Db, event: NewActivityEvent): Promise<void> {
  await db.insertInto('activity_events').values(event).execute();
}

export interface ActivityFilter {
  /** Whose events the reader may see: a team's (and their own), or only their own. */
  visible: {teamId: string; actorId: string} | {actorId: string};
  action?: string;
  actorId?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  beforeId?: string;
}

/** Newest first; `limit` rows at most. */
export async function listActivity(db: Db, filter: ActivityFilter, limit: number): Promise<ActivityEventRow[]> {
  let query = db.selectFrom('activity_events').selectAll();
  const {visible} = filter;
  query =
    'teamId' in visible
      ? query.where((eb) => eb.or([eb('team_id', '=', visible.teamId), eb('actor_id', '=', visible.actorId)]))
      : query.where('actor_id', '=', visible.actorId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  if (filter.beforeId) query = query.where('id', '<', sql<string>`${filter.beforeId}::bigint`);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({...row, id: String(row.id)}));
}

/**
 * Deletes events older than `before`: the one deletion the table's trigger lets through, because the caller's
 * transaction says so (SET LOCAL lasts until it ends; outside a transaction it does nothing, and the trigger
 * refuses). Answers how many went.
 */
export async function purgeActivityBefore(trx: Db, before: Date): Promise<number> {
  await sql`SET LOCAL intakekit.activity_purge = 'on'`.execute(trx);
  const result = await trx.deleteFrom('activity_events').where('at', '<', before).executeTakeFirst();
  await sql`SET LOCAL intakekit.activity_purge = 'off'`.execute(trx);
  return Number(result.numDeletedRows);
}
