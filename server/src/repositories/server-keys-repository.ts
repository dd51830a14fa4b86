// SQL for server keys. Every query but the lookup by hash is scoped to an owner (a team, or a user without one).
import type {Selectable} from 'kysely';
import type {KeyType} from '@intakekit/contract/api-keys';
import type {Db} from '../db/connect.js';
import {precompiledQuery} from '../db/precompiled-query.js';
import type {ServerKeysTable} from '../db/server-key-tables.js';
import {newKeyValues, ownerFilter, revokeActiveRow, type KeyOwner, type NewKeyColumns} from './api-keys-repository.js';

const COLUMNS = ['id', 'key_type', 'key_masked', 'name', 'status', 'created_at', 'revoked_at'] as const;

export type ServerKeyRow = Pick<Selectable<ServerKeysTable>, (typeof COLUMNS)[number]>;

function selectKeys(db: Db) {
  return db.selectFrom('server_keys').select(COLUMNS);
}

/** The owner's active keys and its newest `revokedListed` revoked ones, newest first. */
export async function listServerKeys(db: Db, owner: KeyOwner, revokedListed: number): Promise<ServerKeyRow[]> {
  const [column, id] = ownerFilter(owner);
  const [active, revoked] = await Promise.all(
    (['active', 'revoked'] as const).map((status) => {
      const query = selectKeys(db)
        .where(column, '=', id)
        .where('status', '=', status)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      return status === 'revoked' ? query.limit(revokedListed).execute() : query.execute();
    }),
  );
  return [...active!, ...revoked!];
}

export async function insertServerKey(db: Db, key: NewKeyColumns): Promise<ServerKeyRow> {
  return db.insertInto('server_keys').values(newKeyValues(key)).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function findOwnedServerKey(db: Db, owner: KeyOwner, id: string): Promise<ServerKeyRow | undefined> {
  const [column, ownerId] = ownerFilter(owner);
  return selectKeys(db).where('id', '=', id).where(column, '=', ownerId).executeTakeFirst();
}

/** Revokes an active key now; undefined when it was not active (already revoked, or lost a race). */
export async function revokeActiveServerKey(db: Db, id: string, now: Date): Promise<ServerKeyRow | undefined> {
  if (!(await revokeActiveRow(db, 'server_keys', id, now))) return undefined;
  return selectKeys(db).where('id', '=', id).executeTakeFirstOrThrow();
}

/** What a request's key may reach: its owner and environment, for an active key only. */
export interface ServerKeyGrant {
  id: string;
  key_type: KeyType;
  team_id: string | null;
  user_id: string | null;
}

/** Compiled once per database (db/precompiled-query.ts): it runs on every request of the submissions API. */
const activeKeyLookup = precompiledQuery((db: Db) =>
  db
    .selectFrom('server_keys')
    .select(['id', 'key_type', 'team_id', 'user_id'])
    .where('key_hash', '=', '')
    .where('status', '=', 'active'),
);

export async function findActiveServerKey(db: Db, hash: string): Promise<ServerKeyGrant | undefined> {
  const [row] = (await db.executeQuery(activeKeyLookup(db, [hash, 'active']))).rows;
  return row;
}
