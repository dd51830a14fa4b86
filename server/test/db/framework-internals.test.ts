// The two places where the database layer relies on how a library works inside rather than on its
// documented API (src/db/prepared-statements.ts, src/db/precompiled-query.ts). Each test here fails
// when an upgrade of pg, pg-pool or Kysely changes what those modules rely on.
import {EventEmitter} from 'node:events';
import {Kysely, PostgresDialect, sql} from 'kysely';
import pg from 'pg';
import {describe, expect, it, onTestFinished} from 'vitest';
import type {Db} from '../../src/db/connect.js';
import {precompiledQuery} from '../../src/db/precompiled-query.js';
import {usePreparedStatements} from '../../src/db/prepared-statements.js';
import type {Database} from '../../src/db/schema.js';
import {freshDatabase, onPostgres} from '../helpers/database.js';

/** A pg client that records what it is asked to run instead of talking to a server. */
class RecordingClient extends EventEmitter {
  static calls: unknown[][] = [];
  connect(callback?: (error: Error | null) => void): Promise<void> | void {
    if (callback) return callback(null);
    return Promise.resolve();
  }
  query(...args: unknown[]): Promise<{command: string; rowCount: number; rows: unknown[]}> {
    RecordingClient.calls.push(args);
    return Promise.resolve({command: 'SELECT', rowCount: 0, rows: []});
  }
  end(callback?: () => void): Promise<void> {
    callback?.();
    return Promise.resolve();
  }
}

function recordingDb(): Kysely<Database> {
  const pool = new pg.Pool({Client: RecordingClient as unknown as typeof pg.Client, max: 1});
  usePreparedStatements(pool);
  const db = new Kysely<Database>({dialect: new PostgresDialect({pool})});
  onTestFinished(() => db.destroy());
  return db;
}

describe('prepared statements (pg query() wrapped on every pooled client)', () => {
  it('turns what Kysely sends, query(text, values), into a named statement pg prepares', async () => {
    RecordingClient.calls = [];
    const db = recordingDb();
    await db.selectFrom('users').select('id').where('email', '=', 'a@example.com').execute();
    await db.selectFrom('users').select('id').where('email', '=', 'b@example.com').execute();
    const [first, second] = RecordingClient.calls;
    // pg-pool announced the client ('connect') and Kysely called query() with one config object.
    expect(first).toHaveLength(1);
    const config = first![0] as {name: string; text: string; values: unknown[]};
    expect(config).toEqual({
      name: expect.stringMatching(/^ik_[0-9a-f]{24}$/),
      text: 'select "id" from "users" where "email" = $1',
      values: ['a@example.com'],
    });
    // Same text, same name: prepared once per connection, then only bound and executed.
    expect(second![0]).toEqual({...config, values: ['b@example.com']});
    // pg prepares a query whose config has a name: the documented form of a prepared statement.
    expect(new pg.Query(config)).toMatchObject({name: config.name, text: config.text, values: config.values});
  });

  it('leaves DDL, transaction control and scripts of several statements unnamed', async () => {
    RecordingClient.calls = [];
    const db = recordingDb();
    await sql`CREATE TABLE t (x int)`.execute(db);
    await sql.raw('SELECT 1; SELECT 2').execute(db);
    await db.transaction().execute(async () => {});
    expect(RecordingClient.calls.map((call) => call[0])).toEqual([
      'CREATE TABLE t (x int)',
      'SELECT 1; SELECT 2',
      'begin',
      'commit',
    ]);
  });

  it.runIf(onPostgres)('makes PostgreSQL keep the statement prepared on the connection', async () => {
    const pool = new pg.Pool({connectionString: process.env.DATABASE_URL, max: 1});
    usePreparedStatements(pool);
    const db = new Kysely<Database>({dialect: new PostgresDialect({pool})});
    onTestFinished(() => db.destroy());
    await sql`SELECT ${41}::int + 1 AS answer`.execute(db);
    const prepared = await sql<{name: string; statement: string}>`
      SELECT name, statement FROM pg_prepared_statements`.execute(db);
    expect(prepared.rows).toContainEqual({
      name: expect.stringMatching(/^ik_/),
      statement: 'SELECT $1::int + 1 AS answer',
    });
  });
});

describe('precompiled queries (a Kysely CompiledQuery sent with new parameters)', () => {
  const byEmail = (db: Db, email: string) => db.selectFrom('users').select('email').where('email', '=', email);

  it('relies on a CompiledQuery being its SQL text and its values, and nothing else that depends on them', async () => {
    const database = await freshDatabase();
    onTestFinished(() => database.release());
    const a = byEmail(database.db, 'a@example.com').compile();
    const b = byEmail(database.db, 'b@example.com').compile();
    expect(Object.keys(a).sort()).toEqual(['parameters', 'query', 'queryId', 'sql']);
    expect(a.sql).toBe(b.sql);
    expect(a.parameters).toEqual(['a@example.com']);
    expect({...a, parameters: b.parameters, query: b.query, queryId: b.queryId}).toEqual(b);
  });

  it('answers as the query built afresh would, per database, and refuses a wrong number of values', async () => {
    const database = await freshDatabase();
    onTestFinished(() => database.release());
    const {db} = database;
    const now = new Date();
    await db
      .insertInto('users')
      .values({email: 'kept@example.com', password_hash: 'x', created_at: now, updated_at: now})
      .execute();
    const lookup = precompiledQuery((kysely: Db) => byEmail(kysely, ''));
    expect((await db.executeQuery(lookup(db, ['kept@example.com']))).rows).toEqual(
      await byEmail(db, 'kept@example.com').execute(),
    );
    expect((await db.executeQuery(lookup(db, ['other@example.com']))).rows).toEqual([]);
    expect(() => lookup(db, [])).toThrow(/0 values for 1 parameters/);
  });
});
