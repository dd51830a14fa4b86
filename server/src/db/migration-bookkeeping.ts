// Where Kysely's Migrator records what ran: schema_migrations, one row per file (name = the file's
// name without .sql, timestamp = when it ran, as Kysely writes them), plus a generated `version`
// column (the file's number) for people and queries that read the table by number.
//
// Databases migrated before Kysely's Migrator was used have schema_migrations(version, name,
// applied_at) instead. convertLegacyBookkeeping() rewrites that table into the new shape, keeping
// every recorded file as applied, so nothing is re-applied. It runs under the advisory lock the old
// migrator took, so an old and a new process starting together never interleave.
import {sql} from 'kysely';
import type {Db} from './connect.js';

export const MIGRATION_TABLE = 'schema_migrations';
export const MIGRATION_LOCK_TABLE = 'schema_migrations_lock';
// The old migrator's lock key (arbitrary, shared by every process of this application).
const LEGACY_MIGRATION_LOCK_KEY = 727_001;

interface LegacyRow {
  version: number;
  name: string;
  applied_at: Date;
}

/**
 * Makes sure schema_migrations exists in the shape Kysely's Migrator reads, converting the old
 * shape when found. `nameOfVersion` gives the current file name of a recorded version.
 * Returns the names recorded as applied.
 */
export async function prepareBookkeeping(db: Db, nameOfVersion: (version: number) => string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LEGACY_MIGRATION_LOCK_KEY})`.execute(trx);
    const columns = await sql<{column_name: string}>`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${MIGRATION_TABLE}`.execute(trx);
    const names = new Set(columns.rows.map((c) => c.column_name));
    if (names.has('timestamp')) {
      const recorded = await sql<{name: string}>`SELECT name FROM ${sql.table(MIGRATION_TABLE)}`.execute(trx);
      return recorded.rows.map((row) => row.name);
    }

    let legacy: LegacyRow[] = [];
    if (names.size > 0) {
      legacy = (
        await sql<LegacyRow>`SELECT version, name, applied_at FROM ${sql.table(MIGRATION_TABLE)} ORDER BY version`.execute(
          trx,
        )
      ).rows;
      await sql`DROP TABLE ${sql.table(MIGRATION_TABLE)}`.execute(trx);
    }
    // The columns and types Kysely's Migrator creates, so it finds the table ready.
    await sql`CREATE TABLE ${sql.table(MIGRATION_TABLE)} (
      name varchar(255) NOT NULL PRIMARY KEY,
      timestamp varchar(255) NOT NULL,
      version integer GENERATED ALWAYS AS (CAST(substring(name FROM '^[0-9]+') AS integer)) STORED
    )`.execute(trx);
    // Created here rather than by the Migrator, which looks for it in every schema of the database.
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(MIGRATION_LOCK_TABLE)} (
      id varchar(255) NOT NULL PRIMARY KEY,
      is_locked integer NOT NULL DEFAULT 0
    )`.execute(trx);
    for (const row of legacy) {
      await sql`INSERT INTO ${sql.table(MIGRATION_TABLE)} (name, timestamp)
        VALUES (${nameOfVersion(row.version)}, ${row.applied_at.toISOString()})`.execute(trx);
    }
    return legacy.map((row) => nameOfVersion(row.version));
  });
}
