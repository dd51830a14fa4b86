// SQL of the SDK's hot path and of each key's usage: the one lookup a session start makes, and the
// batched writes of last use, sessions per day, origins seen and the request log.
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';
import type {KeyType, StoredKeyStatus} from '../db/schema.js';

export interface SdkKeyRow {
  id: string;
  key_type: KeyType;
  status: StoredKeyStatus;
  revoked_at: Date | null;
  expires_at: Date | null;
  allowed_origins: string[];
  rate_limit_per_minute: number | null;
}

/** The key with this hash and what the SDK's checks need: one indexed read, no write. */
export async function findKeyForSdk(db: Db, hash: string): Promise<SdkKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .select(['id', 'key_type', 'status', 'revoked_at', 'expires_at', 'allowed_origins', 'rate_limit_per_minute'])
    .where('key_hash', '=', hash)
    .executeTakeFirst();
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

/** Writes one batch in one transaction and trims each touched key's log to its newest `keep` entries. */
export async function writeUsageBatch(db: Db, batch: UsageBatch, keep: number): Promise<void> {
  const keyIds = [...new Set(batch.requests.map((r) => r.key_id))];
  await db.transaction().execute(async (trx) => {
    // A key deleted since (its account or team removed) takes its rows with it.
    const existing = new Set(
      keyIds.length === 0
        ? []
        : (await trx.selectFrom('api_keys').select('id').where('id', 'in', keyIds).execute()).map((r) => r.id),
    );
    const requests = batch.requests.filter((r) => existing.has(r.key_id));
    if (requests.length > 0) await trx.insertInto('api_key_requests').values(requests).execute();
    for (const [keyId, at] of batch.lastUsed) {
      if (!existing.has(keyId)) continue;
      await trx
        .updateTable('api_keys')
        .set({last_used_at: sql<Date>`greatest(coalesce(last_used_at, ${at}), ${at})`})
        .where('id', '=', keyId)
        .execute();
    }
    const sessions = batch.sessions.filter((s) => existing.has(s.keyId));
    if (sessions.length > 0) {
      await trx
        .insertInto('api_key_usage_days')
        .values(sessions.map((s) => ({key_id: s.keyId, day: s.day, sessions: s.count})))
        .onConflict((oc) =>
          oc
            .columns(['key_id', 'day'])
            .doUpdateSet({sessions: sql<number>`api_key_usage_days.sessions + excluded.sessions`}),
        )
        .execute();
    }
    const origins = batch.origins.filter((o) => existing.has(o.keyId));
    if (origins.length > 0) {
      await trx
        .insertInto('api_key_origins_seen')
        .values(
          origins.map((o) => ({key_id: o.keyId, origin: o.origin, requests: o.count, last_seen_at: o.lastSeenAt})),
        )
        .onConflict((oc) =>
          oc.columns(['key_id', 'origin']).doUpdateSet({
            requests: sql<number>`api_key_origins_seen.requests + excluded.requests`,
            last_seen_at: sql<Date>`greatest(api_key_origins_seen.last_seen_at, excluded.last_seen_at)`,
          }),
        )
        .execute();
    }
    for (const keyId of existing) {
      await sql`
        DELETE FROM api_key_requests
         WHERE key_id = ${keyId}
           AND id NOT IN (SELECT id FROM api_key_requests WHERE key_id = ${keyId} ORDER BY at DESC, id DESC LIMIT ${keep})
      `.execute(trx);
    }
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
