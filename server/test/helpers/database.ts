// A fresh, migrated database for each test.
// - Default (PGlite): creating a PGlite data directory costs ~3.4 s, so the first test file of a run
//   creates and migrates one, and saves its dump (keyed by the migrations and PGlite version) in the
//   OS temp directory; every file then loads that dump into memory (~0.8 s) once, and each test
//   empties every table (TRUNCATE, ~5-15 ms). Measured alternatives per test: clone() ~0.5 s,
//   loadDataDir ~0.8 s, a new PGlite ~3.4 s.
// - DATABASE_URL set (PostgreSQL): each test gets its own schema, dropped afterwards.
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

async function freshPostgresSchema(): Promise<TestDatabase> {
  let broken = false;
  const url = process.env.DATABASE_URL!;
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({connectionString: url});
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const pool = new pg.Pool({connectionString: url, max: 10, options: `-c search_path=${schema}`});
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
      const cleanup = new pg.Client({connectionString: url});
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

export function freshDatabase(options: {breakable: boolean} = {breakable: false}): Promise<TestDatabase> {
  return onPostgres ? freshPostgresSchema() : freshPglite(options.breakable);
}

export async function truncateAll(db: Db): Promise<void> {
  const tables = await sql<{tablename: string}>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'`.execute(
    db,
  );
  if (tables.rows.length === 0) return;
  const list = tables.rows.map((t) => `"${t.tablename}"`).join(', ');
  await sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`).execute(db);
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
