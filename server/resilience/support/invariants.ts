// Checks on the stored data that must hold whatever happened to the process: no duplicate in any
// unique column (read from the table itself, not through the index that should enforce it), every
// index valid and agreeing with its table, no row pointing at a missing parent, and rotation chains
// that make sense.
import type {Query} from './databases.js';

export interface KeyRow {
  id: string;
  owner: string;
  key_type: 'sandbox' | 'production';
  status: 'active' | 'revoked';
  rotated_from: string | null;
}

export async function readKeys(query: Query): Promise<KeyRow[]> {
  return query<KeyRow>(
    `SELECT id::text, COALESCE(team_id, user_id)::text AS owner, key_type, status, rotated_from::text
       FROM api_keys ORDER BY created_at, id`,
  );
}

type Unique = {table: string; columns: string; where?: string};

/** One entry a unique column (or column list) of `table`, over all its rows. */
const unique = (table: string, ...columns: string[]): Unique[] => columns.map((c) => ({table, columns: c}));

/** Unique columns of the schema (migrations/*.sql), with the rows they apply to. */
const UNIQUE: Unique[] = [
  ...unique('users', 'id', 'email'),
  ...unique('teams', 'id'),
  ...unique('team_members', 'team_id, user_id', 'user_id'),
  {table: 'team_members', columns: 'team_id', where: "role = 'owner'"},
  ...unique('invitations', 'id', 'token_hash'),
  {table: 'invitations', columns: 'team_id, email', where: "status = 'pending'"},
  ...unique('invitation_sends', 'id'),
  ...unique('sessions', 'id', 'token_hash'),
  ...unique('email_tokens', 'id', 'token_hash'),
  ...unique('api_keys', 'id', 'key_hash'),
  {table: 'api_keys', columns: 'rotated_from', where: 'rotated_from IS NOT NULL'},
];

/** Rows pointing at a parent that does not exist. */
const ORPHANS: Array<{label: string; sql: string}> = [
  {
    label: 'api key of a missing team',
    sql: 'SELECT k.id FROM api_keys k LEFT JOIN teams t ON t.id = k.team_id WHERE k.team_id IS NOT NULL AND t.id IS NULL',
  },
  {
    label: 'api key of a missing user',
    sql: 'SELECT k.id FROM api_keys k LEFT JOIN users u ON u.id = k.user_id WHERE k.user_id IS NOT NULL AND u.id IS NULL',
  },
  {
    label: 'api key rotated from a missing key',
    sql: 'SELECT k.id FROM api_keys k LEFT JOIN api_keys p ON p.id = k.rotated_from WHERE k.rotated_from IS NOT NULL AND p.id IS NULL',
  },
  {label: 'api key with both or no owner', sql: 'SELECT id FROM api_keys WHERE (team_id IS NULL) = (user_id IS NULL)'},
  {
    label: 'session of a missing user',
    sql: 'SELECT s.id FROM sessions s LEFT JOIN users u ON u.id = s.user_id WHERE u.id IS NULL',
  },
  {
    label: 'email token of a missing user',
    sql: 'SELECT e.id FROM email_tokens e LEFT JOIN users u ON u.id = e.user_id WHERE u.id IS NULL',
  },
  {
    label: 'membership of a missing user or team',
    sql: 'SELECT m.user_id FROM team_members m LEFT JOIN users u ON u.id = m.user_id LEFT JOIN teams t ON t.id = m.team_id WHERE u.id IS NULL OR t.id IS NULL',
  },
  {
    label: 'invitation of a missing team',
    sql: 'SELECT i.id FROM invitations i LEFT JOIN teams t ON t.id = i.team_id WHERE t.id IS NULL',
  },
  {
    label: 'team without an owner',
    sql: "SELECT t.id FROM teams t WHERE NOT EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = t.id AND m.role = 'owner')",
  },
];

export interface IntegrityReport {
  problems: string[];
  /** Rows read from the tables by the checks (each table once per unique column checked). */
  rowsChecked: number;
  /** B-tree indexes verified by amcheck (0 where it is not available). */
  indexesVerified: number;
}

