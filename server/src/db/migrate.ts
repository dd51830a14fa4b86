// Applies migrations/NNN_name.sql in order, each once, with Kysely's Migrator: all pending files
// run in one transaction under its advisory lock, so two API processes starting together on one
// PostgreSQL never apply the same file twice. What ran is recorded in schema_migrations
// (migration-bookkeeping.ts, which also upgrades the table written by the migrator used before).
import fs from 'node:fs/promises';
import {fileURLToPath} from 'node:url';
import {Migrator, type Migration as KyselyMigration, type MigrationProvider} from 'kysely';
import type {Db} from './connect.js';
import {MIGRATION_LOCK_TABLE, MIGRATION_TABLE, prepareBookkeeping} from './migration-bookkeeping.js';
import {scriptRunnerFor} from './sql-scripts.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE_NAME = /^(\d+)_([\w-]+)\.sql$/;

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match || match[1] !== String(Number(match[1])).padStart(3, '0')) {
      throw new Error(`Migration file name must look like 001_name.sql: ${file}`);
    }
    migrations.push({version: Number(match[1]), name: match[2]!, sql: await fs.readFile(`${dir}/${file}`, 'utf8')});
  }
  const versions = new Set(migrations.map((m) => m.version));
  if (versions.size !== migrations.length) throw new Error('Two migrations share a version number');
  // The Migrator orders files by name: numbers of different widths (9_, 10_) would run out of order.
  if (migrations.some((m, i) => i > 0 && m.version < migrations[i - 1]!.version)) {
    throw new Error('Migration numbers must all have the same number of digits (001_, 002_, ...)');
  }
  return migrations;
}

/** Kysely's MigrationProvider over the numbered SQL files (Kysely's own FileMigrationProvider loads JS modules). */
class SqlFileMigrationProvider implements MigrationProvider {
  constructor(
    private readonly migrations: Migration[],
    private readonly runScript: ReturnType<typeof scriptRunnerFor>,
  ) {}

  async getMigrations(): Promise<Record<string, KyselyMigration>> {
    return Object.fromEntries(
      this.migrations.map((migration) => [
        fileStem(migration),
        {up: (trx) => this.runScript(trx, migration.sql)} satisfies KyselyMigration,
      ]),
    );
  }
}

/** Returns the versions applied by this call (empty when the schema was already current). */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<number[]> {
  const migrations = await readMigrations(dir);
  const byVersion = new Map(migrations.map((m) => [m.version, m]));
  const recorded = await prepareBookkeeping(db, (version) => {
    const migration = byVersion.get(version);
    // A recorded file that no longer exists keeps a name the Migrator reports as missing.
    return fileStem(migration ?? {version, name: 'missing'});
  });
  // Every start of an up-to-date database ends here: the Migrator would find nothing to do, after
  // looking its tables up in the catalogue (several times slower than this one read on PGlite).
  const files = migrations.map(fileStem);
  if (recorded.length === files.length && files.every((name) => recorded.includes(name))) return [];
  const migrator = new Migrator({
    db,
    provider: new SqlFileMigrationProvider(migrations, scriptRunnerFor(db)),
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
  const {error, results} = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => Number(/^\d+/.exec(result.migrationName)![0]));
}

/** The name a migration has in the Migrator and in schema_migrations: its file name without .sql. */
function fileStem(migration: Pick<Migration, 'version' | 'name'>): string {
  return `${String(migration.version).padStart(3, '0')}_${migration.name}`;
}
