// Loopback ports for tests that need one nothing listens on.
import net from 'node:net';

/**
 * A loopback port that was free a moment ago: bound, then closed. Nothing listens on it until the caller starts a
 * server there, so a connection to it is refused.
 */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
