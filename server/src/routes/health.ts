// Health for load balancers and orchestrators:
// - GET /api/health (the spec's, the portal's): 200 when the database answers a query, 503 otherwise.
// - GET /api/health/live: the process runs and its event loop turns; no database, never shed. A failing
//   liveness probe restarts the process, which a database outage must not cause.
// - GET /api/health/ready: send traffic here? The database answers, the process is not shedding load
//   and not shutting down; 503 otherwise, so a balancer drains it without restarting it.
import {Type} from 'typebox';
import type {FastifyInstance, FastifyRequest} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import {ApiError} from '../errors.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {pingDatabase} from '../services/health.js';

const Ok = Type.Object({status: Type.Literal('ok')});

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
        response: {200: Ok, ...errorResponses('SERVICE_UNAVAILABLE')},
      },
    },
    async (request) => {
      if (closing || app.isShedding()) throw new ApiError('SERVICE_UNAVAILABLE');
      await databaseAnswers(request);
      return {status: 'ok' as const};
    },
  );
}
