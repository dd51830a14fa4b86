// Where a resilience run keeps its data: a fresh PGlite directory, or a fresh schema in the
// PostgreSQL database named by RESILIENCE_DATABASE_URL (or DATABASE_URL). Both can be inspected
// with SQL from the test process while the API is stopped (PGlite admits one process at a time).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {PGlite} from '@electric-sql/pglite';
import {amcheck} from '@electric-sql/pglite/contrib/amcheck';
import pg from 'pg';

export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface Target {
  name: 'PGlite' | 'PostgreSQL';
  /** DATA_DIR of the API (mail, secret key; the database too on PGlite). */
  dataDir: string;
  /** DATABASE_URL of the API; undefined on PGlite. */
  databaseUrl: string | undefined;
  /**
   * Runs SQL on the data as the last process left it. PGlite: on a copy of the directory, so the
   * next API start meets the directory exactly as the process left it, with amcheck installed
   * (a copy is ours to change; on PostgreSQL amcheck needs a superuser, and the server is not the
   * process being killed there).
   */
  inspect<T>(fn: (query: Query, tools: {amcheck: boolean}) => Promise<T>): Promise<T>;
  /** PostgreSQL: waits until no connection of the API is left (a killed client's backends exit on their own). */
  settled(): Promise<void>;
  /** PostgreSQL only: what the server knows of the API's connections. */
  postgres?: {
    /** Connections of the API open now. */
    connections(): Promise<number>;
    /** Sessions of this database that ended because the client vanished without closing (pg_stat_database). */
    abandonedSessions(): Promise<number>;
  };
  release(): Promise<void>;
}

export const postgresUrl = process.env.RESILIENCE_DATABASE_URL || process.env.DATABASE_URL || undefined;

/** The variants a run covers; says so when PostgreSQL is not configured, rather than skipping quietly. */
export function targetNames(file: string): Array<Target['name']> {
  if (!postgresUrl) {
    console.log(`[resilience] ${file}: PostgreSQL variant not defined (set RESILIENCE_DATABASE_URL); PGlite only`);
    return ['PGlite'];
  }
  return ['PGlite', 'PostgreSQL'];
}

export async function createTarget(name: Target['name']): Promise<Target> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-resilience-'));
  return name === 'PGlite' ? pgliteTarget(dataDir) : await postgresTarget(dataDir);
}

function pgliteTarget(dataDir: string): Target {
  const dbDir = path.join(dataDir, 'db');
  return {
    name: 'PGlite',
    dataDir,
    databaseUrl: undefined,
    async inspect(fn) {
      const copy = `${dbDir}-inspect`;
      await fs.cp(dbDir, copy, {recursive: true});
      const pglite = await PGlite.create(copy, {extensions: {amcheck}});
      try {
        await pglite.exec('CREATE EXTENSION IF NOT EXISTS amcheck');
        return await fn(async (text, params) => (await pglite.query(text, params)).rows as never[], {amcheck: true});
      } finally {
        await pglite.close();
        await fs.rm(copy, {recursive: true, force: true});
      }
    },
    settled: async () => {},
    release: () => fs.rm(dataDir, {recursive: true, force: true}),
  };
}

async function postgresTarget(dataDir: string): Promise<Target> {
  const schema = `resilience_${crypto.randomBytes(5).toString('hex')}`;
  // The API's connections carry the schema's name, so the test can tell when they are gone.
  const url = new URL(postgresUrl!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  url.searchParams.set('application_name', schema);
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({connectionString: postgresUrl});
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const connections = () =>
    admin(
      async (client) =>
        (
          await client.query<{n: number}>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
            [schema],
          )
        ).rows[0]!.n,
    );
  await admin((client) => client.query(`CREATE SCHEMA ${schema}`));
  return {
    name: 'PostgreSQL',
    dataDir,
    databaseUrl: url.toString(),
    async inspect(fn) {
      return admin(async (client) => {
        await client.query(`SET search_path = ${schema}`);
        return fn(async (text, params) => (await client.query(text, params)).rows, {amcheck: false});
      });
    },
    async settled() {
      const deadline = Date.now() + 30_000;
      for (let left = await connections(); left > 0; left = await connections()) {
        if (Date.now() > deadline) throw new Error(`${left} connection(s) of the killed API still open after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    postgres: {
      connections,
      abandonedSessions: () =>
        admin(
          async (client) =>
            (
              await client.query<{n: number}>(
                'SELECT sessions_abandoned::int AS n FROM pg_stat_database WHERE datname = current_database()',
              )
            ).rows[0]!.n,
        ),
    },
    async release() {
      await admin((client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
      await fs.rm(dataDir, {recursive: true, force: true});
    },
  };
}
