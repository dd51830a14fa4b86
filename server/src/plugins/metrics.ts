// Prometheus metrics (prom-client) in a registry of this app's own: requests and latency per route
// pattern (never the raw URL, so ids and tokens stay out of labels and the series stay few), 429
// refusals, requests shed under load, the PostgreSQL pool's counts, and Node's process metrics.
// `app.metrics.addGauge` and `addCounter` let other parts report a value read at scrape time (e.g. a queue's
// depth, a cache's hits); they are no-ops while metrics are off (no METRICS_TOKEN), so callers need not check.
import fp from 'fastify-plugin';
import {Counter, Gauge, Histogram, Registry, collectDefaultMetrics} from 'prom-client';
import type {Config} from '../config.js';
import {poolCounts} from '../db/connect.js';

export interface Metrics {
  readonly enabled: boolean;
  /** A gauge whose value `read` gives at each scrape; a failing read is logged and reports nothing. */
  addGauge(name: string, help: string, read: () => Promise<number> | number): void;
  /** A counter kept by its owner (a running total), read at each scrape. */
  addCounter(name: string, help: string, read: () => number): void;
  /** The Prometheus text exposition of every metric. */
  render(): Promise<{contentType: string; body: string}>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export const metricsPlugin = fp<{config: Config}>(
  async (app, {config}) => {
    if (!config.metricsToken) {
      app.decorate('metrics', {
        enabled: false,
        addGauge: () => {},
        addCounter: () => {},
        render: async () => ({contentType: 'text/plain', body: ''}),
      } satisfies Metrics);
      return;
    }

    const registry = new Registry();
    collectDefaultMetrics({register: registry});
    const labelNames = ['method', 'route', 'status_class'] as const;
    const requests = new Counter({
      name: 'intakekit_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status class.',
      labelNames,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'intakekit_http_request_duration_seconds',
      help: 'Time from request to response, by route pattern, method and status class.',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const rateLimited = new Counter({
      name: 'intakekit_rate_limit_refusals_total',
      help: 'Requests refused with 429 (rate limits), by route pattern.',
      labelNames: ['route'],
      registers: [registry],
    });
    const shed = new Counter({
      name: 'intakekit_load_shed_total',
      help: 'Requests refused with 503 because the process was under pressure.',
      registers: [registry],
    });
    new Gauge({
      name: 'intakekit_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle) and queries waiting for one; absent on PGlite.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const counts = poolCounts(app.db);
        if (!counts) return;
        this.set({state: 'total'}, counts.total);
        this.set({state: 'idle'}, counts.idle);
        this.set({state: 'waiting'}, counts.waiting);
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      // Unmatched paths share one label: a scanner must not create a series per URL it tries.
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = {method: request.method, route, status_class: statusClass(reply.statusCode)};
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) rateLimited.inc({route});
      if (reply.statusCode === 503 && app.isShedding()) shed.inc();
    });

    app.decorate('metrics', {
      enabled: true,
      addGauge(name, help, read) {
        new Gauge({
          name,
          help,
          registers: [registry],
          async collect() {
            try {
              this.set(await read());
            } catch (error) {
              app.log.error({err: error, metric: name}, 'metrics: a gauge could not be read');
            }
          },
        });
      },
      addCounter(name, help, read) {
        new Counter({
          name,
          help,
          registers: [registry],
          collect() {
            this.reset();
            this.inc(read());
          },
        });
      },
      async render() {
        return {contentType: registry.contentType, body: await registry.metrics()};
      },
    } satisfies Metrics);
  },
  {name: 'metrics', fastify: '5.x', dependencies: ['load-shedding']},
);
