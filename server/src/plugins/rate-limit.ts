// Per-client-address limits on the auth routes (design §4). The limit runs in onRequest, before
// the body is parsed or any password hashed, and keys on request.ip (trustProxy is off, so a
// client cannot pick its own key through X-Forwarded-For).
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';
import { sharedPlugin } from './shared-plugin.js';

export const rateLimitPlugin = sharedPlugin<{ config: Config }>('rate-limit', async (app) => {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new ApiError('RATE_LIMIT_EXCEEDED', { headers: { 'Retry-After': String(Math.ceil(context.ttl / 1000)) } }),
  });
}, ['errors']);

/** Route config for an auth route: AUTH_RATE_LIMIT requests a minute per address. */
export function authRateLimit(config: Config) {
  return { max: config.authRateLimit, timeWindow: 60_000 };
}
