// app.keyUsage: this process's batch of API key usage (services/key-usage.ts), written every
// KEY_USAGE_FLUSH_MS and once more when the app closes, so a clean shutdown loses nothing.
import fp from 'fastify-plugin';
import type {Config} from '../config.js';
import {keyUsageRecorder, type KeyUsageRecorder} from '../services/key-usage.js';

declare module 'fastify' {
  interface FastifyInstance {
    keyUsage: KeyUsageRecorder;
  }
}

export const keyUsagePlugin = fp<{config: Config}>(
  async (app, {config}) => {
    const recorder = keyUsageRecorder(
      app.db,
      (error) => app.log.error({err: error}, 'API key usage could not be written; this batch of usage figures is lost'),
      () => app.changeFeed.caughtUp(),
    );
    app.decorate('keyUsage', recorder);
    const timer = setInterval(() => void recorder.flush(), config.keyUsageFlushMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await recorder.flush();
    });
  },
  {name: 'key-usage', fastify: '5.x', dependencies: ['db', 'state-cache']},
);
