// Writing submissions: once per session and key, whatever the number of submits, and the SDK's rows with their
// owner read from their key in the same statement. The SDK's submits go through submission-writer.ts, which puts
// the submits that arrive together in one statement.
import {sql, type RawBuilder, type Selectable} from 'kysely';
import type {WebhookEventType} from '@intakekit/contract/webhooks';
import type {Db} from '../db/connect.js';
import {precompiledQuery} from '../db/precompiled-query.js';
import type {SubmissionsTable} from '../db/submission-tables.js';
import {ownerColumns, type KeyOwner} from './api-keys-repository.js';
import {SUBMISSION_FACTS} from './submissions-repository.js';

/** A submission's row as the SDK's submit writes it: the owner columns are read from its key. */
export type KeyedSubmissionRow = Omit<Selectable<SubmissionsTable>, 'team_id' | 'user_id'>;

const KEYED_COLUMNS = ['id', ...SUBMISSION_FACTS, 'answers_ciphertext', 'created_at'] as const satisfies ReadonlyArray<
  keyof KeyedSubmissionRow
>;

/** Each column's name as its placeholder value, so the compiled query's parameters name their columns. */
const PLACEHOLDERS = Object.fromEntries(KEYED_COLUMNS.map((c) => [c, c])) as unknown as KeyedSubmissionRow;

function buildInsert(db: Db, rows: readonly KeyedSubmissionRow[], owner: KeyOwner | null) {
  const keyColumn = (row: KeyedSubmissionRow, column: 'team_id' | 'user_id') =>
    db.selectFrom('api_keys').select(column).where('id', '=', row.key_id);
  return (
    db
      .with('inserted', (qb) =>
        qb
          .insertInto('submissions')
          .values(
            rows.map((row) => ({
              ...row,
              ...(owner
                ? ownerColumns(owner)
                : {team_id: keyColumn(row, 'team_id'), user_id: keyColumn(row, 'user_id')}),
            })),
          )
          .onConflict((oc) => oc.columns(['key_id', 'session_id']).doNothing())
          .returning(['id', 'key_id', 'session_id', 'created_at', 'team_id', 'user_id', 'key_type']),
      )
      // The webhook outbox, in the same statement (so the same transaction) as the rows it announces: an event for
      // each new submission whose owner has an enabled endpoint of its environment subscribed to it, and a pending
      // delivery per such endpoint. An owner without one pays an index lookup that finds nothing.
      .with('events', (qb) =>
        qb
          .insertInto('webhook_events')
          .columns(['id', 'team_id', 'user_id', 'key_type', 'event_type', 'submission_id', 'created_at'])
          .expression(
            qb
              .selectFrom('inserted as i')
              .select([
                sql<string>`'msg_' || replace(gen_random_uuid()::text, '-', '')`.as('id'),
                'i.team_id',
                'i.user_id',
                'i.key_type',
                sql<WebhookEventType>`${sql.lit(CREATED)}`.as('event_type'),
                'i.id as submission_id',
                'i.created_at',
              ])
              .where(({exists, selectFrom}) => exists(subscribed(selectFrom('webhook_endpoints as e')))),
          )
          .returning(['id', 'team_id', 'user_id', 'key_type', 'created_at', 'submission_id']),
      )
      .with('deliveries', (qb) =>
        qb
          .insertInto('webhook_deliveries')
          .columns(['event_id', 'endpoint_id', 'status', 'next_attempt_at', 'created_at'])
          .expression(
            subscribed(qb.selectFrom(['events as i', 'webhook_endpoints as e'])).select([
              'i.id as event_id',
              'e.id as endpoint_id',
              sql<'pending'>`'pending'`.as('status'),
              'i.created_at as next_attempt_at',
              'i.created_at',
            ]),
          )
          .returning('id'),
      )
      .selectFrom('inserted')
      .select(['id', 'key_id', 'session_id', 'created_at'])
      .select(sql<boolean>`EXISTS (SELECT 1 FROM events WHERE events.submission_id = inserted.id)`.as('announced'))
  );
}

// A literal, not a parameter: the precompiled insert's parameters are the row's columns.
const CREATED: WebhookEventType = 'submission.created';

