// /api/team/add and /api/team/invitations/*: invite an address, resend and revoke a pending invitation.
import type {FastifyInstance} from 'fastify';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {VERIFY_EMAIL_FOR_INVITATIONS} from '@intakekit/contract/errors';
import {AddMemberBody, InvitationResponse, MemberIdParams} from '@intakekit/contract/schemas/team';
import type {TeamContext} from '../../services/team.js';
import {inviteMember, resendInvitation, revokeTeamInvitation} from '../../services/team-invitations.js';
import {currentUser} from '../current-user.js';
import {teamRouteGroup} from '../route-helpers.js';
import {removeByIdRoute} from './remove-by-id.js';

/** An invitation as the activity log names it: the address invited. */
function invitationTarget(invitation: {id: string; email: string}) {
  return {type: 'invitation' as const, id: invitation.id, label: invitation.email};
}

export async function teamInvitationRoutes(app: FastifyInstance, {team}: {team: TeamContext}) {
  const {routes, teamRoute} = teamRouteGroup(app, 'team');

  routes.post(
    '/api/team/add',
    teamRoute({
      summary: 'Invite an address (owners and admins): the same pending invitation whether or not it has an account',
      body: AddMemberBody,
      response: {
        201: InvitationResponse,
        ...errorResponses(
          'MISSING_FIELDS',
          'INVALID_EMAIL',
          'INVALID_NAME',
          'NAME_INVISIBLE_CHARACTERS',
          'NAME_HAS_ADDRESS',
          'UNAUTHORIZED',
          'TWO_FACTOR_REQUIRED_BY_TEAM',
          'FORBIDDEN',
          {code: 'EMAIL_NOT_VERIFIED', message: VERIFY_EMAIL_FOR_INVITATIONS},
          'NOT_FOUND',
          'EMAIL_IN_USE',
          'RATE_LIMIT_EXCEEDED',
        ),
      },
    }),
    async (request, reply) => {
      const {email, name, role} = request.body;
      const invitation = await inviteMember(team, currentUser(request), {
        email,
        name: name || null,
        role: role ?? 'member',
      });
      await app.recordActivity(request, 'invitation.sent', {target: invitationTarget(invitation)});
      return reply.code(201).send({invitation});
    },
  );

  routes.post(
    '/api/team/invitations/:id/resend',
    teamRoute({
      summary: 'Send a pending invitation again with a new link and a new 7-day expiry (the old link stops working)',
      params: MemberIdParams,
      response: {
        200: InvitationResponse,
        ...errorResponses(
          'UNAUTHORIZED',
          'TWO_FACTOR_REQUIRED_BY_TEAM',
          'FORBIDDEN',
          'NOT_FOUND',
          'RATE_LIMIT_EXCEEDED',
        ),
      },
    }),
    async (request) => {
      const invitation = await resendInvitation(team, currentUser(request), request.params.id);
      await app.recordActivity(request, 'invitation.resent', {target: invitationTarget(invitation)});
      return {invitation};
    },
  );

  removeByIdRoute(app, '/api/team/invitations/:id', {
    summary: 'Revoke a pending invitation',
    remove: (user, id) => revokeTeamInvitation(team, user, id),
    done: ['invitation.revoked', 'invitation', 'Revoked'],
  });
}
