// Load shedding: when the event loop lags, or the heap or resident memory passes its ceiling, requests
// are refused at once with 503 SERVICE_UNAVAILABLE (the error shape, Retry-After, and the security
// headers set before this hook runs) instead of queueing until the process falls over. A route marks
// itself `unshed` (liveness, metrics) to keep answering whatever the pressure.
import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import type {Config} from '../config.js';
import {ApiError} from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even under pressure. */
    unshed?: boolean;
  }
  interface FastifyInstance {
    /** True while the process sheds load (readiness reports it). */
    isShedding(): boolean;
  }
}

/** Seconds a refused client is told to wait. */
export const SHED_RETRY_AFTER_SECONDS = 5;

const MB = 1024 * 1024;
const SAMPLE_INTERVAL_MS = 500;

export const loadSheddingPlugin = fp<{config: Config}>(
  async (app, {config}) => {
    // Opening and migrating the database blocks the event loop before the server listens; that delay
    // is not load, so nothing is shed until two samples have been taken after the app is ready.
    let measuring = false;
    app.addHook('onReady', async () => {
      setTimeout(() => (measuring = true), 2 * SAMPLE_INTERVAL_MS).unref();
    });
    await app.register(underPressure, {
      sampleInterval: SAMPLE_INTERVAL_MS,
      ...(config.loadShedMaxEventLoopDelayMs > 0 && {maxEventLoopDelay: config.loadShedMaxEventLoopDelayMs}),
      ...(config.loadShedMaxHeapMb > 0 && {maxHeapUsedBytes: config.loadShedMaxHeapMb * MB}),
      ...(config.loadShedMaxRssMb > 0 && {maxRssBytes: config.loadShedMaxRssMb * MB}),
      pressureHandler: async (request, _reply, type, value) => {
        if (!measuring || request.routeOptions.config.unshed) return;
        request.log.warn({pressure: type, value}, 'request shed under load');
        throw new ApiError('SERVICE_UNAVAILABLE', {headers: {'Retry-After': String(SHED_RETRY_AFTER_SECONDS)}});
      },
    });
    app.decorate('isShedding', () => measuring && app.isUnderPressure());
  },
  {name: 'load-shedding', fastify: '5.x', dependencies: ['errors', 'security']},
);
