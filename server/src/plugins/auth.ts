// requireUser: a preHandler that resolves the bearer session into request.auth or answers 401
// UNAUTHORIZED. Routes opt in explicitly (no URL matching). A rotated token is handed back in
// the x-new-token header.
// requireApiKey: the same for an API key in the bearer header (the SDK's routes): request.apiKeyType,
// and request.apiKeyId (which the per-key rate limit counts by), or 401 INVALID_API_KEY.
import type {FastifyReply, FastifyRequest} from 'fastify';
import fp from 'fastify-plugin';
import type {Config} from '../config.js';
import type {KeyType} from '../db/schema.js';
import {ApiError} from '../errors.js';
import {useApiKey} from '../services/api-keys.js';
import {authenticate, bearerToken, type Authenticated} from '../services/sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireApiKey: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
    apiKeyType: KeyType | null;
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
    app.decorateRequest('apiKeyType', null);
    app.decorate('requireApiKey', async (request: FastifyRequest) => {
      const key = await useApiKey(app.db, config, bearerToken(request.headers.authorization));
      if (!key) throw new ApiError('INVALID_API_KEY');
      request.apiKeyType = key.keyType;
      request.apiKeyId = key.id;
    });
  },
  {name: 'auth', fastify: '5.x', dependencies: ['db', 'errors', 'rate-limit']},
);
