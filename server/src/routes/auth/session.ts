// GET /api/auth/me and POST /api/auth/logout.
import {Type} from 'typebox';
import type {FastifyInstance} from 'fastify';
import {authOf} from '../../plugins/auth.js';
import {
  SessionIdParams,
  SessionListResponse,
  SignedOutCountResponse,
  UserResponse,
} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {endSession, listSessions, revokeSession, signOutOtherSessions} from '../../services/sessions.js';
import type {AuthRouteOptions} from './options.js';
import {toUserBody} from './user-body.js';
import {signedInRouteGroup} from '../route-helpers.js';

export async function sessionRoutes(app: FastifyInstance, {config}: AuthRouteOptions) {
  // Every route here is about the signed-in account's own sessions.
  const {routes, signedIn} = signedInRouteGroup(app, 'auth');

  routes.get(
    '/api/auth/me',
    signedIn({
      summary: 'The signed-in user',
      response: {200: UserResponse, ...errorResponses('UNAUTHORIZED')},
    }),
    // The user comes with the session (one statement): no query of its own.
    async (request) => ({user: toUserBody(authOf(request).user)}),
  );

  routes.post(
    '/api/auth/logout',
    signedIn({
      summary: 'Revoke the current session',
      response: {204: Type.Null({description: 'Signed out'}), ...errorResponses('UNAUTHORIZED')},
    }),
    async (request, reply) => {
      await endSession(app.db, config, authOf(request).familyId);
      await app.recordActivity(request, 'sign-out');
      // A token rotated by this very request is already revoked: don't hand it out.
      reply.removeHeader('x-new-token');
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/auth/sessions',
    signedIn({
      summary: "The account's signed-in browsers, most recently active first",
      description:
        'One entry per sign-in (the tokens rotated from it are one session): browser and OS from its User-Agent, the address it signed in from, when, and when it was last used. `current` marks the session of this request.',
      response: {200: SessionListResponse, ...errorResponses('UNAUTHORIZED')},
    }),
    async (request) => ({sessions: await listSessions(app.db, config, authOf(request))}),
  );

  routes.delete(
    '/api/auth/sessions/:id',
    signedIn({
      summary: "Sign out one of the account's sessions",
      description: "Its browser's next request answers 401 SESSION_REVOKED. Another account's session is 404.",
      params: SessionIdParams,
      response: {204: Type.Null({description: 'Signed out'}), ...errorResponses('UNAUTHORIZED', 'NOT_FOUND')},
    }),
    async (request, reply) => {
      const auth = authOf(request);
      await revokeSession(app.db, config, auth, request.params.id);
      await app.recordActivity(request, 'session.revoked', {target: {type: 'session', id: request.params.id}});
      if (request.params.id === auth.familyId) reply.removeHeader('x-new-token');
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/auth/sessions/sign-out-others',
    signedIn({
      summary: 'Sign out every session of the account but this one',
      response: {200: SignedOutCountResponse, ...errorResponses('UNAUTHORIZED')},
    }),
    async (request) => {
      const signedOut = await signOutOtherSessions(app.db, config, authOf(request));
      if (signedOut > 0) {
        const label = signedOut === 1 ? '1 other session' : `${signedOut} other sessions`;
        await app.recordActivity(request, 'session.revoked', {target: {type: 'session', label}});
      }
      return {signedOut};
    },
  );
}
