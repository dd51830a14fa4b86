// The rule of state kept in memory (services/state-cache/): kept only while the change feed is live, dropped by a
// notice, all dropped when the feed goes down or comes back, never kept for what was not found, and never kept from
// a read that a change overtook.
import {describe, expect, it} from 'vitest';
import type {ChangeFeed, ChangeFeedListener} from '../../src/services/ports/change-feed.js';
import {stateCache} from '../../src/services/state-cache/state-cache.js';

class FakeFeed implements ChangeFeed {
  isLive = true;
  private readonly listeners = new Set<ChangeFeedListener>();
  subscribe(listener: ChangeFeedListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  notice(notice: string) {
    for (const l of this.listeners) l.notice(notice);
  }
  setLive(live: boolean) {
    this.isLive = live;
    for (const l of this.listeners) l.live(live);
  }
  async caughtUp() {}
  async close() {}
}

function counter() {
  let reads = 0;
  return {
    load: async () => ({read: ++reads}),
    get reads() {
      return reads;
    },
  };
}

describe('stateCache', () => {
  it('keeps what it read while the feed is live, and drops it on its notice', async () => {
    const feed = new FakeFeed();
    const cache = stateCache<{read: number}>(feed, 'key', 10);
    const db = counter();
    expect(await cache.get('a', db.load)).toEqual({read: 1});
    expect(await cache.get('a', db.load)).toEqual({read: 1});
    feed.notice('flow:a');
    expect(await cache.get('a', db.load)).toEqual({read: 1});
    feed.notice('key:a');
    expect(await cache.get('a', db.load)).toEqual({read: 2});
    expect(cache.counts).toEqual({hits: 2, misses: 2, invalidations: 1});
  });

  it('keeps nothing while the feed is down, and forgets everything when it goes down or comes back', async () => {
    const feed = new FakeFeed();
    const cache = stateCache<{read: number}>(feed, 'key', 10);
    const db = counter();
    await cache.get('a', db.load);
    feed.setLive(false);
    expect(cache.size).toBe(0);
    await cache.get('a', db.load);
    await cache.get('a', db.load);
    expect(db.reads).toBe(3);
    feed.setLive(true);
    await cache.get('a', db.load);
    await cache.get('a', db.load);
    expect(db.reads).toBe(4);
  });

  it('does not keep a read that a notice or a reconnection overtook', async () => {
    const feed = new FakeFeed();
    const cache = stateCache<{read: number}>(feed, 'key', 10);
    const db = counter();
    await cache.get('a', async () => {
      feed.notice('key:other');
      return db.load();
    });
    await cache.get('a', async () => {
      feed.setLive(false);
      feed.setLive(true);
      return db.load();
    });
    expect(cache.size).toBe(0);
    await cache.get('a', db.load);
    expect(cache.size).toBe(1);
  });

  it('never keeps an answer of nothing, and holds at most its size, the least recently used leaving first', async () => {
    const feed = new FakeFeed();
    const cache = stateCache<{read: number}>(feed, 'key', 2);
    expect(await cache.get('missing', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
    const db = counter();
    await cache.get('a', db.load);
    await cache.get('b', db.load);
    await cache.get('a', db.load);
    await cache.get('c', db.load);
    expect(cache.size).toBe(2);
    await cache.get('a', db.load);
    expect(db.reads).toBe(3);
    await cache.get('b', db.load);
    expect(db.reads).toBe(4);
  });

  it('keeps nothing with a size of 0', async () => {
    const cache = stateCache<{read: number}>(new FakeFeed(), 'key', 0);
    const db = counter();
    await cache.get('a', db.load);
    await cache.get('a', db.load);
    expect(db.reads).toBe(2);
  });
});
