// The change feed (db/change-feed.ts) and the state each process keeps in memory under it: the SDK's keys
// (services/sdk-access.ts) and the signed-in sessions (services/sessions.ts). Reports the caches' hits, misses and invalidations and the feed's state in
// /metrics, and stops listening when the app closes.
import type {FastifyInstance} from 'fastify';
import fp from 'fastify-plugin';
import type {Config} from '../config.js';
import {openChangeFeed} from '../db/change-feed.js';
import type {ChangeFeed} from '../services/ports/change-feed.js';
import type {StateCache, StateCacheCounts} from '../services/state-cache/state-cache.js';
import {sdkKeyStates, type SdkKeyStates} from '../services/sdk-access.js';
import {sessionStates, type SessionStates} from '../services/sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
    sdkKeys: SdkKeyStates;
    sessionStates: SessionStates;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The help text of each of a cache's metrics. */
export type CacheHelp = Record<keyof StateCacheCounts | 'entries', string>;

const KEY_CACHE_HELP: CacheHelp = {
  hits: 'API key checks answered from memory.',
  misses: 'API key checks that read the database (not in memory, or the change listener not live).',
  invalidations: 'Notices of a changed API key received (each drops that key from memory).',
  entries: 'API keys kept in memory.',
};
const SESSION_CACHE_HELP: CacheHelp = {
  hits: 'Signed-in requests whose session was read from memory.',
  misses: 'Signed-in requests that read their session from the database (not in memory, or the listener not live).',
  invalidations: 'Notices of a changed session, user or team received (each drops one session from memory).',
  entries: 'Sessions kept in memory.',
};

export const stateCachePlugin = fp<{config: Config; listenUrl: string | undefined}>(
  async (app, {config, listenUrl}) => {
    const feed = await openChangeFeed(app.db, listenUrl, app.log);
    const keys = sdkKeyStates(feed, config.keyCacheSize);
    const sessions = sessionStates(feed, config.sessionCacheSize);
    app.decorate('changeFeed', feed);
    app.decorate('sdkKeys', keys);
    app.decorate('sessionStates', sessions);
    addCacheMetrics(app, 'key', keys, KEY_CACHE_HELP);
    addCacheMetrics(app, 'session', sessions, SESSION_CACHE_HELP);
    app.metrics.addGauge(
      'intakekit_change_listener_up',
      '1 while this process hears every change (LISTEN confirmed); 0 while it keeps nothing and reads the database.',
      () => (feed.isLive ? 1 : 0),
    );
    // On PostgreSQL the process that made a change hears of it a moment after the commit: the change's answer waits
    // until it has, so the client's next request (the revoked key's use, say) never meets the old state kept here.
    // The SDK's routes change no state kept in memory.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!READS.has(request.method) && !request.url.startsWith('/api/sdk/')) await feed.caughtUp();
      return payload;
    });
    app.addHook('onClose', async () => {
      keys.detach();
      sessions.detach();
      await feed.close();
    });
  },
  {name: 'state-cache', fastify: '5.x', dependencies: ['db', 'metrics']},
);

/** intakekit_<kind>_cache_{hits,misses,invalidations}_total and _entries, each with its help text. */
export function addCacheMetrics(app: FastifyInstance, kind: string, cache: StateCache<object>, help: CacheHelp): void {
  for (const count of ['hits', 'misses', 'invalidations'] as const) {
    app.metrics.addCounter(`intakekit_${kind}_cache_${count}_total`, help[count], () => cache.counts[count]);
  }
  app.metrics.addGauge(`intakekit_${kind}_cache_entries`, help.entries, () => cache.size);
}
