// The migrator the server used before Kysely's Migrator, kept verbatim as a fixture: it builds
// databases with the old bookkeeping (schema_migrations(version, name, applied_at)) so the tests
// can show that the current migrator upgrades them without re-applying anything.
import {sql} from 'kysely';
import type {Db} from '../../src/db/connect.js';
import {MIGRATIONS_DIR, readMigrations} from '../../src/db/migrate.js';

const MIGRATION_LOCK_KEY = 727_001;

/** Applies the files of `dir` with the old bookkeeping; returns the versions applied by this call. */
export async function legacyMigrate(db: Db, dir = MIGRATIONS_DIR): Promise<number[]> {
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
 * Splits a migration into statements at semicolons that end a line, outside dollar-quoted ($$) function bodies,
 * whose own statements end lines too. String literals never span lines in our migrations, which keeps this simple.
 */
export function splitStatements(source: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of source.split('\n')) {
    if (!inBody && line.trim().startsWith('--')) continue;
    current.push(line);
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.join('\n').trim().replace(/;$/, ''));
      current = [];
    }
  }
  statements.push(current.join('\n').trim());
  return statements.filter((s) => s.length > 0);
}
