// /api/team: show, invite, remove.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../../config.js';
import { errorResponses } from '../../schemas/common.js';
import { AddMemberBody, AddMemberResponse, MemberIdParams, TeamResponse } from '../../schemas/team.js';
import { Teams } from '../../services/team.js';
import { currentUser } from '../current-user.js';

export async function teamRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const teams = new Teams(app.db, app.mailer, config);
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const session = [{ session: [] }];

  routes.get(
    '/api/team',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['team'],
        summary: "The user's team: members, then pending invitations (role 'invited')",
        security: session,
        response: { 200: TeamResponse, ...errorResponses('UNAUTHORIZED', 'NOT_FOUND') },
      },
    },
    async (request) => teams.show(currentUser(request)),
  );

  routes.post(
    '/api/team/add',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['team'],
        summary: 'Add a member (an address without an account is invited by email)',
        security: session,
        body: AddMemberBody,
        response: {
          201: AddMemberResponse,
          ...errorResponses('MISSING_FIELDS', 'INVALID_EMAIL', 'INVALID_NAME', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'EMAIL_IN_USE'),
        },
      },
    },
    async (request, reply) => {
      const user = await teams.add(currentUser(request), request.body.email, request.body.name || null);
      return reply.code(201).send({ user });
    },
  );

  routes.delete(
    '/api/team/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['team'],
        summary: 'Remove a member or cancel an invitation',
        security: session,
        params: MemberIdParams,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses('UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      await teams.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
