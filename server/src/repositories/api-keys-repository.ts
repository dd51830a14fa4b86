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

export async function listKeys(db: Db, owner: KeyOwner): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .select(COLUMNS)
    .where('teamId' in owner ? 'team_id' : 'user_id', '=', 'teamId' in owner ? owner.teamId : owner.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
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
