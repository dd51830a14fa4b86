// /api/invitations: the invitee's side. Lookup and decline need no session (the token proves the
// mailbox) and are rate limited like the auth routes; accept needs the invited address signed in.
import type {FastifyInstance} from 'fastify';
import type {Config} from '../../config.js';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {MessageBody} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  AcceptInvitationResponse,
  InvitationLookupResponse,
  InvitationTokenBody,
} from '@intakekit/contract/schemas/invitations';
import {acceptInvitation, declineInvitation, lookupInvitation} from '../../services/invitations.js';
import {currentUser} from '../current-user.js';
import {signedInRouteGroup} from '../route-helpers.js';

export async function invitationRoutes(app: FastifyInstance, {config}: {config: Config}) {
  const {routes, signedIn} = signedInRouteGroup(app, 'team');
  // A token of the wrong length is as unusable as an unknown one.
  const tokenCodes = {validationCodes: {invalid: {token: 'INVALID_OR_EXPIRED' as const}}};

  routes.post(
    '/api/invitations/lookup',
    {
      config: {rateLimit: authRateLimit(config), ...tokenCodes},
      schema: {
        tags: ['team'],
        summary: 'What an invitation link offers: the address, team, inviter, role and expiry',
        body: InvitationTokenBody,
        response: {
          200: InvitationLookupResponse,
          ...errorResponses('MISSING_FIELDS', 'TOKEN_REQUIRED', 'INVALID_OR_EXPIRED', 'RATE_LIMIT_EXCEEDED'),
        },
      },
    },
    async (request) => lookupInvitation(app.db, config, request.body.token),
  );

  routes.post(
    '/api/invitations/accept',
    signedIn(
      {
        summary:
          "Join the team (signed in as the invited address, in no team); the caller's personal keys move into it",
        body: InvitationTokenBody,
        response: {
          200: AcceptInvitationResponse,
          ...errorResponses(
            'MISSING_FIELDS',
            'TOKEN_REQUIRED',
            'INVALID_OR_EXPIRED',
            'UNAUTHORIZED',
            'INVITATION_WRONG_ACCOUNT',
            'ALREADY_IN_TEAM',
          ),
        },
      },
      {
        config: tokenCodes,
      },
    ),
    async (request) => {
      const joined = await acceptInvitation(app.db, config, currentUser(request), request.body.token);
      // In the joined team's log, so its owner and admins see who came in.
      await app.recordActivity(request, 'invitation.accepted', {
        teamId: joined.team.id,
        target: {type: 'team', id: joined.team.id, label: joined.team.name},
      });
      return joined;
    },
  );

  routes.post(
    '/api/invitations/decline',
    {
      config: {rateLimit: authRateLimit(config), ...tokenCodes},
      schema: {
        tags: ['team'],
        summary: 'Decline an invitation (no session needed: the link proves the mailbox)',
        body: InvitationTokenBody,
        response: {
          200: MessageBody,
          ...errorResponses('MISSING_FIELDS', 'TOKEN_REQUIRED', 'INVALID_OR_EXPIRED', 'RATE_LIMIT_EXCEEDED'),
        },
      },
    },
    async (request) => {
      const declined = await declineInvitation(app.db, config, request.body.token);
      await app.recordActivity(request, 'invitation.declined', {
        actor: {id: null, email: declined.email, teamId: declined.teamId},
        target: {type: 'invitation', id: declined.id, label: declined.email},
      });
      return {message: 'Invitation declined.'};
    },
  );
}