export async function checkIntegrity(query: Query, tools: {amcheck: boolean}): Promise<IntegrityReport> {
  const problems: string[] = [];
  let rowsChecked = 0;
  let indexesVerified = 0;

  if (tools.amcheck) {
    // Every B-tree's structure, and every heap row present in it (heapallindexed).
    const indexes = await query<{name: string}>(
      `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND a.amname = 'btree' ORDER BY 1`,
    );
    for (const {name} of indexes) {
      try {
        await query(`SELECT bt_index_check($1::regclass, true)`, [name]);
        indexesVerified++;
      } catch (error) {
        problems.push(`amcheck on ${name}: ${String(error)}`);
      }
    }
  }

  const invalid = await query<{name: string}>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND NOT (i.indisvalid AND i.indisready AND i.indislive)`,
  );
  for (const {name} of invalid) problems.push(`index ${name} is not valid`);

  for (const {table, columns, where} of UNIQUE) {
    const filter = where ? `WHERE ${where}` : '';
    // From the heap: the index that enforces uniqueness is what is under test.
    const fromTable = await withPlan(query, 'seq', `SELECT count(*)::int AS n FROM ${table} ${filter}`);
    const duplicates = await withPlan(
      query,
      'seq',
      `SELECT count(*)::int AS n FROM (SELECT ${columns} FROM ${table} ${filter} GROUP BY ${columns} HAVING count(*) > 1) d`,
    );
    rowsChecked += fromTable;
    if (duplicates > 0) problems.push(`${duplicates} duplicated value(s) of ${table}(${columns})`);
  }

  // Every table's rows as seen through an index equal its rows in the heap (a torn index would differ).
  for (const {table, column} of [
    {table: 'users', column: 'email'},
    {table: 'api_keys', column: 'key_hash'},
    {table: 'sessions', column: 'token_hash'},
    {table: 'email_tokens', column: 'token_hash'},
  ]) {
    const heap = await withPlan(query, 'seq', `SELECT count(*)::int AS n FROM ${table} WHERE ${column} >= ''`);
    const index = await withPlan(query, 'index', `SELECT count(*)::int AS n FROM ${table} WHERE ${column} >= ''`);
    if (heap !== index) problems.push(`${table}: ${heap} rows in the table but ${index} through the ${column} index`);
  }

  for (const {label, sql} of ORPHANS) {
    const rows = await query(sql);
    if (rows.length > 0) problems.push(`${rows.length} ${label}`);
  }
  return {problems, rowsChecked, indexesVerified};
}

/** Runs a count with the planner forced onto a sequential scan or an index scan. */
async function withPlan(query: Query, plan: 'seq' | 'index', sql: string): Promise<number> {
  const settings =
    plan === 'seq'
      ? ['enable_indexscan = off', 'enable_indexonlyscan = off', 'enable_bitmapscan = off', 'enable_seqscan = on']
      : ['enable_indexscan = on', 'enable_indexonlyscan = on', 'enable_bitmapscan = off', 'enable_seqscan = off'];
  for (const setting of settings) await query(`SET ${setting}`);
  try {
    if (plan === 'index') {
      const explained = JSON.stringify(await query(`EXPLAIN (FORMAT JSON) ${sql}`));
      if (!/Index (Only )?Scan/.test(explained)) throw new Error(`no index scan for: ${sql}`);
    }
    return (await query<{n: number}>(sql))[0]!.n;
  } finally {
    for (const setting of ['enable_indexscan', 'enable_indexonlyscan', 'enable_bitmapscan', 'enable_seqscan']) {
      await query(`RESET ${setting}`);
    }
  }
}

export interface Chain {
  keys: string[];
  active: number;
}

/** Rotation chains (a root key and its successors in order); problems when a key has two successors. */
export function chainsOf(keys: readonly KeyRow[]): {chains: Chain[]; problems: string[]} {
  const problems: string[] = [];
  const byId = new Map(keys.map((k) => [k.id, k]));
  const successor = new Map<string, KeyRow>();
  for (const key of keys) {
    if (!key.rotated_from) continue;
    if (successor.has(key.rotated_from)) problems.push(`key ${key.rotated_from} has two successors`);
    successor.set(key.rotated_from, key);
  }
  const chains: Chain[] = [];
  for (const root of keys.filter((k) => !k.rotated_from || !byId.has(k.rotated_from))) {
    const chain: Chain = {keys: [], active: 0};
    for (let key: KeyRow | undefined = root; key; key = successor.get(key.id)) {
      chain.keys.push(key.id);
      if (key.status === 'active') chain.active++;
      if (successor.has(key.id) && key.status !== 'revoked')
        problems.push(`key ${key.id} has a successor but is ${key.status}`);
      if (key.owner !== root.owner) problems.push(`key ${key.id} changed owner along its chain`);
      if (key.key_type !== root.key_type) problems.push(`key ${key.id} changed type along its chain`);
      if (chain.keys.length > keys.length) break;
    }
    chains.push(chain);
  }
  const inChains = chains.reduce((n, c) => n + c.keys.length, 0);
  if (inChains !== keys.length) problems.push(`${keys.length - inChains} key(s) in no chain (a cycle)`);
  return {chains, problems};
}
