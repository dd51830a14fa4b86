// requireUser: a preHandler that resolves the bearer session into request.auth or answers 401
// UNAUTHORIZED. Routes opt in explicitly (no URL matching). A rotated token is handed back in
// the x-new-token header.
// requireApiKey: the same for an API key in the bearer header (the SDK's routes): request.apiKeyType,
// request.apiKeyId and request.apiKeyLimit (the per-key rate limit counts by them), or 401
// INVALID_API_KEY / 403 ORIGIN_NOT_ALLOWED. A refused key that exists still sets apiKeyId, so the
// refusal reaches its request log.
import type {FastifyReply, FastifyRequest} from 'fastify';
import fp from 'fastify-plugin';
import type {Config} from '../config.js';
import type {KeyType} from '../db/schema.js';
import {ApiError} from '../errors.js';
import type {KeyOwner} from '../repositories/api-keys-repository.js';
import {checkSdkKey} from '../services/sdk-access.js';
import {authenticate, bearerToken, sessionEndError, type Authenticated} from '../services/sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireApiKey: (request: FastifyRequest) => Promise<void>;
    /** After requireUser: refuses a member without two-factor when the team requires it (keys, the team page). */
    requireTeamPolicy: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
    apiKeyType: KeyType | null;
    /** Sessions a minute the request's API key may start. */
    apiKeyLimit: number | null;
    /** The API key's owner, whose team flows its sessions may serve. */
    apiKeyOwner: KeyOwner | null;
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
      const token = bearerToken(request.headers.authorization);
      const auth = await authenticate({db: app.db, sessions: app.sessionStates}, config, token);
      // A 401 that says why the session ended (signed out elsewhere, idle...), so the sign-in page can.
      if (!auth) throw await sessionEndError(app.db, config, token);
      if (auth.newToken) reply.header('x-new-token', auth.newToken);
      request.auth = auth;
    });
    app.decorate('requireTeamPolicy', async (request: FastifyRequest) => {
      const {user} = authOf(request);
      if (user.team?.requireTwoFactor && !user.twoFactorEnabled) throw new ApiError('TWO_FACTOR_REQUIRED_BY_TEAM');
    });
    app.decorateRequest('apiKeyType', null);
    app.decorateRequest('apiKeyLimit', null);
    app.decorateRequest('apiKeyOwner', null);
    const portalOrigin = new URL(config.portalUrl).origin;
    app.decorate('requireApiKey', async (request: FastifyRequest) => {
      const origin = typeof request.headers.origin === 'string' ? request.headers.origin : null;
      const check = await checkSdkKey({db: app.db, keys: app.sdkKeys}, config, {
        value: bearerToken(request.headers.authorization),
        origin,
        portalOrigin,
      });
      if (check.key) {
        request.apiKeyId = check.key.id;
        request.apiKeyType = check.key.keyType;
        request.apiKeyLimit = check.key.rateLimitPerMinute;
        request.apiKeyOwner = check.key.owner;
      }
      if (check.refusal) throw check.refusal;
    });
  },
  {name: 'auth', fastify: '5.x', dependencies: ['db', 'errors', 'rate-limit', 'state-cache']},
);
