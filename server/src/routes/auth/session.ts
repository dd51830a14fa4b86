// GET /api/auth/me and POST /api/auth/logout.
import {Type} from 'typebox';
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import {authOf} from '../../plugins/auth.js';
import {UserResponse} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {endSession} from '../../services/sessions.js';
import {toUserBody} from './user-body.js';

export async function sessionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/api/auth/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{session: []}],
        response: {200: UserResponse, ...errorResponses('UNAUTHORIZED')},
      },
    },
    // The user comes with the session (one statement): no query of its own.
    async (request) => ({user: toUserBody(authOf(request).user)}),
  );

  routes.post(
    '/api/auth/logout',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        security: [{session: []}],
        response: {204: Type.Null({description: 'Signed out'}), ...errorResponses('UNAUTHORIZED')},
      },
    },
    async (request, reply) => {
      await endSession(app.db, authOf(request).familyId);
      // A token rotated by this very request is already revoked: don't hand it out.
      reply.removeHeader('x-new-token');
      return reply.code(204).send(null);
    },
  );
}
