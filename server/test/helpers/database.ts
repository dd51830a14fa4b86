// A fresh, migrated database for each test.
// - Default (PGlite): creating a PGlite data directory costs ~3.4 s, so the first test file of a run
//   creates and migrates one, and saves its dump (keyed by the migrations and PGlite version) in the
//   OS temp directory; every file then loads that dump into memory (~0.8 s) once, and each test
//   empties every table (TRUNCATE, ~5-15 ms). Measured alternatives per test: clone() ~0.5 s,
//   loadDataDir ~0.8 s, a new PGlite ~3.4 s.
// - DATABASE_URL set (PostgreSQL): the same on a server: each file creates and migrates one schema of its own
//   (~0.5 s, in the worker's database), each test empties it (TRUNCATE) and gets its own connection pool, and the
//   schema is dropped after the file. A schema and its migrations per test cost ~0.5 s a test (2026-11-26: the API
//   suite on PostgreSQL took 867 s of CI's wall time, the slowest tier beside npm test). Tests that need a schema
//   with no tables at all ask for `emptyPostgresSchema()`.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {PGlite} from '@electric-sql/pglite';
import {Kysely, PostgresDialect, sql} from 'kysely';
import pg from 'pg';
import {afterAll} from 'vitest';
import {kyselyForPglite, type Db} from '../../src/db/connect.js';
import {migrate, readMigrations} from '../../src/db/migrate.js';
import type {Database} from '../../src/db/schema.js';
import {usePreparedStatements} from '../../src/db/prepared-statements.js';

export const onPostgres = Boolean(process.env.DATABASE_URL);
// The dump format belongs to one PGlite build: its package.json (not exported, so found beside its entry) keys the cache.
const PGLITE_PACKAGE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
  '..',
  'package.json',
);

export interface TestDatabase {
  db: Db;
  /** Where the database lives, for messages. */
  label: string;
  /** Closes the connection under the app, so that its queries fail. */
  break(): Promise<void>;
  release(): Promise<void>;
}

let shared: Promise<{pglite: PGlite; db: Db}> | undefined;

afterAll(async () => {
  if (!shared) return;
  const {db} = await shared;
  shared = undefined;
  await db.destroy(); // closes the PGlite as well
});

const notBreakable = async () => {
  throw new Error('build the app with { breakable: true } to break its database');
};

async function freshPglite(breakable: boolean): Promise<TestDatabase> {
  shared ??= (async () => {
    const pglite = await migratedPglite();
    return {pglite, db: kyselyForPglite(pglite)};
  })();
  const {pglite, db} = await shared;
  await truncateAll(db);
  if (!breakable) return {db, label: 'pglite (memory)', break: notBreakable, release: async () => {}};
  // A private copy (~0.5 s) that the test may close under the app.
  const copy = (await pglite.clone()) as PGlite;
  return {
    db: kyselyForPglite(copy),
    label: 'pglite (private copy)',
    break: () => copy.close(),
    release: async () => {
      if (!copy.closed) await copy.close();
    },
  };
}

/** An in-memory PGlite at the current schema, from the cached dump when there is one. */
async function migratedPglite(): Promise<PGlite> {
  const migrations = await readMigrations();
  const key = crypto
    .createHash('sha256')
    .update(await fs.readFile(PGLITE_PACKAGE))
    .update(JSON.stringify(migrations))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `intakekit-pglite-template-${key}.tar`);
  try {
    const dump = await fs.readFile(file);
    return await PGlite.create({loadDataDir: new Blob([dump])});
  } catch {
    // No usable cache: build it (once per machine and schema version).
  }
  const pglite = await PGlite.create();
  await migrate(kyselyForPglite(pglite));
  const dump = await pglite.dumpDataDir('none');
  // Written aside and renamed, so a reader never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await fs.rename(partial, file);
  return pglite;
}

/** A PostgreSQL schema of the test's own with no tables, dropped when it is released. */
export async function emptyPostgresSchema(): Promise<TestDatabase> {
  const schema = await createSchema();
  const database = postgresPool(schema);
  return {
    ...database,
    release: async () => {
      await database.release();
      await dropSchema(schema);
    },
  };
}

let sharedSchema: Promise<string> | undefined;

afterAll(async () => {
  if (!sharedSchema) return;
  const schema = await sharedSchema;
  sharedSchema = undefined;
  await dropSchema(schema);
});

