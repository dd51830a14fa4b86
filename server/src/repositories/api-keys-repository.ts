// SQL for API keys. Every query is scoped to an owner: a team, or a user without a team.
import type {Db} from '../db/connect.js';
import type {KeyType, StoredKeyStatus} from '../db/schema.js';
import {countRows} from './count-rows.js';

export type KeyOwner = {teamId: string} | {userId: string};

const COLUMNS = [
  'id',
  'key_type',
  'key_ciphertext',
  'key_masked',
  'name',
  'status',
  'created_at',
  'last_used_at',
  'revoked_at',
  'expires_at',
  'allowed_origins',
  'rate_limit_per_minute',
] as const;

export interface ApiKeyRow {
  id: string;
  key_type: KeyType;
  key_ciphertext: string | null;
  key_masked: string | null;
  name: string;
  status: StoredKeyStatus;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  expires_at: Date | null;
  allowed_origins: string[];
  rate_limit_per_minute: number | null;
  /** The key it was rotated into, if any. */
  replaced_by: string | null;
}

/** The owner columns of a row of keys or of what follows them (submissions). */
export function ownerColumns(owner: KeyOwner) {
  return 'teamId' in owner ? {team_id: owner.teamId, user_id: null} : {team_id: null, user_id: owner.userId};
}

export function ownerFilter(owner: KeyOwner) {
  return ['teamId' in owner ? 'team_id' : 'user_id', 'teamId' in owner ? owner.teamId : owner.userId] as const;
}

/** How many rows the owner has in a table of what it owns: its limits count them. */
export async function countOwned(db: Db, table: 'flows' | 'webhook_endpoints', owner: KeyOwner): Promise<number> {
  const [column, id] = ownerFilter(owner);
  return countRows(db.selectFrom(table).where(column, '=', id));
}

function selectKeys(db: Db) {
  return db
    .selectFrom('api_keys')
    .select(COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('api_keys as successor')
        .select('successor.id')
        .whereRef('successor.rotated_from', '=', 'api_keys.id')
        .as('replaced_by'),
    );
}

/**
 * Holds the owner's row (team or user) locked until the transaction ends, so that concurrent
 * creations for one owner count the active keys one after the other.
 */
export async function lockKeyOwner(db: Db, owner: KeyOwner): Promise<void> {
  if ('teamId' in owner) {
    await db.selectFrom('teams').select('id').where('id', '=', owner.teamId).forUpdate().execute();
  } else {
    await db.selectFrom('users').select('id').where('id', '=', owner.userId).forUpdate().execute();
  }
}

/** The tables of keys: browser keys, and server keys (migration 021), which share their owner and state columns. */
export type KeyTable = 'api_keys' | 'server_keys';

export async function countActiveKeys(db: Db, owner: KeyOwner, table: KeyTable = 'api_keys'): Promise<number> {
  const [column, id] = ownerFilter(owner);
  return countRows(db.selectFrom(table).where(column, '=', id).where('status', '=', 'active'));
}

/** How many keys of this type the owner has created (rotations not counted): numbers the default names. */
export async function countCreatedKeys(db: Db, owner: KeyOwner, type: KeyType): Promise<number> {
  const [column, id] = ownerFilter(owner);
  return countRows(
    db.selectFrom('api_keys').where(column, '=', id).where('key_type', '=', type).where('rotated_from', 'is', null),
  );
}

/** What every new key row holds, browser or server key. */
export interface NewKeyColumns {
  owner: KeyOwner;
  type: KeyType;
  hash: string;
  masked: string;
  name: string;
  createdBy: string;
  rotatedFrom?: string;
  now: Date;
}

/** The columns of a new active key that both key tables have. */
export function newKeyValues(key: NewKeyColumns) {
  return {
    ...ownerColumns(key.owner),
    key_type: key.type,
    key_hash: key.hash,
    key_masked: key.masked,
    name: key.name,
    status: 'active' as const,
    created_by: key.createdBy,
    rotated_from: key.rotatedFrom ?? null,
    created_at: key.now,
  };
}

