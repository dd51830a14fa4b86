// Raw connections from chosen client addresses. The whole of 127.0.0.0/8 is loopback on Linux, so a test
// binds its sockets to 127.0.0.2, 127.0.1.7, … and the API (on 127.0.0.1) sees that many different clients.
import http from 'node:http';
import net from 'node:net';
import type {Answer} from './http.js';

export interface HeldConnections {
  /** Connections the server answered and still holds. */
  held(): number;
  /** Connections that either got their first answer or were closed: once this is the count opened, all are settled. */
  settled(): number;
  /** Connections the server closed without answering (dropped as it accepted them). */
  dropped(): number;
  /** One held connection, idle between requests (only with `then: 'idle'`). */
  anyIdle(): net.Socket | undefined;
  close(): void;
}

/**
 * Opens `count` connections from each address in turn, and on each sends one whole request (so that an answer
 * proves the server accepted it); then, with `then: 'slow'`, starts a request whose body never finishes, or with
 * `then: 'idle'` keeps the connection open and idle (keep-alive).
 */
export function holdConnections(options: {
  port: number;
  count: number;
  from: readonly string[];
  then: 'slow' | 'idle';
}): HeldConnections {
  const answered = new Set<net.Socket>();
  const sockets = new Set<net.Socket>();
  let settled = 0;
  let dropped = 0;
  for (let i = 0; i < options.count; i++) {
    const socket = net.connect({
      port: options.port,
      host: '127.0.0.1',
      localAddress: options.from[i % options.from.length],
    });
    sockets.add(socket);
    let first = true;
    socket.on('error', () => {});
    socket.on('data', () => {
      if (!first) return;
      first = false;
      settled++;
      answered.add(socket);
      if (options.then === 'slow') {
        socket.write(
          'POST /api/auth/logout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
        );
      }
    });
    socket.on('close', () => {
      sockets.delete(socket);
      answered.delete(socket);
      if (first) {
        first = false;
        settled++;
        dropped++;
      }
    });
    socket.write('GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  }
  return {
    held: () => answered.size,
    settled: () => settled,
    dropped: () => dropped,
    anyIdle: () => (options.then === 'idle' ? answered.values().next().value : undefined),
    close() {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** One request on a connection of its own from `localAddress`; rejects when the connection is refused or reset. */
export function sendFrom<T = Record<string, unknown>>(
  localAddress: string,
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const url = new URL(path, baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        localAddress,
        agent: false,
        headers:
          payload === undefined
            ? {}
            : {'content-type': 'application/json', 'content-length': Buffer.byteLength(payload)},
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({status: response.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T}),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Sends one more request on an idle held connection and resolves with its status line. */
export function askOn(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1').split('\r\n')[0]!));
    socket.once('close', () => reject(new Error('the held connection was closed')));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}
