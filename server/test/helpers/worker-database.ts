// The API suite's files run in parallel. On PostgreSQL (DATABASE_URL set) each Vitest worker gets a database of
// its own, `<database>_w<pool id>`, created on first use: tests that read DATABASE_URL themselves, the migrations'
// advisory lock and the server's global statistics then never meet another worker's. On PGlite every file has its
// own in-memory database already (database.ts).
import pg from 'pg';

const WORKER_DATABASE_MARK = 'INTAKEKIT_WORKER_DATABASE';

/** The worker's database URL for `base` (the same URL when Vitest runs no pool, e.g. outside a worker). */
export function workerDatabaseUrl(base: string, poolId: string | undefined): string {
  if (!poolId) return base;
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/^\//, '')}_w${poolId}`;
  return url.toString();
}

async function createDatabaseOnce(base: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({connectionString: base});
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    // Another process created it between the look-up and CREATE: duplicate_database or pg_database's unique index.
    const code = (error as {code?: string}).code;
    if (code !== '42P04' && code !== '23505') throw error;
  } finally {
    await admin.end();
  }
}

// A worker process may run several files: the first one rewrites DATABASE_URL and marks it done.
const base = process.env.DATABASE_URL;
if (base && process.env[WORKER_DATABASE_MARK] !== base) {
  const url = workerDatabaseUrl(base, process.env.VITEST_POOL_ID);
  if (url !== base) await createDatabaseOnce(base, url);
  process.env.DATABASE_URL = url;
  process.env[WORKER_DATABASE_MARK] = url;
}
