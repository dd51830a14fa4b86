// State kept in memory across requests (an API key's, and later a flow's) under one rule: it is kept only while
// every process hears of every change to it (ports/change-feed.ts). A notice drops its entry; the feed going down
// or coming back drops them all, and while it is down everything is read from the database. What is kept is the
// state with its times (a key's grace end and expiry), never a verdict, so what ends at an instant is refused at
// that instant from memory. Nothing is kept for what was not found, so a new key works at once everywhere.
//
// lru-cache (isaacs) rather than a Map: bounded by entry count with least-recently-used eviction, O(1), typed,
// and the LRU that npm itself and much of the ecosystem run on; a hand-rolled Map LRU would be the same code
// with our own bugs.
import {LRUCache} from 'lru-cache';
import type {ChangeFeed} from '../ports/change-feed.js';

export interface StateCacheCounts {
  /** Answers from memory. */
  hits: number;
  /** Answers read from the database (not kept, not live, or new). */
  misses: number;
  /** Change notices of this kind received. */
  invalidations: number;
}

export interface StateCache<V> {
  /** The state of `id`: from memory, or `load`ed (and kept when the feed is live and nothing changed meanwhile). */
  get(id: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
  /** Forgets `id` here at once: this process changed it, and hears its own notice only a moment after the commit. */
  drop(id: string): void;
  readonly counts: Readonly<StateCacheCounts>;
  readonly size: number;
  /** Stops listening to the feed. */
  detach(): void;
}

/** A cache of at most `max` entries (0: none) of one kind of state, named in the feed's notices as `<kind>:<id>`. */
export function stateCache<V extends object>(feed: ChangeFeed, kind: string, max: number): StateCache<V> {
  const entries = max > 0 ? new LRUCache<string, V>({max}) : undefined;
  const counts: StateCacheCounts = {hits: 0, misses: 0, invalidations: 0};
  const prefix = `${kind}:`;
  // Moves at every notice and every change of the feed's liveness: a load that began before a change may
  // have read the state from before it, so its answer is used but not kept.
  let generation = 0;
  const detach = feed.subscribe({
    notice(notice) {
      if (!notice.startsWith(prefix)) return;
      generation++;
      counts.invalidations++;
      entries?.delete(notice.slice(prefix.length));
    },
    live() {
      generation++;
      entries?.clear();
    },
  });

  return {
    async get(id, load) {
      const kept = entries && feed.isLive ? entries.get(id) : undefined;
      if (kept) {
        counts.hits++;
        return kept;
      }
      counts.misses++;
      const before = generation;
      const value = await load();
      if (value && entries && feed.isLive && generation === before) entries.set(id, value);
      return value;
    },
    drop(id) {
      generation++;
      entries?.delete(id);
    },
    counts,
    get size() {
      return entries?.size ?? 0;
    },
    detach,
  };
}