/** Endpoints `e` of the owner and environment of row `i` that take submission.created now. */
function subscribed<Q extends {where(expression: RawBuilder<boolean>): unknown}>(query: Q): Q {
  return query.where(
    sql<boolean>`(e.team_id = i.team_id OR e.user_id = i.user_id) AND e.key_type = i.key_type AND e.enabled
      AND ${sql.lit(CREATED)} = ANY(e.event_types)`,
  ) as Q;
}

// The SDK's submit, on its hot path, sends one compiled query: building it was a fifth of the route's own CPU.
const keyedInsert = precompiledQuery((db: Db) => buildInsert(db, [PLACEHOLDERS], null));
let keyedParameters: Array<keyof KeyedSubmissionRow> | undefined;

/** Where a session's submission is: `created` false when an earlier submit of the session holds it. */
export interface StoredOnce {
  id: string;
  created: boolean;
  createdAt: Date;
  /** A submission.created event was written with it (the webhook worker has a delivery to make). */
  announced: boolean;
}

const sessionOf = (row: Pick<KeyedSubmissionRow, 'key_id' | 'session_id'>) => `${row.key_id} ${row.session_id}`;

/**
 * Stores a submission unless its key already has one for this session; answers the id and time of the row that
 * holds the session either way (`created` false: the earlier one, nothing stored). Concurrent inserts of one session
 * wait on the unique index and find the winner's row. `owner` null: the key's owner as the row is written (read in
 * the same statement, so the SDK's submit makes one round trip).
 */
export async function insertSubmissionOnce(
  db: Db,
  row: KeyedSubmissionRow,
  owner: KeyOwner | null,
): Promise<StoredOnce> {
  if (!owner) return (await insertKeyedSubmissions(db, [row]))[0]!;
  const inserted = await buildInsert(db, [row], owner).executeTakeFirst();
  if (inserted) return {id: inserted.id, created: true, createdAt: inserted.created_at, announced: inserted.announced};
  return (await findSessionRows(db, [row]))[0]!;
}

/**
 * Stores each row unless its key already has a submission for its session, in one statement (one commit), each row's
 * owner read from its key; answers each row's StoredOnce in order. Two rows of one session: the first is stored.
 */
export async function insertKeyedSubmissions(db: Db, rows: readonly KeyedSubmissionRow[]): Promise<StoredOnce[]> {
  const firsts = new Map<string, KeyedSubmissionRow>();
  for (const row of rows) if (!firsts.has(sessionOf(row))) firsts.set(sessionOf(row), row);
  const unique = [...firsts.values()];
  let inserted: {id: string; key_id: string; session_id: string; created_at: Date; announced: boolean}[];
  if (unique.length === 1) {
    // The SDK's submit alone, on its hot path: one compiled query (building it was a fifth of the route's CPU).
    keyedParameters ??= buildInsert(db, [PLACEHOLDERS], null)
      .compile()
      .parameters.map((name) => name as keyof KeyedSubmissionRow);
    const values = keyedParameters.map((column) => unique[0]![column]);
    inserted = (await db.executeQuery(keyedInsert(db, values))).rows;
  } else inserted = await buildInsert(db, unique, null).execute();
  const held = new Map(
    inserted.map((r) => [sessionOf(r), {id: r.id, createdAt: r.created_at, by: r.id, announced: r.announced}]),
  );
  const missing = unique.filter((row) => !held.has(sessionOf(row)));
  for (const earlier of await findSessionRows(db, missing)) held.set(earlier.session, {...earlier, by: ''});
  return rows.map((row) => {
    const found = held.get(sessionOf(row));
    if (!found) throw new Error('a submission was neither stored nor found for its session');
    const created = found.by === row.id;
    return {id: found.id, created, createdAt: found.createdAt, announced: created && found.announced};
  });
}

/** The submissions already held for these rows' sessions. */
async function findSessionRows(
  db: Db,
  rows: readonly Pick<KeyedSubmissionRow, 'key_id' | 'session_id'>[],
): Promise<(StoredOnce & {session: string})[]> {
  if (rows.length === 0) return [];
  const found = await db
    .selectFrom('submissions')
    .select(['id', 'key_id', 'session_id', 'created_at'])
    .where(({eb, refTuple, tuple}) =>
      eb(
        refTuple('key_id', 'session_id'),
        'in',
        rows.map((row) => tuple(row.key_id, row.session_id)),
      ),
    )
    .execute();
  return found.map((r) => ({
    id: r.id,
    created: false,
    createdAt: r.created_at,
    announced: false,
    session: sessionOf(r),
  }));
}
