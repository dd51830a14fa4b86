// The database's change notices (migrations/017_key_change_notices.sql: a trigger announces on the channel
// intakekit_state, on commit) as a ChangeFeed (services/ports/change-feed.ts). PostgreSQL: a connection of its own
// LISTENs (postgres-change-listener.ts). PGlite: one process holds the database, so its own listen() hears every
// change. A PostgreSQL pool this module did not open is listened to at `listenUrl`; without one the feed is never
// live: the caches then keep nothing, which is always correct.
import crypto from 'node:crypto';
import type {PGlite} from '@electric-sql/pglite';
import {sql} from 'kysely';
import type {ChangeFeed, ChangeFeedListener} from '../services/ports/change-feed.js';
import {poolConfigOf, type Db} from './connect.js';
import {listenOnPostgres, type ListenerLog} from './postgres-change-listener.js';
import {pgliteOf} from './sql-scripts.js';

export const CHANGE_CHANNEL = 'intakekit_state';

/** How long a change's answer waits to hear its own notices before it forgets everything kept instead. */
const CAUGHT_UP_TIMEOUT_MS = 1000;

/** Fans one source's notices and liveness out to the listeners. */
export class ChangeHub implements ChangeFeed {
  private readonly listeners = new Set<ChangeFeedListener>();
  private readonly markers = new Map<string, () => void>();
  private live = false;
  closer: () => Promise<void> = async () => {};
  /** Sends a marker notice through the database (PostgreSQL); unset where changes are heard as they commit. */
  sendMarker: ((marker: string) => Promise<void>) | undefined;

  get isLive(): boolean {
    return this.live;
  }

  subscribe(listener: ChangeFeedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notice(notice: string): void {
    const heard = this.markers.get(notice);
    if (heard) return heard();
    for (const listener of this.listeners) listener.notice(notice);
  }

  // A listener hears notices in the order their transactions committed, so once it hears a marker sent after this
  // process's changes committed, it has heard theirs.
  async caughtUp(): Promise<void> {
    if (!this.live || !this.sendMarker) return;
    const marker = `marker:${crypto.randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.markers.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), CAUGHT_UP_TIMEOUT_MS);
    });
    try {
      await this.sendMarker(marker);
      if (!(await heard)) this.forgetAll();
    } catch {
      this.forgetAll();
    } finally {
      clearTimeout(timer);
      this.markers.delete(marker);
    }
  }

  private forgetAll(): void {
    for (const listener of this.listeners) listener.live(this.live);
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
  if (poolConfig) {
    hub.closer = await listenOnPostgres(poolConfig, CHANGE_CHANNEL, hub, log);
    hub.sendMarker = async (marker) => {
      await sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${marker})`.execute(db);
    };
  }
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
