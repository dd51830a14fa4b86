// The submissions API's most frequent call, a server key reading its newest page, in one statement: the key looked
// up by its hash (active only, read on every call so that a revoke holds at once) and that key's owner's newest
// submissions of its environment, written by PostgreSQL as the page's JSON text. Two round trips and 50 rows built,
// serialised and parsed in the API had bounded the route (bench/README.md).
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';
import {precompiledQuery} from '../db/precompiled-query.js';
import type {ServerKeyGrant} from './server-keys-repository.js';

export interface KeyWithNewestPage {
  key: ServerKeyGrant;
  /** The page's submissions as a JSON array of the API's summaries (SubmissionSummary), newest first. */
  pageJson: string;
  /** The page's last submission when an older one follows (the next page's cursor), else null. */
  last: {id: string; created_at: Date} | null;
}

interface Row extends ServerKeyGrant {
  page: string;
  last_id: string | null;
  last_at: Date | null;
}

// The placeholder values are replaced on every call (db/precompiled-query.ts): the hash, then the page's size four
// times. One row more than the page is read to know whether another page follows. The owner is a team or a user:
// each branch runs only for its own kind (the other's equality with null finds nothing) and uses its own index.
const keyAndPage = precompiledQuery((db: Db) => ({
  compile: () =>
    sql<Row>`
      WITH k AS (SELECT id, key_type, team_id, user_id FROM server_keys WHERE key_hash = ${''} AND status = 'active'),
      p AS (
        (SELECT id, created_at, flow_id, flow_version, key_type, origin, size FROM submissions
          WHERE team_id = (SELECT team_id FROM k) AND key_type = (SELECT key_type FROM k)
          ORDER BY created_at DESC, id DESC LIMIT ${0}::int + 1)
        UNION ALL
        (SELECT id, created_at, flow_id, flow_version, key_type, origin, size FROM submissions
          WHERE user_id = (SELECT user_id FROM k) AND key_type = (SELECT key_type FROM k)
          ORDER BY created_at DESC, id DESC LIMIT ${0}::int + 1)
      ),
      n AS (SELECT p.*, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n, count(*) OVER () AS total FROM p)
      SELECT k.id, k.key_type, k.team_id, k.user_id,
             (SELECT coalesce(json_agg(json_build_object('id', id,
                        'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                        'flowId', flow_id, 'flowVersion', flow_version, 'environment', key_type, 'origin', origin,
                        'size', size) ORDER BY n) FILTER (WHERE n <= ${0}::int), '[]')::text FROM n) AS page,
             (SELECT id::text FROM n WHERE n = ${0}::int AND total > n) AS last_id,
             (SELECT created_at FROM n WHERE n = ${0}::int AND total > n) AS last_at
        FROM k`.compile(db),
}));

/** The active server key of this hash with its owner's newest `limit` submissions of its environment; undefined: no such key. */
export async function findServerKeyWithNewestPage(
  db: Db,
  hash: string,
  limit: number,
): Promise<KeyWithNewestPage | undefined> {
  const [row] = (await db.executeQuery(keyAndPage(db, [hash, limit, limit, limit, limit, limit]))).rows;
  if (!row) return undefined;
  const {page, last_id, last_at, ...key} = row;
  return {key, pageJson: page, last: last_id !== null && last_at !== null ? {id: last_id, created_at: last_at} : null};
}
