// A throwaway Redis for a test: Debian's redis-server on a free port of 127.0.0.1, nothing written to
// disk, stopped by its PID. Valkey speaks the same protocol; Debian 12 packages only Redis.
import fs from 'node:fs';
import net from 'node:net';
import {startProcess} from '../../../scripts/lib/processes.mjs';

const REDIS_SERVER = process.env.REDIS_SERVER_BIN || '/usr/bin/redis-server';

export interface RedisServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A port nobody listens on now (the kernel's choice for port 0). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startRedis(): Promise<RedisServer> {
  if (!fs.existsSync(REDIS_SERVER)) {
    throw new Error(
      `${REDIS_SERVER} not found: install Debian's redis-server package (apt-get install -y redis-server)`,
    );
  }
  const port = await freePort();
  const redis = startProcess(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    {label: 'redis-server'},
  );
  try {
    await redis.waitForOutput(/Ready to accept connections/, {timeoutMs: 15_000});
  } catch (error) {
    await redis.kill();
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: redis.pid,
    async stop() {
      if (!redis.exited) await redis.kill();
    },
  };
}
