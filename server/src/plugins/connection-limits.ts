// Connections are finite (each is a file descriptor), so no one client may hold them all:
// - at most MAX_CONNECTIONS in the process, lowered to what the open-file limit leaves once the database is open
//   (lib/file-limit.ts);
// - at most MAX_CONNECTIONS_PER_ADDRESS from one client address, dropped as they are accepted (before a byte is
//   read: a client that trickles its request never gets further than its own connections);
// - a proxy named in TRUST_PROXY carries many clients on its connections, and which client a connection is for is
//   known only once its headers arrive: its connections are not counted, and each forwarded client's requests in
//   flight are instead (429 over the cap). The proxy's own limits (SECURITY.md) count that client's connections.
// An error accepting a connection (EMFILE when descriptors run out) is logged; unhandled it would end the process.
import proxyAddr from '@fastify/proxy-addr';
import fp from 'fastify-plugin';
import type {Config} from '../config.js';
import {ApiError} from '../errors.js';
import {clientAddressKey} from '../lib/client-address.js';
import {connectionLimit, openDescriptors, readOpenFileLimit} from '../lib/file-limit.js';

/** Counts per key; a key whose count returns to zero is forgotten, so the map holds only clients now connected. */
class Tally {
  private readonly counts = new Map<string, number>();
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string): void {
    this.counts.set(key, this.get(key) + 1);
  }
  remove(key: string): void {
    const left = this.get(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}

export const connectionLimitsPlugin = fp<{config: Config}>(
  async (app, {config}) => {
    const perAddress = config.maxConnectionsPerAddress;
    // Once the database is open, so that its descriptors are counted as in use.
    app.addHook('onReady', async () => {
      const fileLimit = readOpenFileLimit();
      const inUse = openDescriptors();
      const maxConnections = connectionLimit(config.maxConnections, fileLimit.limit, inUse);
      app.server.maxConnections = maxConnections;
      app.log[maxConnections < config.maxConnections ? 'warn' : 'info'](
        {
          maxConnections,
          configuredMaxConnections: config.maxConnections,
          openFileLimit: fileLimit.limit ?? null,
          openFileLimitFrom: fileLimit.source,
          descriptorsInUse: inUse ?? null,
          perClientAddress: perAddress,
        },
        'connection limits',
      );
    });

    // Once listening: before, an error (EADDRINUSE) is listen()'s to report.
    app.server.once('listening', () => {
      app.server.on('error', (error) => app.log.error({err: error}, 'error accepting a connection'));
    });

    const trusted = config.trustProxy.length > 0 ? proxyAddr.compile(config.trustProxy) : () => false;
    const open = new Tally();
    /** Clients whose drops were logged since they were last under the cap: one line per episode, not per drop. */
    const reported = new Set<string>();
    app.server.on('connection', (socket: import('node:net').Socket) => {
      const address = socket.remoteAddress;
      // Already closed by its client, or a proxy that forwards other clients.
      if (!address || trusted(address, 0)) return;
      const key = clientAddressKey(address);
      if (open.get(key) >= perAddress) {
        if (!reported.has(key)) {
          reported.add(key);
          app.log.warn(
            {client: key, perClientAddress: perAddress},
            'connections from one client address at the cap: more are dropped',
          );
        }
        socket.destroy();
        return;
      }
      open.add(key);
      socket.once('close', () => {
        open.remove(key);
        if (open.get(key) === 0) reported.delete(key);
      });
    });

    if (config.trustProxy.length === 0) return;
    const inFlight = new Tally();
    app.addHook('onRequest', async (request, reply) => {
      const address = request.socket.remoteAddress;
      if (!address || !trusted(address, 0)) return;
      const key = clientAddressKey(request.ip);
      if (inFlight.get(key) >= perAddress) {
        throw new ApiError('RATE_LIMIT_EXCEEDED', {headers: {'Retry-After': '1'}});
      }
      inFlight.add(key);
      // 'close' comes once the answer is sent or the connection is gone, whichever is first.
      reply.raw.once('close', () => inFlight.remove(key));
    });
  },
  {name: 'connection-limits', fastify: '5.x', dependencies: ['errors']},
);
