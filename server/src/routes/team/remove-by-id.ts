// A manager takes one thing off the team by its id (a member, a pending invitation): 204, or the same refusals,
// and the activity log names what went.
import {Type} from 'typebox';
import type {FastifyInstance} from 'fastify';
import type {ActivityAction} from '@intakekit/contract/activity';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {MemberIdParams} from '@intakekit/contract/schemas/team';
import type {UserWithTeam} from '../../repositories/users-repository.js';
import {currentUser} from '../current-user.js';
import {teamRouteGroup} from '../route-helpers.js';

export interface RemoveById {
  summary: string;
  /** Takes it off; answers how the activity log names it (a member's address), when known. */
  remove: (user: UserWithTeam, id: string) => Promise<string | void>;
  /** What was done: the activity log's action and target type, and the 204's description. */
  done: [action: ActivityAction, target: 'member' | 'invitation', description: string];
}

export function removeByIdRoute(
  app: FastifyInstance,
  url: string,
  {summary, remove, done: [action, target, description]}: RemoveById,
) {
  const {routes, teamRoute} = teamRouteGroup(app, 'team');
  routes.delete(
    url,
    teamRoute({
      summary,
      params: MemberIdParams,
      response: {
        204: Type.Null({description}),
        ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'FORBIDDEN', 'NOT_FOUND'),
      },
    }),
    async (request, reply) => {
      const label = await remove(currentUser(request), request.params.id);
      await app.recordActivity(request, action, {
        target: {type: target, id: request.params.id, ...(label ? {label} : {})},
      });
      return reply.code(204).send(null);
    },
  );
}
