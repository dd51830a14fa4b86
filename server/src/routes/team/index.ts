// /api/team: show, change roles, remove, transfer, leave, the security policy; invitations are invitations.ts.
import {Type} from 'typebox';
import type {FastifyInstance} from 'fastify';
import type {Config} from '../../config.js';
import {authOf} from '../../plugins/auth.js';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  ChangeRoleBody,
  CreateTeamBody,
  MemberIdParams,
  MemberResponse,
  TeamResponse,
  TeamSettingsBody,
  TeamSettingsResponse,
  TransferBody,
  TransferResponse,
} from '@intakekit/contract/schemas/team';
import {
  changeMemberRole,
  leaveTeam,
  removeTeamMember,
  setTeamPolicy,
  showTeam,
  transferOwnership,
  type TeamContext,
} from '../../services/team.js';
import {createTeam} from '../../services/team-creation.js';
import {teamPages} from '../../services/team-pages.js';
import {teamInvitationRoutes} from './invitations.js';
import {removeByIdRoute} from './remove-by-id.js';
import {productionAccessRoutes} from './production-access.js';
import {currentUser} from '../current-user.js';
import {signedInRouteGroup, teamRouteGroup} from '../route-helpers.js';

export async function teamRoutes(app: FastifyInstance, {config}: {config: Config}) {
  const team: TeamContext = {db: app.db, mailer: app.mailer, config, pages: teamPages()};
  const {routes, teamRoute} = teamRouteGroup(app, 'team');
  const {signedIn} = signedInRouteGroup(app, 'team');
  await app.register(teamInvitationRoutes, {team});
  await app.register(productionAccessRoutes, {context: {db: app.db, mailer: app.mailer, config}, config});

  routes.get(
    '/api/team',
    teamRoute({
      summary: "The user's team, their role, its members and (for owners and admins) its pending invitations",
      response: {200: TeamResponse, ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'NOT_FOUND')},
    }),
    async (request) => showTeam(team, currentUser(request)),
  );

  routes.post(
    '/api/team',
    // A user in no team has no team policy to meet.
    signedIn({
      summary: 'Start a team (a user in no team): the caller owns it and their own API keys become its keys',
      body: CreateTeamBody,
      response: {
        201: TeamResponse,
        ...errorResponses(
          'MISSING_FIELDS',
          'INVALID_NAME',
          'NAME_INVISIBLE_CHARACTERS',
          'NAME_HAS_ADDRESS',
          'UNAUTHORIZED',
          'ALREADY_IN_TEAM',
        ),
      },
    }),
    async (request, reply) => {
      const created = await createTeam(team, currentUser(request), request.body.name);
      // The team's own log starts with it.
      await app.recordActivity(request, 'team.created', {
        teamId: created.team.id,
        target: {type: 'team', id: created.team.id, label: created.team.name},
      });
      return reply.code(201).send(created);
    },
  );

  routes.post(
    '/api/team/transfer',
    teamRoute(
      {
        summary: 'Make an admin or member the owner (password required); the caller becomes an admin',
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
      {
        // `password` is the current password: too long simply means wrong.
        config: {rateLimit: authRateLimit(config), validationCodes: {invalid: {password: 'INVALID_CURRENT_PASSWORD'}}},
      },
    ),
    async (request) => {
      const {userId, password} = request.body;
      const transferred = await transferOwnership(
        team,
        currentUser(request),
        authOf(request).familyId,
        userId,
        password,
      );
      await app.recordActivity(request, 'team.ownership-transferred', {target: {type: 'member', id: userId}});
      return transferred;
    },
  );

  routes.post(
    '/api/team/leave',
    // Leaving needs no second factor: it gives access up.
    signedIn({
      summary: "Leave the team (anyone but the owner); the team's keys stay with the team",
      response: {
        204: Type.Null({description: 'Left'}),
        ...errorResponses('UNAUTHORIZED', 'OWNER_MUST_TRANSFER', 'NOT_FOUND'),
      },
    }),
    async (request, reply) => {
      await leaveTeam(team, currentUser(request));
      await app.recordActivity(request, 'member.left');
      return reply.code(204).send(null);
    },
  );

  routes.patch(
    '/api/team/:id',
    teamRoute({
      summary: 'Make a member an admin or an admin a member (the owner only)',
      params: MemberIdParams,
      body: ChangeRoleBody,
      response: {
        200: MemberResponse,
        ...errorResponses('MISSING_FIELDS', 'UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'FORBIDDEN', 'NOT_FOUND'),
      },
    }),
    async (request) => {
      const user = await changeMemberRole(team, currentUser(request), request.params.id, request.body.role);
      await app.recordActivity(request, 'member.role-changed', {
        target: {type: 'member', id: user.id, label: `${user.email}: ${user.role}`},
      });
      return {user};
    },
  );

  removeByIdRoute(app, '/api/team/:id', {
    summary: 'Remove a member (the owner removes admins and members, an admin members only)',
    remove: (user, id) => removeTeamMember(team, user, id),
    done: ['member.removed', 'member', 'Removed'],
  });

  routes.patch(
    '/api/team/settings',
    // Not guarded: an owner who turned their own two-factor off can still lift the requirement.
    signedIn({
      summary: "The team's security policy: require two-factor of every member (the owner only)",
      description:
        'The owner must have two-factor on to require it (409 OWNER_TWO_FACTOR_REQUIRED). Members without it are then refused the keys, team and activity routes with 403 TWO_FACTOR_REQUIRED_BY_TEAM until they turn it on; leaving the team stays open to them.',
      body: TeamSettingsBody,
      response: {
        200: TeamSettingsResponse,
        ...errorResponses('MISSING_FIELDS', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'OWNER_TWO_FACTOR_REQUIRED'),
      },
    }),
    async (request) => {
      const user = currentUser(request);
      const policy = await setTeamPolicy(team, user, request.body.requireTwoFactor);
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
