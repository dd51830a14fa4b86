// LISTEN on a PostgreSQL connection of its own (never the pool's: a pooled connection goes back to the pool and
// stops listening). Live only from the confirmed LISTEN until the connection errs, ends or stops answering the
// heartbeat; then reconnects with backoff. Each change of liveness is reported, so the caches forget everything.
import pg from 'pg';
import type {ChangeHub} from './change-feed.js';

export interface ListenerLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;
/** A connection lost without a word (a network partition) is found by the heartbeat within about these two. */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;

/** Starts listening (resolves once the first attempt succeeded or failed, so a process starts caching at once); returns the stop. */
export async function listenOnPostgres(
  config: pg.ClientConfig,
  channel: string,
  hub: ChangeHub,
  log: ListenerLog,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lost = (why: string, error?: Error) => {
    const dead = client;
    if (!dead) return;
    client = undefined;
    clearInterval(heartbeat);
    hub.setLive(false);
    dead.removeAllListeners();
    dead.on('error', () => {});
    void dead.end().catch(() => {});
    if (stopped) return;
    log.warn(
      {err: error, reason: why, retryInMs: retryMs},
      'change listener: connection lost; keeping nothing in memory',
    );
    retry = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const connect = async () => {
    // A server that never answers must not hold the start (which waits for the first attempt) or a retry forever.
    const next = new pg.Client({connectionTimeoutMillis: 10_000, ...config, keepAlive: true});
    client = next;
    next.on('error', (error) => lost('error', error));
    next.on('end', () => lost('ended'));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) hub.notice(message.payload);
    });
    let backendPid: number | undefined;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      backendPid = (await next.query<{pid: number}>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    } catch (error) {
      if (client === next) lost('connect', error as Error);
      return;
    }
    if (client !== next || stopped) return;
    retryMs = FIRST_RETRY_MS;
    hub.setLive(true);
    // The server's process id of the connection, to find it in pg_stat_activity (an operator, or a test).
    log.info({channel, backendPid}, 'change listener: listening');
    heartbeat = setInterval(() => void beat(next), HEARTBEAT_MS);
    heartbeat.unref();
  };

  const beat = async (current: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer to the heartbeat')), HEARTBEAT_TIMEOUT_MS);
    });
    try {
      await Promise.race([current.query('SELECT 1'), late]);
    } catch (error) {
      if (client === current) lost('heartbeat', error as Error);
    } finally {
      clearTimeout(timer);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    lost('stopped');
  };
}
