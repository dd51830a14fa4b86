// Decorates app.db (Kysely) and brings the schema up to date before any route runs.
// The app closes the database on close only when it opened it (tests share one per file).
import type { Db } from '../db/connect.js';
import { openDatabase } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { redactUrl, type Config } from '../config.js';
import { sharedPlugin } from './shared-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface DbPluginOptions {
  config: Config;
  /** An already-open database to use instead of opening the configured one (not closed by the app). */
  db?: Db | undefined;
}

export const dbPlugin = sharedPlugin<DbPluginOptions>('db', async (app, { config, db: provided }) => {
  const db = provided ?? (await openDatabase(config));
  app.decorate('db', db);
  if (!provided) app.addHook('onClose', async () => db.destroy());
  const applied = await migrate(db);
  app.log.info(
    {
      database: config.databaseUrl ? redactUrl(config.databaseUrl) : `pglite:${config.dataDir}/db`,
      migrationsApplied: applied,
    },
    'database ready',
  );
});
