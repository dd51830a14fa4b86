// Per-client-address limits on the auth routes and the SDK's public endpoint, and a
// per-key limit on the SDK's endpoint. The address limits run in onRequest, before the body is
// parsed, any password hashed or any key looked up, and key on request.ip: the socket address, or
// the forwarded client address only when the socket is a proxy named in TRUST_PROXY, so a client
// cannot pick its own key through X-Forwarded-For.
//
// Where the counts live: in this process's memory, or with REDIS_URL in Valkey/Redis, shared by
// every API process (two processes counting apart would each allow the whole limit). When Redis
// cannot be reached the limits fail open: requests are answered uncounted and the outage is logged
// as an error (once per outage, not per request), readiness answers `redis: down` and the gauge
// intakekit_rate_limit_store_up is 0. The limits that guard accounts and mailboxes are
// in PostgreSQL and hold regardless (the sign-in lock, invitation sends), so an outage of a
// counter does not stop every sign-in, sign-up and SDK session of every customer.
import rateLimit from '@fastify/rate-limit';
import type {FastifyRequest} from 'fastify';
import fp from 'fastify-plugin';
import type {Config} from '../config.js';
import {ApiError} from '../errors.js';
import {openRedis} from '../lib/redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where the limits are counted, and whether that store answers now: memory always does; Redis may not, and then
     * the limits fail open. Readiness and /metrics report it.
     */
    rateLimitStore: {kind: 'memory' | 'redis'; up(): boolean};
    /** preValidation/preHandler hook: the key's own sessions a minute (default SDK_KEY_RATE_LIMIT) per API key. */
    limitPerApiKey: (request: FastifyRequest) => Promise<void>;
    /**
     * The same limit counted apart for the key's submits, so that sessions started never use up the answers' way
     * back (each session is submitted once; a widget's retries wait for Retry-After).
     */
    limitSubmitsPerApiKey: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by requireApiKey: the key's id, the per-key limit's counter. */
    apiKeyId: string | null;
  }
}

/** 429 RATE_LIMIT_EXCEEDED with Retry-After: the refusal of every limit, the routes' own per-key limits too. */
export function exceeded(ttlMs: number): ApiError {
  return new ApiError('RATE_LIMIT_EXCEEDED', {headers: {'Retry-After': String(Math.max(1, Math.ceil(ttlMs / 1000)))}});
}

export const rateLimitPlugin = fp<{config: Config}>(
  async (app, {config}) => {
    const redis = config.redisUrl ? await openRedis(config.redisUrl, app.log) : undefined;
    if (redis) app.addHook('onClose', async () => redis.close());
    app.decorate('rateLimitStore', {kind: redis ? 'redis' : 'memory', up: () => redis?.isUp() ?? true});
    app.metrics.addGauge(
      'intakekit_rate_limit_store_up',
      'Whether rate limits are being counted: 1 while their store (Redis with REDIS_URL, else memory) answers, 0 while Redis cannot be reached and the limits fail open.',
      () => (app.rateLimitStore.up() ? 1 : 0),
    );
    await app.register(rateLimit, {
      global: false,
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) => exceeded(context.ttl),
      ...(redis && {redis: redis.client, nameSpace: 'intakekit:rate-limit:', skipOnError: true}),
    });

    app.decorateRequest('apiKeyId', null);
    // createRateLimit, not rateLimit: the latter runs once per request, and the address limit
    // already ran on this one. Its own counters (key ids) live under their own prefix.
    const perKeyLimit = (prefix: string) => {
      const perKey = app.createRateLimit({
        max: (request) => request.apiKeyLimit ?? config.sdkKeyRateLimit,
        timeWindow: 60_000,
        keyGenerator: (request) => `${prefix}:${request.apiKeyId ?? ''}`,
      });
      return async (request: FastifyRequest) => {
        if (!request.apiKeyId) throw new Error('a per-key limit used before requireApiKey');
        const state = await perKey(request);
        if (!state.isAllowed && state.isExceeded) throw exceeded(state.ttl);
      };
    };
    app.decorate('limitPerApiKey', perKeyLimit('sdk-key'));
    app.decorate('limitSubmitsPerApiKey', perKeyLimit('sdk-submit'));
  },
  {name: 'rate-limit', fastify: '5.x', dependencies: ['errors', 'metrics']},
);

/** Route config for an auth route: AUTH_RATE_LIMIT requests a minute per address. */
export function authRateLimit(config: Config) {
  return {max: config.authRateLimit, timeWindow: 60_000};
}

/** Route config for POST /api/sdk/sessions: SDK_RATE_LIMIT requests a minute per address. */
export function sdkRateLimit(config: Config) {
  return {max: config.sdkRateLimit, timeWindow: 60_000};
}
