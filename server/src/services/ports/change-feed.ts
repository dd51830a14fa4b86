// How a process learns that state it may keep in memory changed in the database, and all a service may know of
// how: the database announces each change when it commits (db/change-feed.ts: PostgreSQL LISTEN on a connection of
// its own, or PGlite's in-process listen). While the feed is not live (not yet listening, or its connection lost)
// a change may go unheard, so nothing may be kept.
export interface ChangeFeedListener {
  /** A change committed: `notice` is `<kind>:<id>` (e.g. `key:<hash>`). */
  notice(notice: string): void;
  /** The feed started (true) or stopped (false) hearing every change; both call for forgetting everything kept. */
  live(live: boolean): void;
}

export interface ChangeFeed {
  /** True while every committed change reaches this process. */
  readonly isLive: boolean;
  /** Adds a listener; returns its removal. */
  subscribe(listener: ChangeFeedListener): () => void;
  /**
   * Resolves once this process has heard every change it committed before the call (at once where changes are
   * heard as they commit, or while the feed is not live); if that takes over a second, everything kept is forgotten.
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}
