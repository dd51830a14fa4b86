// Entry point: `node server/dist/server.js` (built by `npm run build -w server`), or through tsx in development. Reads the environment, builds the app,
// listens, and on SIGINT/SIGTERM stops accepting requests, finishes in-flight ones, sends queued
// mail and closes the database before exiting.
import {buildApp} from './app.js';
import {ConfigError, loadConfig} from './config.js';
import {DatabaseInUseError} from './db/data-dir-lock.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({signal}, 'shutting down');
    // A hard deadline, in case a client holds a connection open.
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({err: error}, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({port: config.port, host: config.host});
  // The bound port (PORT=0 picks a free one, which tests use).
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  app.log.info(`API listening on http://${shownHost}:${port}`);
}

main().catch((error: unknown) => {
  // Not a fault of the code: the message says what to do, and a stack would bury it.
  if (error instanceof DatabaseInUseError) {
    console.error(`API failed to start: ${error.message}`);
    process.exit(1);
  }
  console.error('API failed to start:', error);
  process.exit(1);
});
