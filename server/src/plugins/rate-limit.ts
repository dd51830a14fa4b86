// Per-client-address limits on the auth routes (design §4) and the SDK's public endpoint. The limit
// runs in onRequest, before the body is parsed, any password hashed or any key looked up, and keys
// on request.ip: the socket address, or the forwarded client address only when the socket is a
// proxy named in TRUST_PROXY, so a client cannot pick its own key through X-Forwarded-For.
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type {Config} from '../config.js';
import {ApiError} from '../errors.js';

export const rateLimitPlugin = fp<{config: Config}>(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) =>
        new ApiError('RATE_LIMIT_EXCEEDED', {headers: {'Retry-After': String(Math.ceil(context.ttl / 1000))}}),
    });
  },
  {name: 'rate-limit', fastify: '5.x', dependencies: ['errors']},
);

/** Route config for an auth route: AUTH_RATE_LIMIT requests a minute per address. */
export function authRateLimit(config: Config) {
  return {max: config.authRateLimit, timeWindow: 60_000};
}

/** Route config for POST /api/sdk/sessions: SDK_RATE_LIMIT requests a minute per address. */
export function sdkRateLimit(config: Config) {
  return {max: config.sdkRateLimit, timeWindow: 60_000};
}
