// A database migrated by the migrator used before Kysely's (schema_migrations(version, name,
// applied_at)) upgrades to the current bookkeeping with nothing re-applied and its data kept; one
// the old migrator left part-way gets exactly the missing files. On PGlite, and on PostgreSQL when
// DATABASE_URL is set.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {PGlite} from '@electric-sql/pglite';
import {sql} from 'kysely';
import {afterAll, describe, expect, it, onTestFinished} from 'vitest';
import {buildApp} from '../../src/app.js';
import {loadConfig} from '../../src/config.js';
import {kyselyForPglite, type Db} from '../../src/db/connect.js';
import {MIGRATIONS_DIR, migrate, readMigrations} from '../../src/db/migrate.js';
import {LogCapture} from '../helpers/app.js';
import {emptyPostgresSchema, onPostgres} from '../helpers/database.js';
import {legacyMigrate} from '../helpers/legacy-migrator.js';

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-upgrade-'));
  onTestFinished(() => fs.rm(dir, {recursive: true, force: true}));
  return dir;
}

// Creating a PGlite costs seconds; cloning an empty one, a fraction of that.
let emptyPglite: Promise<PGlite> | undefined;
afterAll(async () => (await emptyPglite)?.close());

/** A database with no tables at all: a PostgreSQL schema of its own, or an in-memory PGlite. */
async function emptyDatabase(): Promise<Db> {
  if (onPostgres) {
    const database = await emptyPostgresSchema();
    onTestFinished(() => database.release());
    return database.db;
  }
  emptyPglite ??= PGlite.create();
  const db = kyselyForPglite((await (await emptyPglite).clone()) as PGlite);
  onTestFinished(() => db.destroy());
  return db;
}

/** A migrations folder holding only the first `count` files, as an older release shipped them. */
async function firstMigrations(count: number): Promise<string> {
  const dir = await tempDir();
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  for (const file of files.slice(0, count)) await fs.copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  return dir;
}

async function recorded(db: Db): Promise<{name: string; version: number}[]> {
  const result = await sql<{name: string; version: number}>`
    SELECT name, version FROM schema_migrations ORDER BY version`.execute(db);
  return result.rows;
}

describe('upgrading from the old migrator', {timeout: 120_000}, () => {
  it('applies nothing again, keeps the data, records every file by name, and the app starts on it', async () => {
    const db = await emptyDatabase();
    const migrations = await readMigrations();
    const versions = migrations.map((m) => m.version);
    expect(await legacyMigrate(db)).toEqual(versions);
    const now = new Date();
    await sql`INSERT INTO users (email, password_hash, created_at, updated_at)
      VALUES ('kept@example.com', 'x', ${now}, ${now})`.execute(db);

    expect(await migrate(db)).toEqual([]);
    expect(await recorded(db)).toEqual(
      migrations.map((m) => ({name: `${String(m.version).padStart(3, '0')}_${m.name}`, version: m.version})),
    );
    const users = await sql<{email: string}>`SELECT email FROM users`.execute(db);
    expect(users.rows).toEqual([{email: 'kept@example.com'}]);
    expect(await migrate(db)).toEqual([]);

    const logs = new LogCapture();
    const app = await buildApp({...loadConfig({DATA_DIR: await tempDir()}), logStream: logs}, {db});
    await app.close();
    const ready = logs.entries().find((e) => e.msg === 'database ready');
    expect(ready?.migrationsApplied).toEqual([]);
  });

  it('applies exactly the files the old migrator had not applied yet', async () => {
    const db = await emptyDatabase();
    const versions = (await readMigrations()).map((m) => m.version);
    expect(await legacyMigrate(db, await firstMigrations(2))).toEqual(versions.slice(0, 2));
    expect(await migrate(db)).toEqual(versions.slice(2));
    expect((await recorded(db)).map((r) => r.version)).toEqual(versions);
  });

  it.runIf(onPostgres)('upgrades once when several processes start on it at the same time', async () => {
    const db = await emptyDatabase();
    const versions = (await readMigrations()).map((m) => m.version);
    await legacyMigrate(db, await firstMigrations(2));
    const results = await Promise.all([migrate(db), migrate(db), migrate(db)]);
    expect(results.flat().sort((a, b) => a - b)).toEqual(versions.slice(2));
    expect((await recorded(db)).map((r) => r.version)).toEqual(versions);
  });
});
