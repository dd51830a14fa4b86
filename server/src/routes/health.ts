// GET /api/health: 200 when the database answers a query, 503 otherwise (for load balancers).
import {Type} from 'typebox';
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import {ApiError} from '../errors.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {pingDatabase} from '../services/health.js';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness of the API and its database',
        response: {200: Type.Object({status: Type.Literal('ok')}), ...errorResponses('SERVICE_UNAVAILABLE')},
      },
    },
    async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({err: error}, 'health check: database did not answer');
        throw new ApiError('SERVICE_UNAVAILABLE');
      }
      return {status: 'ok' as const};
    },
  );
}
