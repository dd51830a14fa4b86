// Load shedding: when the event loop lags, or the heap or resident memory passes its ceiling, requests
// are refused at once with 503 SERVICE_UNAVAILABLE (the error shape, Retry-After, and the security
// headers set before this hook runs) instead of queueing until the process falls over. A route marks
// itself `unshed` (liveness, metrics) to keep answering whatever the pressure.
//
// Sampled here rather than by @fastify/under-pressure, whose timer read memory with process.memoryUsage(): that
// opens /proc/self/stat, and with every descriptor taken by connections it threw EMFILE from a timer, which ended
// the process. A reading that fails here keeps the last value and is logged once until readings work again.
import {monitorEventLoopDelay} from 'node:perf_hooks';
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
/** The delay histogram's resolution, which is also the least delay it can report (subtracted, as a timer's own). */
const RESOLUTION_MS = 10;

type Pressure = {type: 'eventLoopDelay' | 'heapUsedBytes' | 'rssBytes'; value: number} | undefined;

export const loadSheddingPlugin = fp<{config: Config}>(
  async (app, {config}) => {
    const maxDelayMs = config.loadShedMaxEventLoopDelayMs;
    const maxHeap = config.loadShedMaxHeapMb * MB;
    const maxRss = config.loadShedMaxRssMb * MB;
    const histogram = monitorEventLoopDelay({resolution: RESOLUTION_MS});
    histogram.enable();
    let delayMs = 0;
    let heapUsed = 0;
    let rss = 0;
    let memoryUnreadable = false;

    const sample = () => {
      // No sample in a whole interval means the loop was blocked throughout.
      delayMs = Number.isNaN(histogram.mean) ? Infinity : Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS);
      histogram.reset();
      if (maxHeap === 0 && maxRss === 0) return;
      try {
        const memory = process.memoryUsage();
        heapUsed = memory.heapUsed;
        rss = memory.rss;
        memoryUnreadable = false;
      } catch (error) {
        if (!memoryUnreadable)
          app.log.warn({err: error}, 'load shedding: memory could not be read; using the last reading');
        memoryUnreadable = true;
      }
    };
    const timer = setInterval(sample, SAMPLE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      histogram.disable();
    });

    const pressure = (): Pressure => {
      if (maxDelayMs > 0 && delayMs > maxDelayMs) return {type: 'eventLoopDelay', value: delayMs};
      if (maxHeap > 0 && heapUsed > maxHeap) return {type: 'heapUsedBytes', value: heapUsed};
      if (maxRss > 0 && rss > maxRss) return {type: 'rssBytes', value: rss};
      return undefined;
    };

    // Opening and migrating the database blocks the event loop before the server listens; that delay
    // is not load, so nothing is shed until two samples have been taken after the app is ready.
    let measuring = false;
    app.addHook('onReady', async () => {
      setTimeout(() => (measuring = true), 2 * SAMPLE_INTERVAL_MS).unref();
    });

    app.addHook('onRequest', async (request) => {
      if (!measuring || request.routeOptions.config.unshed) return;
      const now = pressure();
      if (!now) return;
      request.log.warn({pressure: now.type, value: now.value}, 'request shed under load');
      throw new ApiError('SERVICE_UNAVAILABLE', {headers: {'Retry-After': String(SHED_RETRY_AFTER_SECONDS)}});
    });
    app.decorate('isShedding', () => measuring && pressure() !== undefined);
  },
  {name: 'load-shedding', fastify: '5.x', dependencies: ['errors', 'security']},
);