export interface NewKeyRow extends NewKeyColumns {
  /** Sandbox keys only. */
  ciphertext: string | null;
  allowedOrigins: string[];
  expiresAt: Date | null;
  rateLimitPerMinute: number | null;
}

export async function insertKey(db: Db, key: NewKeyRow): Promise<ApiKeyRow> {
  const row = await db
    .insertInto('api_keys')
    .values({
      ...newKeyValues(key),
      key_ciphertext: key.ciphertext,
      allowed_origins: key.allowedOrigins,
      expires_at: key.expiresAt,
      rate_limit_per_minute: key.rateLimitPerMinute,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return {...row, replaced_by: null};
}

export async function findOwnedKey(
  db: Db,
  owner: KeyOwner,
  id: string,
  type: KeyType | undefined,
): Promise<ApiKeyRow | undefined> {
  const [column, ownerId] = ownerFilter(owner);
  let query = selectKeys(db).where('id', '=', id).where(column, '=', ownerId);
  if (type) query = query.where('key_type', '=', type);
  return query.executeTakeFirst();
}

async function reread(db: Db, id: string): Promise<ApiKeyRow> {
  return selectKeys(db).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Revokes an active key, effective at `effectiveAt` (now, or the end of a rotation's grace period);
 * undefined when it was not active (already revoked, or lost a race).
 */
export async function revokeActiveKey(db: Db, id: string, effectiveAt: Date): Promise<ApiKeyRow | undefined> {
  return (await revokeActiveRow(db, 'api_keys', id, effectiveAt)) ? reread(db, id) : undefined;
}

/** Marks an active key of either table revoked at `effectiveAt`; false when it was not active. */
export async function revokeActiveRow(db: Db, table: KeyTable, id: string, effectiveAt: Date): Promise<boolean> {
  const row = await db
    .updateTable(table)
    .set({status: 'revoked', revoked_at: effectiveAt})
    .where('id', '=', id)
    .where('status', '=', 'active')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the grace period of a rotated key now; undefined when it was not inside one. */
export async function endGracePeriod(db: Db, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  const row = await db
    .updateTable('api_keys')
    .set({revoked_at: now})
    .where('id', '=', id)
    .where('status', '=', 'revoked')
    .where('revoked_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row && reread(db, row.id);
}

export interface KeySettingsChange {
  name?: string;
  allowed_origins?: string[];
  expires_at?: Date | null;
  rate_limit_per_minute?: number | null;
  expiry_reminders_sent?: number;
}

export async function updateKeySettings(db: Db, id: string, change: KeySettingsChange): Promise<ApiKeyRow> {
  if (Object.keys(change).length > 0) {
    await db.updateTable('api_keys').set(change).where('id', '=', id).execute();
  }
  return reread(db, id);
}

/** Keys made before production keys were kept only hashed, or before key_masked existed. */
export async function keysToBackfill(
  db: Db,
): Promise<{id: string; key_type: KeyType; key_ciphertext: string | null; key_masked: string | null}[]> {
  return db
    .selectFrom('api_keys')
    .select(['id', 'key_type', 'key_ciphertext', 'key_masked'])
    .where((eb) =>
      eb.or([
        eb('key_masked', 'is', null),
        eb.and([eb('key_type', '=', 'production'), eb('key_ciphertext', 'is not', null)]),
      ]),
    )
    .execute();
}

export async function setStoredForm(
  db: Db,
  id: string,
  stored: {key_masked: string; key_ciphertext: string | null},
): Promise<void> {
  await db.updateTable('api_keys').set(stored).where('id', '=', id).execute();
}

/** Hands a user's personal keys (active and revoked) of one table to a team; returns how many moved. */
export async function movePersonalKeysToTeam(db: Db, userId: string, teamId: string, table: KeyTable = 'api_keys') {
  const moved = await db
    .updateTable(table)
    .set({team_id: teamId, user_id: null})
    .where('user_id', '=', userId)
    .execute();
  return Number(moved[0]?.numUpdatedRows ?? 0);
}
