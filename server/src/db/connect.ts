// Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, otherwise an
// embedded PGlite persisted under $DATA_DIR/db so a fresh machine needs no server.
import fs from 'node:fs/promises';
import path from 'node:path';
import {PGlite} from '@electric-sql/pglite';
import {Kysely, PostgresDialect} from 'kysely';
import pg from 'pg';
import type {Database} from './schema.js';
import {lockDataDir} from './data-dir-lock.js';
import {pgliteDialect} from './pglite-dialect.js';
import {usePreparedStatements} from './prepared-statements.js';
import {rememberPglite} from './sql-scripts.js';

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();

export interface PoolCounts {
  /** Connections open (idle and in use). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** The PostgreSQL pool's connection counts; undefined for PGlite (one embedded connection, no pool). */
export function poolCounts(db: Db): PoolCounts | undefined {
  const pool = pools.get(db);
  return pool && {total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount};
}

/** How the PostgreSQL pool under `db` connects, for a connection of its own (the change listener); undefined for PGlite. */
export function poolConfigOf(db: Db): pg.ClientConfig | undefined {
  const pool = pools.get(db);
  return pool && {...pool.options};
}

export interface DatabaseTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

export async function openDatabase(target: DatabaseTarget, onIdleError?: (error: Error) => void): Promise<Db> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({connectionString: target.databaseUrl, max: 10});
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool replaces it on next use.
    pool.on('error', (error) => onIdleError?.(error));
    usePreparedStatements(pool);
    const db = new Kysely<Database>({dialect: new PostgresDialect({pool})});
    pools.set(db, pool);
    return db;
  }
  const dir = path.join(target.dataDir, 'db');
  await fs.mkdir(dir, {recursive: true});
  const release = lockDataDir(dir);
  try {
    const pglite = await PGlite.create(dir);
    return kyselyForPglite(pglite, release);
  } catch (error) {
    release();
    throw error;
  }
}

/** Wraps an already-open PGlite (tests share one per file); `onClose` runs once it is closed. */
export function kyselyForPglite(pglite: PGlite, onClose?: () => void): Db {
  const db = new Kysely<Database>({dialect: pgliteDialect(pglite, onClose)});
  rememberPglite(db, pglite);
  return db;
}
