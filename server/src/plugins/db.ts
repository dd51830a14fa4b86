// Decorates app.db (Kysely) and closes it with the app when the app opened it. Opening and
// migrating happen in prepareDatabase(), before plugins load: creating a PGlite data directory
// can take longer than Fastify's 10-second plugin timeout on a busy machine.
import type {FastifyBaseLogger} from 'fastify';
import fp from 'fastify-plugin';
import type {Db} from '../db/connect.js';
import {openDatabase} from '../db/connect.js';
import {migrate} from '../db/migrate.js';
import type {Config} from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface PreparedDatabase {
  db: Db;
  /** True when the app opened it and so must close it. */
  owned: boolean;
  migrationsApplied: number[];
}

/** Opens the configured database (unless one is given) and brings its schema up to date. */
export async function prepareDatabase(
  config: Config,
  provided: Db | undefined,
  log: FastifyBaseLogger,
): Promise<PreparedDatabase> {
  const db =
    provided ?? (await openDatabase(config, (error) => log.warn({err: error}, 'idle database connection lost')));
  try {
    return {db, owned: !provided, migrationsApplied: await migrate(db)};
  } catch (error) {
    if (!provided) await db.destroy();
    throw error;
  }
}

export const dbPlugin = fp<{database: PreparedDatabase; label: string}>(
  async (app, {database, label}) => {
    app.decorate('db', database.db);
    if (database.owned) app.addHook('onClose', async () => database.db.destroy());
    app.log.info({database: label, migrationsApplied: database.migrationsApplied}, 'database ready');
  },
  {name: 'db', fastify: '5.x'},
);
