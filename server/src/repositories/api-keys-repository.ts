// SQL for API keys. Every query is scoped to an owner: a team, or a user without a team.
import type {Db} from '../db/connect.js';
import type {KeyType} from '../db/schema.js';

export type KeyOwner = {teamId: string} | {userId: string};

const COLUMNS = ['id', 'key_type', 'key_ciphertext', 'status', 'created_at', 'last_used_at'] as const;

export interface ApiKeyRow {
  id: string;
  key_type: KeyType;
  key_ciphertext: string;
  status: 'active' | 'revoked';
  created_at: Date;
  last_used_at: Date | null;
}

function ownerColumns(owner: KeyOwner) {
  return 'teamId' in owner ? {team_id: owner.teamId, user_id: null} : {team_id: null, user_id: owner.userId};
}

/**
 * Every active key of the owner (bounded by the quota) and its `revokedLimit` most recently created
 * revoked ones, newest first: revoked keys pile up with every rotation, and the list must not.
 */
export async function listKeys(db: Db, owner: KeyOwner, revokedLimit: number): Promise<ApiKeyRow[]> {
  const ownerColumn = 'teamId' in owner ? 'team_id' : 'user_id';
  const ownerId = 'teamId' in owner ? owner.teamId : owner.userId;
  const [active, revoked] = await Promise.all([
    db.selectFrom('api_keys').select(COLUMNS).where(ownerColumn, '=', ownerId).where('status', '=', 'active').execute(),
    db
      .selectFrom('api_keys')
      .select(COLUMNS)
      .where(ownerColumn, '=', ownerId)
      .where('status', '=', 'revoked')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(revokedLimit)
      .execute(),
  ]);
  return [...active, ...revoked].sort(
    (a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
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

export async function countActiveKeys(db: Db, owner: KeyOwner): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('teamId' in owner ? 'team_id' : 'user_id', '=', 'teamId' in owner ? owner.teamId : owner.userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertKey(
  db: Db,
  key: {
    owner: KeyOwner;
    type: KeyType;
    hash: string;
    ciphertext: string;
    createdBy: string;
    rotatedFrom?: string;
    now: Date;
  },
): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({
      ...ownerColumns(key.owner),
      key_type: key.type,
      key_hash: key.hash,
      key_ciphertext: key.ciphertext,
      status: 'active',
      created_by: key.createdBy,
      rotated_from: key.rotatedFrom ?? null,
      created_at: key.now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findOwnedKey(
  db: Db,
  owner: KeyOwner,
  id: string,
  type: KeyType | undefined,
): Promise<ApiKeyRow | undefined> {
  let query = db
    .selectFrom('api_keys')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('teamId' in owner ? 'team_id' : 'user_id', '=', 'teamId' in owner ? owner.teamId : owner.userId);
  if (type) query = query.where('key_type', '=', type);
  return query.executeTakeFirst();
}

/** Revokes an active key; undefined when it was not active (already revoked, or lost a race). */
export async function revokeActiveKey(db: Db, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  return db
    .updateTable('api_keys')
    .set({status: 'revoked', revoked_at: now})
    .where('id', '=', id)
    .where('status', '=', 'active')
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** The active key with this hash, stamped as used now. */
export async function useActiveKey(
  db: Db,
  hash: string,
  now: Date,
): Promise<{id: string; key_type: KeyType} | undefined> {
  return db
    .updateTable('api_keys')
    .set({last_used_at: now})
    .where('key_hash', '=', hash)
    .where('status', '=', 'active')
    .returning(['id', 'key_type'])
    .executeTakeFirst();
}

/** Hands a user's personal keys (active and revoked) to a team; returns how many moved. */
export async function movePersonalKeysToTeam(db: Db, userId: string, teamId: string): Promise<number> {
  const rows = await db
    .updateTable('api_keys')
    .set({team_id: teamId, user_id: null})
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length;
}