async function freshPostgres(): Promise<TestDatabase> {
  sharedSchema ??= (async () => {
    const schema = await createSchema();
    const {db, release} = postgresPool(schema);
    await migrate(db);
    await release();
    return schema;
  })();
  const database = postgresPool(await sharedSchema);
  await truncateAll(database.db);
  return database;
}

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({connectionString: process.env.DATABASE_URL!});
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function createSchema(): Promise<string> {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE SCHEMA ${schema}`);
  return schema;
}

const dropSchema = (schema: string) => adminQuery(`DROP SCHEMA ${schema} CASCADE`);

/** A pool of the test's own on `schema`: closing it (break) makes the app's later queries fail. */
function postgresPool(schema: string): TestDatabase {
  let broken = false;
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL!,
    max: 10,
    options: `-c search_path=${schema}`,
  });
  // The same statements as the server runs: prepared per connection (src/db/connect.ts).
  usePreparedStatements(pool);
  const db = new Kysely<Database>({dialect: new PostgresDialect({pool})});
  return {
    db,
    label: `postgres schema ${schema}`,
    break: async () => {
      broken = true;
      await pool.end();
    },
    release: async () => {
      if (!broken) await db.destroy();
    },
  };
}

export function freshDatabase(options: {breakable: boolean} = {breakable: false}): Promise<TestDatabase> {
  return onPostgres ? freshPostgres() : freshPglite(options.breakable);
}

/**
 * Empties every table but the migrations' record and restarts their id sequences, as a fresh database has them.
 * DELETE, referencing tables first, rather than TRUNCATE: on PostgreSQL a TRUNCATE gives each of the ~25 tables a new
 * file (~400 ms a test on a busy 2-core machine, most of the API suite's time there), while deleting the few rows a
 * test made takes milliseconds. The statement is worked out once per connection pool.
 */
export async function truncateAll(db: Db): Promise<void> {
  let statement = emptyingStatements.get(db);
  if (statement === undefined) {
    statement = await emptyingStatement(db);
    emptyingStatements.set(db, statement);
  }
  if (!statement) return;
  // A test that empties its database while its app runs (fuzz.test.ts resets its world between cases) may meet a
  // background write (a webhook delivery, a usage batch) that locks the same rows in the other order; PostgreSQL then
  // aborts one of the two as a deadlock, and emptying again is all it takes.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql.raw(statement).execute(db);
      return;
    } catch (error) {
      if (attempt >= 3 || (error as {code?: string}).code !== '40P01') throw error;
    }
  }
}

const emptyingStatements = new WeakMap<Db, string>();

async function emptyingStatement(db: Db): Promise<string> {
  const {tables, order, sequences} = await tableLayout(db);
  if (tables.length === 0) return '';
  if (!order) return `TRUNCATE ${tables.map(quoted).join(', ')} RESTART IDENTITY CASCADE`;
  const deletes = order.map((table) => `DELETE FROM ${quoted(table)};`);
  const restarts = sequences.map((name) => `PERFORM setval('${quoted(name)}', 1, false);`);
  return `DO $$ BEGIN ${[ACTIVITY_PURGE, ...deletes, ...restarts].join(' ')} END $$`;
}

/** The activity log refuses DELETE but from its purge, which says so for its own transaction. */
export const ACTIVITY_PURGE = `PERFORM set_config('intakekit.activity_purge', 'on', true);`;

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The tables of the current schema but the migrations' record, in an order where each comes before every table it
 * references (undefined when references form a cycle), and the schema's sequences.
 */
export async function tableLayout(db: Db): Promise<{tables: string[]; order?: string[]; sequences: string[]}> {
  const tables = await sql<{name: string}>`
    SELECT tablename AS name FROM pg_tables
    WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'`.execute(db);
  const references = await sql<{child: string; parent: string}>`
    SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
    WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace AND c.oid <> p.oid`.execute(db);
  const sequences = await sql<{name: string}>`
    SELECT sequencename AS name FROM pg_sequences WHERE schemaname = current_schema()`.execute(db);
  const names = tables.rows.map((t) => t.name);
  return {tables: names, order: referencingFirst(names, references.rows), sequences: sequences.rows.map((s) => s.name)};
}

/** The tables ordered so that each comes before every table it references; undefined when references form a cycle. */
function referencingFirst(tables: string[], references: {child: string; parent: string}[]): string[] | undefined {
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    // A table may go once no table still to be emptied references it.
    const free = [...left].filter((t) => !references.some((r) => r.parent === t && left.has(r.child)));
    if (free.length === 0) return undefined;
    for (const t of free) {
      order.push(t);
      left.delete(t);
    }
  }
  return order;
}

/** Row counts of every table, to prove that a refused request changed nothing. */
/** Rows per table; `except` leaves tables out (e.g. sign_in_attempts, where a wrong password is a recorded guess). */
export async function rowCounts(db: Db, except: string[] = []): Promise<Record<string, number>> {
  const tables = await sql<{tablename: string}>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`.execute(db);
  const counts: Record<string, number> = {};
  for (const {tablename} of tables.rows) {
    if (except.includes(tablename)) continue;
    const result = await sql<{n: string}>`SELECT count(*) AS n FROM ${sql.table(tablename)}`.execute(db);
    counts[tablename] = Number(result.rows[0]!.n);
  }
  return counts;
}
