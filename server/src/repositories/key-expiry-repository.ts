// SQL of the expiry reminders: keys in use that expire soon, and who looks after them.
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';
import type {KeyType} from '../db/schema.js';

export interface ExpiringKey {
  id: string;
  name: string;
  key_type: KeyType;
  key_masked: string | null;
  expires_at: Date;
  team_id: string | null;
  user_id: string | null;
  /** The reminder due now: 1 (7 days before) or 2 (1 day before). */
  stage: number;
}

/**
 * Working keys used since `usedSince` that expire within `firstWithin` and have not had the reminder now due:
 * the first one inside `firstWithin`, the second inside `secondWithin`.
 */
export async function keysDueReminder(
  db: Db,
  now: Date,
  usedSince: Date,
  firstBefore: Date,
  secondBefore: Date,
): Promise<ExpiringKey[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'name', 'key_type', 'key_masked', 'expires_at', 'team_id', 'user_id'])
    .select(sql<number>`CASE WHEN expires_at <= ${secondBefore} THEN 2 ELSE 1 END`.as('stage'))
    .where('status', '=', 'active')
    .where('expires_at', '>', now)
    .where('expires_at', '<=', firstBefore)
    .where('last_used_at', '>=', usedSince)
    .where(sql<boolean>`expiry_reminders_sent < CASE WHEN expires_at <= ${secondBefore} THEN 2 ELSE 1 END`)
    .orderBy('expires_at')
    .execute();
  return rows.map((r) => ({...r, expires_at: r.expires_at!, stage: Number(r.stage)}));
}

/** The owner and admins of a team, or the user a personal key belongs to. */
export async function keyCaretakers(
  db: Db,
  key: Pick<ExpiringKey, 'team_id' | 'user_id'>,
): Promise<{email: string; name: string | null}[]> {
  if (key.team_id) {
    return db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select(['users.email', 'users.name'])
      .where('team_members.team_id', '=', key.team_id)
      .where('team_members.role', 'in', ['owner', 'admin'])
      .orderBy('users.email')
      .execute();
  }
  return db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('id', '=', key.user_id ?? '')
    .execute();
}

export async function markReminded(db: Db, id: string, stage: number): Promise<void> {
  await db.updateTable('api_keys').set({expiry_reminders_sent: stage}).where('id', '=', id).execute();
}

/** What expiry_reminders_sent says once the key's expiry is in the activity log: past both reminders. */
export const EXPIRY_RECORDED = 3;

export interface ExpiredKey {
  id: string;
  name: string;
  key_masked: string | null;
  expires_at: Date;
  team_id: string | null;
  user_id: string | null;
  user_email: string | null;
}

/** Working keys whose expiry passed and is not yet in the activity log. */
export async function keysExpiredUnrecorded(db: Db, now: Date): Promise<ExpiredKey[]> {
  const rows = await db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.key_masked',
      'api_keys.expires_at',
      'api_keys.team_id',
      'api_keys.user_id',
      'users.email as user_email',
    ])
    .where('api_keys.status', '=', 'active')
    .where('api_keys.expires_at', '<=', now)
    .where('api_keys.expiry_reminders_sent', '<', EXPIRY_RECORDED)
    .orderBy('api_keys.expires_at')
    .execute();
  return rows.map((r) => ({...r, expires_at: r.expires_at!}));
}
