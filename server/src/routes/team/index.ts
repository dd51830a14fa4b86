// /api/team: show, invite, resend and revoke invitations, change roles, remove, transfer, leave.
import {Type} from 'typebox';
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import type {Config} from '../../config.js';
import {authOf} from '../../plugins/auth.js';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {VERIFY_EMAIL_FOR_INVITATIONS} from '@intakekit/contract/errors';
import {
  AddMemberBody,
  ChangeRoleBody,
  InvitationResponse,
  MemberIdParams,
  MemberResponse,
  TeamResponse,
  TeamSettingsBody,
  TeamSettingsResponse,
  TransferBody,
  TransferResponse,
} from '@intakekit/contract/schemas/team';
import {Teams} from '../../services/team.js';
import {currentUser} from '../current-user.js';

/** An invitation as the activity log names it: the address invited. */
function invitationTarget(invitation: {id: string; email: string}) {
  return {type: 'invitation' as const, id: invitation.id, label: invitation.email};
}

export async function teamRoutes(app: FastifyInstance, {config}: {config: Config}) {
  const teams = new Teams(app.db, app.mailer, config);
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const session = [{session: []}];
  // A team that requires two-factor keeps its page from members without it.
  const guarded = [app.requireUser, app.requireTeamPolicy];

  routes.get(
    '/api/team',
    {
      preHandler: guarded,
      schema: {
        tags: ['team'],
        summary: "The user's team, their role, its members and (for owners and admins) its pending invitations",
        security: session,
        response: {200: TeamResponse, ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'NOT_FOUND')},
      },
    },
    async (request) => teams.show(currentUser(request)),
  );

  routes.post(
    '/api/team/add',
    {
      preHandler: guarded,
      schema: {
        tags: ['team'],
        summary: 'Invite an address (owners and admins): the same pending invitation whether or not it has an account',
        security: session,
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
      },
    },
    async (request, reply) => {
      const {email, name, role} = request.body;
      const invitation = await teams.invite(currentUser(request), {email, name: name || null, role: role ?? 'member'});
      await app.recordActivity(request, 'invitation.sent', {target: invitationTarget(invitation)});
      return reply.code(201).send({invitation});
    },
  );

  routes.post(
    '/api/team/invitations/:id/resend',
    {
      preHandler: guarded,
      schema: {
        tags: ['team'],
        summary: 'Send a pending invitation again with a new link and a new 7-day expiry (the old link stops working)',
        security: session,
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
      },
    },
    async (request) => {
      const invitation = await teams.resend(currentUser(request), request.params.id);
      await app.recordActivity(request, 'invitation.resent', {target: invitationTarget(invitation)});
      return {invitation};
    },
  );

  routes.delete(
    '/api/team/invitations/:id',
    {
      preHandler: guarded,
      schema: {
        tags: ['team'],
        summary: 'Revoke a pending invitation',
        security: session,
        params: MemberIdParams,
        response: {
          204: Type.Null({description: 'Revoked'}),
          ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      await teams.revoke(currentUser(request), request.params.id);
      await app.recordActivity(request, 'invitation.revoked', {target: {type: 'invitation', id: request.params.id}});
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/team/transfer',
    {
      preHandler: guarded,
      // `password` is the current password: too long simply means wrong.
      config: {rateLimit: authRateLimit(config), validationCodes: {invalid: {password: 'INVALID_CURRENT_PASSWORD'}}},
      schema: {
        tags: ['team'],
        summary: 'Make an admin or member the owner (password required); the caller becomes an admin',
        security: session,
        body: TransferBody,
        response: {
          200: TransferResponse,
          ...errorResponses(
            'MISSING_FIELDS',
            'INVALID_CURRENT_PASSWORD',
            'UNAUTHORIZED',
            'TWO_FACTOR_REQUIRED_BY_TEAM',
            'FORBIDDEN',
            'NOT_FOUND',
            'OWNERSHIP_CHANGED',
            'LOCKED',
            'RATE_LIMIT_EXCEEDED',
          ),
        },
      },
    },
    async (request) => {
      const {userId, password} = request.body;
      const transferred = await teams.transfer(currentUser(request), authOf(request).familyId, userId, password);
      await app.recordActivity(request, 'team.ownership-transferred', {target: {type: 'member', id: userId}});
      return transferred;
    },
  );

  routes.post(
    '/api/team/leave',
    {
      // Leaving needs no second factor: it gives access up.
      preHandler: app.requireUser,
      schema: {
        tags: ['team'],
        summary: "Leave the team (anyone but the owner); the team's keys stay with the team",
        security: session,
        response: {
          204: Type.Null({description: 'Left'}),
          ...errorResponses('UNAUTHORIZED', 'OWNER_MUST_TRANSFER', 'NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      await teams.leave(currentUser(request));
      await app.recordActivity(request, 'member.left');
      return reply.code(204).send(null);
    },
  );

  routes.patch(
    '/api/team/:id',
    {
      preHandler: guarded,
      schema: {
        tags: ['team'],
        summary: 'Make a member an admin or an admin a member (the owner only)',
        security: session,
        params: MemberIdParams,
        body: ChangeRoleBody,
        response: {
          200: MemberResponse,
          ...errorResponses('MISSING_FIELDS', 'UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
    async (request) => {
      const user = await teams.changeRole(currentUser(request), request.params.id, request.body.role);
      await app.recordActivity(request, 'member.role-changed', {
        target: {type: 'member', id: user.id, label: `${user.email}: ${user.role}`},
      });
      return {user};
    },
  );

  routes.delete(
    '/api/team/:id',
    {
      preHandler: guarded,
      schema: {
        tags: ['team'],
        summary: 'Remove a member (the owner removes admins and members, an admin members only)',
        security: session,
        params: MemberIdParams,
        response: {
          204: Type.Null({description: 'Removed'}),
          ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      await teams.remove(currentUser(request), request.params.id);
      await app.recordActivity(request, 'member.removed', {target: {type: 'member', id: request.params.id}});
      return reply.code(204).send(null);
    },
  );

  routes.patch(
    '/api/team/settings',
    {
      // Not guarded: an owner who turned their own two-factor off can still lift the requirement.
      preHandler: app.requireUser,
      schema: {
        tags: ['team'],
        summary: "The team's security policy: require two-factor of every member (the owner only)",
        description:
          'The owner must have two-factor on to require it (409 OWNER_TWO_FACTOR_REQUIRED). Members without it are then refused the keys, team and activity routes with 403 TWO_FACTOR_REQUIRED_BY_TEAM until they turn it on; leaving the team stays open to them.',
        security: session,
        body: TeamSettingsBody,
        response: {
          200: TeamSettingsResponse,
          ...errorResponses('MISSING_FIELDS', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'OWNER_TWO_FACTOR_REQUIRED'),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const policy = await teams.setPolicy(user, request.body.requireTwoFactor);
      await app.recordActivity(request, 'team.policy-changed', {
        target: {
          type: 'team',
          id: user.team?.id ?? null,
          label: policy.requireTwoFactor ? 'Two-factor required' : 'Two-factor not required',
        },
      });
      return policy;
    },
  );
}
