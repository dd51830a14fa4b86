// requireUser: a preHandler that resolves the bearer session into request.auth or answers 401
// UNAUTHORIZED. Routes opt in explicitly (no URL matching). A rotated token is handed back in
// the x-new-token header.
import type {FastifyReply, FastifyRequest} from 'fastify';
import fp from 'fastify-plugin';
import type {Config} from '../config.js';
import {ApiError} from '../errors.js';
import {authenticate, bearerToken, type Authenticated} from '../services/sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

/** The session of a route that declared preHandler: app.requireUser. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('authOf() used on a route without requireUser');
  return request.auth;
}

export const authPlugin = fp<{config: Config}>(
  async (app, {config}) => {
    app.decorateRequest('auth', null);
    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = await authenticate(app.db, config, bearerToken(request.headers.authorization));
      if (!auth) throw new ApiError('UNAUTHORIZED');
      if (auth.newToken) reply.header('x-new-token', auth.newToken);
      request.auth = auth;
    });
  },
  {name: 'auth', fastify: '5.x', dependencies: ['db', 'errors']},
);
