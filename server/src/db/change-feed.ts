// The database's change notices (migrations/017_key_change_notices.sql: a trigger announces on the channel
// intakekit_state, on commit) as a ChangeFeed (services/ports/change-feed.ts). PostgreSQL: a connection of its own
// LISTENs (postgres-change-listener.ts). PGlite: one process holds the database, so its own listen() hears every
// change. A PostgreSQL pool this module did not open is listened to at `listenUrl`; without one the feed is never
// live: the caches then keep nothing, which is always correct.
import type {PGlite} from '@electric-sql/pglite';
import type {ChangeFeed, ChangeFeedListener} from '../services/ports/change-feed.js';
import {poolConfigOf, type Db} from './connect.js';
import {listenOnPostgres, type ListenerLog} from './postgres-change-listener.js';
import {pgliteOf} from './sql-scripts.js';

export const CHANGE_CHANNEL = 'intakekit_state';

/** Fans one source's notices and liveness out to the listeners. */
export class ChangeHub implements ChangeFeed {
  private readonly listeners = new Set<ChangeFeedListener>();
  private live = false;
  closer: () => Promise<void> = async () => {};

  get isLive(): boolean {
    return this.live;
  }

  subscribe(listener: ChangeFeedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notice(notice: string): void {
    for (const listener of this.listeners) listener.notice(notice);
  }

  setLive(live: boolean): void {
    this.live = live;
    for (const listener of this.listeners) listener.live(live);
  }

  async close(): Promise<void> {
    this.setLive(false);
    await this.closer();
  }
}

export async function openChangeFeed(db: Db, listenUrl: string | undefined, log: ListenerLog): Promise<ChangeFeed> {
  const hub = new ChangeHub();
  const pglite = pgliteOf(db);
  if (pglite) {
    await listenOnPglite(pglite, hub);
    return hub;
  }
  const poolConfig = poolConfigOf(db) ?? (listenUrl ? {connectionString: listenUrl} : undefined);
  if (poolConfig) hub.closer = await listenOnPostgres(poolConfig, CHANGE_CHANNEL, hub, log);
  return hub;
}

async function listenOnPglite(pglite: PGlite, hub: ChangeHub): Promise<void> {
  const unlisten = await pglite.listen(CHANGE_CHANNEL, (payload) => hub.notice(payload));
  hub.setLive(true);
  hub.closer = async () => {
    // The database may be closed already (its owner shut down first): nothing left to hear.
    if (!pglite.closed) await unlisten();
  };
}
