// The newest page of an owner's submissions of one environment, with no other filter (what a backend polls for and
// the portal opens on), in one precompiled statement aggregated by PostgreSQL into one JSON value: 50 rows of 12
// typed columns cost the API more to build, receive and parse than the rest of the request (bench/, as for the key
// list in api-key-list-repository.ts). Other filters take submissions-repository.ts's query.
import {sql} from 'kysely';
import type {KeyType} from '@intakekit/contract/api-keys';
import type {Environment} from '@intakekit/contract/flows';
import type {Db} from '../db/connect.js';
import {precompiledQuery} from '../db/precompiled-query.js';
import {ownerColumns, ownerFilter, type KeyOwner} from './api-keys-repository.js';
import type {SubmissionMeta} from './submissions-repository.js';

/** One submission as the page query sends it, with its time as epoch milliseconds. */
type PageTuple = [
  id: string,
  keyId: string,
  env: Environment,
  flowId: string,
  flowVersion: string,
  sessionId: string,
  origin: string | null,
  size: number,
  createdAt: number,
];

function pageQuery(ownerColumn: 'team_id' | 'user_id') {
  const owner = sql.ref(ownerColumn);
  // The placeholder values are replaced on every call (db/precompiled-query.ts).
  return precompiledQuery((db: Db) => ({
    compile: () =>
      sql<{page: PageTuple[]}>`
        SELECT coalesce(json_agg(json_build_array(id, key_id, env, flow_id, flow_version, session_id, origin, size,
                 floor(extract(epoch from created_at) * 1000)::bigint) ORDER BY created_at DESC, id DESC), '[]'::json)
               AS page
          FROM (SELECT * FROM submissions WHERE ${owner} = ${''} AND key_type = ${''}
                 ORDER BY created_at DESC, id DESC LIMIT ${0}) s`.compile(db),
  }));
}

const pageByTeam = pageQuery('team_id');
const pageByUser = pageQuery('user_id');

/** Up to `limit` of the owner's newest submissions of `keyType`, newest first (time, then id), without answers. */
export async function newestSubmissionPage(
  db: Db,
  owner: KeyOwner,
  keyType: KeyType,
  limit: number,
): Promise<SubmissionMeta[]> {
  const [column, id] = ownerFilter(owner);
  const query = (column === 'team_id' ? pageByTeam : pageByUser)(db, [id, keyType, limit]);
  const [row] = (await db.executeQuery(query)).rows;
  const columns = ownerColumns(owner);
  return (row?.page ?? []).map((s) => ({
    id: s[0],
    ...columns,
    key_id: s[1],
    key_type: keyType,
    env: s[2],
    flow_id: s[3],
    flow_version: s[4],
    session_id: s[5],
    origin: s[6],
    size: s[7],
    created_at: new Date(Number(s[8])),
  }));
}
