// Health for load balancers and orchestrators:
// - GET /api/health (the spec's, the portal's): 200 when the database answers a query, 503 otherwise.
// - GET /api/health/live: the process runs and its event loop turns; no database, never shed. A failing
//   liveness probe restarts the process, which a database outage must not cause.
// - GET /api/health/ready: send traffic here? The database answers, the process is not shedding load
//   and not shutting down; 503 otherwise, so a balancer drains it without restarting it.
//   With REDIS_URL it also says whether Redis answers: `redis: down` (status `degraded`) while the rate limits
//   cannot be counted, still 200. Every process shares the one Redis, so a 503 would take them all out of the
//   balancer together, turning a counter outage into a full one, against the limits' fail-open rule.
import {Type} from 'typebox';
import type {FastifyInstance, FastifyRequest} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import {ApiError} from '../errors.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {pingDatabase} from '../services/health.js';

const Ok = Type.Object({status: Type.Literal('ok')});
const Ready = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  /** Only with REDIS_URL: whether the rate limits' store answers. */
  redis: Type.Optional(Type.Union([Type.Literal('up'), Type.Literal('down')])),
});

export async function healthRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  const databaseAnswers = async (request: FastifyRequest) => {
    try {
      await pingDatabase(app.db);
    } catch (error) {
      request.log.error({err: error}, 'health check: database did not answer');
      throw new ApiError('SERVICE_UNAVAILABLE');
    }
  };

  routes.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'The API and its database answer',
        response: {200: Ok, ...errorResponses('SERVICE_UNAVAILABLE')},
      },
    },
    async (request) => {
      await databaseAnswers(request);
      return {status: 'ok' as const};
    },
  );

  routes.get(
    '/api/health/live',
    {
      config: {unshed: true},
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up (no database call; never refused under load)',
        response: {200: Ok},
      },
    },
    async () => ({status: 'ok' as const}),
  );

  routes.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers, and the process is neither shedding load nor shutting down',
        description:
          'With REDIS_URL, `redis` says whether the rate limits are being counted; while Redis is down the status is `degraded` (still 200: the limits fail open, and every process would go out of the balancer together).',
        response: {200: Ready, ...errorResponses('SERVICE_UNAVAILABLE')},
      },
    },
    async (request) => {
      if (closing || app.isShedding()) throw new ApiError('SERVICE_UNAVAILABLE');
      await databaseAnswers(request);
      if (app.rateLimitStore.kind === 'memory') return {status: 'ok' as const};
      return app.rateLimitStore.up()
        ? {status: 'ok' as const, redis: 'up' as const}
        : {status: 'degraded' as const, redis: 'down' as const};
    },
  );
}
