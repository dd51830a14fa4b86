// Applies migrations/NNN_name.sql in order, each once, recorded in schema_migrations.
// All pending files run in one transaction under an advisory lock, so two API processes
// starting together on one PostgreSQL never apply the same file twice.
import fs from 'node:fs/promises';
import {fileURLToPath} from 'node:url';
import {sql} from 'kysely';
import type {Db} from './connect.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));
// Arbitrary constant shared by every process of this application.
const MIGRATION_LOCK_KEY = 727_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = /^(\d+)_([\w-]+)\.sql$/.exec(file);
    if (!match) throw new Error(`Migration file name must look like 001_name.sql: ${file}`);
    migrations.push({version: Number(match[1]), name: match[2]!, sql: await fs.readFile(`${dir}/${file}`, 'utf8')});
  }
  const versions = new Set(migrations.map((m) => m.version));
  if (versions.size !== migrations.length) throw new Error('Two migrations share a version number');
  return migrations;
}

/** Returns the versions applied by this call (empty when the schema was already current). */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<number[]> {
  const migrations = await readMigrations(dir);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    const done = await sql<{version: number}>`SELECT version FROM schema_migrations`.execute(trx);
    const applied = new Set(done.rows.map((r) => r.version));
    const ran: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      // One statement per query: PGlite's parameterised protocol refuses multi-statement strings.
      for (const statement of splitStatements(migration.sql)) await sql.raw(statement).execute(trx);
      await sql`INSERT INTO schema_migrations (version, name) VALUES (${migration.version}, ${migration.name})`.execute(
        trx,
      );
      ran.push(migration.version);
    }
    return ran;
  });
}

/**
 * Splits a migration into statements at semicolons that end a line. Our migrations hold no
 * function bodies or string literals spanning lines, which keeps this deliberately simple.
 */
export function splitStatements(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
