// Runs a migration file: several statements in one string, inside the migration's transaction.
// node-postgres sends a query without parameters with the simple protocol, which accepts several
// statements (prepared-statements.ts leaves such scripts unnamed). PGlite's Kysely dialect always
// uses the extended protocol, which refuses them, so on PGlite a script goes through PGlite's own
// exec(): PGlite has one session, so it runs inside the transaction Kysely opened on it.
import type {PGlite} from '@electric-sql/pglite';
import {sql, type Kysely} from 'kysely';

const pglites = new WeakMap<Kysely<never>, PGlite>();

/** Records the PGlite under a Kysely instance (db/connect.ts does it for every PGlite it wraps). */
export function rememberPglite<DB>(db: Kysely<DB>, pglite: PGlite): void {
  pglites.set(db as unknown as Kysely<never>, pglite);
}

/** The PGlite under a Kysely instance, if it wraps one. */
export function pgliteOf<DB>(db: Kysely<DB>): PGlite | undefined {
  return pglites.get(db as unknown as Kysely<never>);
}

/** How to run a whole SQL file on the database `db` was opened on, given the migration's transaction. */
export function scriptRunnerFor<DB>(db: Kysely<DB>): (trx: Kysely<unknown>, script: string) => Promise<void> {
  const pglite = pglites.get(db as unknown as Kysely<never>);
  if (pglite) {
    return async (_trx, script) => {
      await pglite.exec(script);
    };
  }
  return async (trx, script) => {
    await sql.raw(script).execute(trx);
  };
}
