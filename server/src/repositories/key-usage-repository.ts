// SQL of the SDK's hot path and of each key's usage: the one lookup a session start makes, and the
// batched writes of last use, sessions per day, origins seen and the request log.
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';
import {precompiledQuery} from '../db/precompiled-query.js';
import type {KeyType, StoredKeyStatus} from '../db/schema.js';

export interface SdkKeyRow {
  id: string;
  key_type: KeyType;
  status: StoredKeyStatus;
  revoked_at: Date | null;
  expires_at: Date | null;
  allowed_origins: string[];
  rate_limit_per_minute: number | null;
  /** The key's owner: a session's team flow is looked up by it. */
  team_id: string | null;
  user_id: string | null;
}

/** Compiled once per database (db/precompiled-query.ts): building it was a tenth of the route's CPU. */
const sdkKeyLookup = precompiledQuery((db: Db) =>
  db
    .selectFrom('api_keys')
    .select([
      'id',
      'key_type',
      'status',
      'revoked_at',
      'expires_at',
      'allowed_origins',
      'rate_limit_per_minute',
      'team_id',
      'user_id',
    ])
    .where('key_hash', '=', ''),
);

/** The key with this hash and what the SDK's checks need: one indexed read, no write. */
export async function findKeyForSdk(db: Db, hash: string): Promise<SdkKeyRow | undefined> {
  const [row] = (await db.executeQuery(sdkKeyLookup(db, [hash]))).rows;
  return row;
}

export interface RequestLogRow {
  key_id: string;
  at: Date;
  origin: string | null;
  outcome: string;
  status: number;
  latency_ms: number;
}

export interface UsageBatch {
  requests: RequestLogRow[];
  /** Latest successful use per key. */
  lastUsed: Map<string, Date>;
  /** Successful sessions per key and UTC day ('YYYY-MM-DD'). */
  sessions: {keyId: string; day: string; count: number}[];
  /** Requests per key and origin ('' for none), with the latest time. */
  origins: {keyId: string; origin: string; count: number; lastSeenAt: Date}[];
}

/**
 * Writes one batch in one transaction and trims each touched key's log to its newest `keep` entries.
 *
 * Every statement is set-based (the batch's columns as arrays, unnest() on the server), so a batch
 * costs six statements however many keys it touches: one UPDATE and one DELETE per key made a
 * second's batch under load thousands of round trips, most of the API process's time.
 */
export async function writeUsageBatch(db: Db, batch: UsageBatch, keep: number): Promise<void> {
  const keyIds = [...new Set(batch.requests.map((r) => r.key_id))];
  if (keyIds.length === 0) return;
  await db.transaction().execute(async (trx) => {
    // A key deleted since (its account or team removed) takes its rows with it.
    const {rows} = await sql<{id: string}>`SELECT id FROM api_keys WHERE id = ANY(${keyIds}::uuid[])`.execute(trx);
    const existing = new Set(rows.map((r) => r.id));
    if (existing.size === 0) return;
    const requests = batch.requests.filter((r) => existing.has(r.key_id));
    await sql`
      INSERT INTO api_key_requests (key_id, at, origin, outcome, status, latency_ms)
      SELECT * FROM unnest(${requests.map((r) => r.key_id)}::uuid[], ${requests.map((r) => r.at)}::timestamptz[],
                           ${requests.map((r) => r.origin)}::text[], ${requests.map((r) => r.outcome)}::text[],
                           ${requests.map((r) => r.status)}::smallint[], ${requests.map((r) => r.latency_ms)}::real[])
    `.execute(trx);
    const lastUsed = [...batch.lastUsed].filter(([keyId]) => existing.has(keyId));
    if (lastUsed.length > 0) {
      await sql`
        UPDATE api_keys SET last_used_at = greatest(coalesce(api_keys.last_used_at, used.at), used.at)
          FROM unnest(${lastUsed.map(([keyId]) => keyId)}::uuid[], ${lastUsed.map(([, at]) => at)}::timestamptz[])
               AS used (key_id, at)
         WHERE api_keys.id = used.key_id
      `.execute(trx);
    }
    const sessions = batch.sessions.filter((s) => existing.has(s.keyId));
    if (sessions.length > 0) {
      await sql`
        INSERT INTO api_key_usage_days (key_id, day, sessions)
        SELECT * FROM unnest(${sessions.map((s) => s.keyId)}::uuid[], ${sessions.map((s) => s.day)}::date[],
                             ${sessions.map((s) => s.count)}::integer[])
        ON CONFLICT (key_id, day) DO UPDATE SET sessions = api_key_usage_days.sessions + excluded.sessions
      `.execute(trx);
    }
    const origins = batch.origins.filter((o) => existing.has(o.keyId));
    if (origins.length > 0) {
      await sql`
        INSERT INTO api_key_origins_seen (key_id, origin, requests, last_seen_at)
        SELECT * FROM unnest(${origins.map((o) => o.keyId)}::uuid[], ${origins.map((o) => o.origin)}::text[],
                             ${origins.map((o) => o.count)}::integer[], ${origins.map((o) => o.lastSeenAt)}::timestamptz[])
        ON CONFLICT (key_id, origin) DO UPDATE SET
          requests = api_key_origins_seen.requests + excluded.requests,
          last_seen_at = greatest(api_key_origins_seen.last_seen_at, excluded.last_seen_at)
      `.execute(trx);
    }
    // Each key's entries past its newest `keep`, read from the (key_id, at DESC, id DESC) index.
    await sql`
      DELETE FROM api_key_requests WHERE id IN (
        SELECT old.id FROM unnest(${[...existing]}::uuid[]) AS touched (key_id)
        CROSS JOIN LATERAL (
          SELECT id FROM api_key_requests WHERE key_id = touched.key_id ORDER BY at DESC, id DESC OFFSET ${keep}
        ) old
      )
    `.execute(trx);
  });
}

/** Sessions per UTC day from `since` (a day, inclusive). */
export async function sessionsPerDay(db: Db, keyId: string, since: string): Promise<{day: string; sessions: number}[]> {
  const rows = await db
    .selectFrom('api_key_usage_days')
    // As text: node-postgres turns a date into a local-time Date, PGlite does not.
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'sessions'])
    .where('key_id', '=', keyId)
    .where('day', '>=', since)
    .execute();
  return rows.map((r) => ({day: r.day, sessions: Number(r.sessions)}));
}

export async function originsSeen(
  db: Db,
  keyId: string,
  limit: number,
): Promise<{origin: string; last_seen_at: Date; requests: number}[]> {
  return db
    .selectFrom('api_key_origins_seen')
    .select(['origin', 'last_seen_at', 'requests'])
    .where('key_id', '=', keyId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('origin')
    .limit(limit)
    .execute();
}

export async function requestLog(db: Db, keyId: string, limit: number): Promise<RequestLogRow[]> {
  return db
    .selectFrom('api_key_requests')
    .select(['key_id', 'at', 'origin', 'outcome', 'status', 'latency_ms'])
    .where('key_id', '=', keyId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
