// The API key list (GET /api/keys) in one precompiled statement: every active key of an owner and its newest
// revoked ones, aggregated by PostgreSQL into one JSON value.
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';
import {precompiledQuery} from '../db/precompiled-query.js';
import type {KeyType, StoredKeyStatus} from '../db/schema.js';
import {ownerFilter, type ApiKeyRow, type KeyOwner} from './api-keys-repository.js';

/**
 * A listed key as the list query sends it: one JSON array per key, in LISTED_COLUMNS order, with
 * timestamps as epoch milliseconds.
 */
type ListedKeyTuple = [
  id: string,
  keyType: KeyType,
  ciphertext: string | null,
  masked: string | null,
  name: string,
  status: StoredKeyStatus,
  allowedOrigins: string[],
  rateLimitPerMinute: number | null,
  createdAt: number,
  lastUsedAt: number | null,
  revokedAt: number | null,
  expiresAt: number | null,
  replacedBy: string | null,
];

const epochMs = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;
const LISTED_COLUMNS = [
  'id, key_type, key_ciphertext, key_masked, name, status, allowed_origins, rate_limit_per_minute',
  ...['created_at', 'last_used_at', 'revoked_at', 'expires_at'].map(epochMs),
  '(SELECT successor.id FROM api_keys successor WHERE successor.rotated_from = api_keys.id)',
].join(', ');

function listQuery(ownerColumn: 'team_id' | 'user_id') {
  const owner = sql.ref(ownerColumn);
  const tuple = sql.raw(`json_build_array(${LISTED_COLUMNS}) AS key, created_at, id`);
  // The placeholder values are replaced on every call (db/precompiled-query.ts).
  return precompiledQuery((db: Db) => ({
    compile: () =>
      sql<{keys: ListedKeyTuple[]}>`
        SELECT coalesce(json_agg(k.key ORDER BY k.created_at DESC, k.id), '[]'::json) AS keys FROM (
          (SELECT ${tuple} FROM api_keys WHERE ${owner} = ${''} AND status = 'active')
          UNION ALL
          (SELECT ${tuple} FROM api_keys WHERE ${owner} = ${''} AND status = 'revoked'
            ORDER BY created_at DESC, id LIMIT ${0})
        ) k`.compile(db),
  }));
}

const listByTeam = listQuery('team_id');
const listByUser = listQuery('user_id');
const fromEpoch = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * Every active key of the owner (bounded by the quota) and its `revokedLimit` most recently created
 * revoked ones, newest first: revoked keys pile up with every rotation, and the list must not.
 *
 * One statement, compiled once, whose rows PostgreSQL aggregates into one JSON value of arrays: a
 * team's 50 keys as 50 rows of 13 typed columns cost the API process more to receive and parse
 * (dates, arrays, column names) than the rest of the request (measured with --cpu-prof, bench/).
 */
export async function listKeys(db: Db, owner: KeyOwner, revokedLimit: number): Promise<ApiKeyRow[]> {
  const [column, id] = ownerFilter(owner);
  const query = (column === 'team_id' ? listByTeam : listByUser)(db, [id, id, revokedLimit]);
  const [row] = (await db.executeQuery(query)).rows;
  return (row?.keys ?? []).map((k) => ({
    id: k[0],
    key_type: k[1],
    key_ciphertext: k[2],
    key_masked: k[3],
    name: k[4],
    status: k[5],
    allowed_origins: k[6],
    rate_limit_per_minute: k[7],
    created_at: new Date(k[8]),
    last_used_at: fromEpoch(k[9]),
    revoked_at: fromEpoch(k[10]),
    expires_at: fromEpoch(k[11]),
    replaced_by: k[12],
  }));
}
