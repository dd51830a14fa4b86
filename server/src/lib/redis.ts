// The Valkey/Redis connection that holds the shared rate-limit counters (REDIS_URL). Set up to fail
// fast rather than queue: a request must not wait for an unreachable Redis (no offline queue, one
// try per command, a short command timeout), and the client keeps reconnecting in the background.
// The outage is logged once when it starts and once when it ends, not once per request.
import type {FastifyBaseLogger} from 'fastify';
import {Redis} from 'ioredis';
import {redactUrl} from '../config.js';

/** How long one counter update may take before the request goes on uncounted. */
const COMMAND_TIMEOUT_MS = 500;
/** How long the start waits for a first connection before serving uncounted (the client keeps trying). */
const START_WAIT_MS = 2000;

export interface RedisConnection {
  client: Redis;
  /** Whether commands can be sent now (connected and ready); while not, counters are skipped. */
  isUp(): boolean;
  close(): Promise<void>;
}

export async function openRedis(url: string, log: FastifyBaseLogger): Promise<RedisConnection> {
  const label = redactUrl(url);
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: START_WAIT_MS,
    // Back off to one attempt every 2 s while it is down.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error(
      {err: error, redis: label},
      'Redis unreachable: rate limits are not counted until it is back (sign-in locks still hold)',
    );
  });
  client.on('ready', () => {
    if (down) log.info({redis: label}, 'Redis reachable again: rate limits are counted');
    else log.info({redis: label}, 'rate limits counted in Redis');
    down = false;
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, START_WAIT_MS);
    client.once('ready', done);
    client.once('error', done);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    }
  });
  return {
    client,
    isUp: () => client.status === 'ready',
    async close() {
      // quit() waits for the server's answer, which never comes while it is down.
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
