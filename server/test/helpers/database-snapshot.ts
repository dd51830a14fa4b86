// A database state kept aside and put back, for a fixture that takes seconds to build through the API and is needed
// fresh many times: the schema fuzzing rebuilt its world about 90 times a run, 2 s each (most of its 3 minutes on
// PostgreSQL in CI). Putting the rows back takes milliseconds.
import {sql} from 'kysely';
import type {Db} from '../../src/db/connect.js';
import {ACTIVITY_PURGE, quoted, tableLayout, truncateAll} from './database.js';

export interface DatabaseSnapshot {
  /** Empties every table as truncateAll does (so the change notices of its DELETEs reach the caches) and puts the kept rows and sequence positions back. */
  restore(): Promise<void>;
  drop(): Promise<void>;
}

/** Copies every table of the current schema (but the migrations' record) into a schema of its own. */
export async function snapshotDatabase(db: Db): Promise<DatabaseSnapshot> {
  const {order, sequences} = await tableLayout(db);
  if (!order) throw new Error('snapshotDatabase: the tables reference each other in a cycle');
  const schema = (await sql<{name: string}>`SELECT current_schema() AS name`.execute(db)).rows[0]!.name;
  const aside = quoted(`${schema}_snapshot`);
  const copies = order.map((table) => `CREATE TABLE ${aside}.${quoted(table)} AS TABLE ${quoted(table)};`);
  await sql.raw(`DROP SCHEMA IF EXISTS ${aside} CASCADE`).execute(db);
  await sql.raw(`CREATE SCHEMA ${aside}`).execute(db);
  await sql.raw(`DO $$ BEGIN ${copies.map((c) => `EXECUTE ${literal(c)};`).join(' ')} END $$`).execute(db);
  const positions = await sql<{name: string; last_value: string | null}>`
    SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = current_schema()`.execute(db);
  const position = new Map(positions.rows.map((p) => [p.name, p.last_value]));
  // Referenced tables first; identity columns take the kept ids.
  const inserts = [...order]
    .reverse()
    .map((table) => `INSERT INTO ${quoted(table)} OVERRIDING SYSTEM VALUE SELECT * FROM ${aside}.${quoted(table)};`);
  const seeks = sequences.map((name) => {
    const last = position.get(name);
    return last == null
      ? `PERFORM setval('${quoted(name)}', 1, false);`
      : `PERFORM setval('${quoted(name)}', ${Number(last)}, true);`;
  });
  const restoring = `DO $$ BEGIN ${[ACTIVITY_PURGE, ...inserts, ...seeks].join(' ')} END $$`;
  return {
    async restore() {
      await truncateAll(db);
      await sql.raw(restoring).execute(db);
    },
    async drop() {
      await sql.raw(`DROP SCHEMA IF EXISTS ${aside} CASCADE`).execute(db);
    },
  };
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
