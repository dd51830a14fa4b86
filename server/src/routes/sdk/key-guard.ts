// What guards the SDK's routes by their API key, and the keys' request log: every answer to a request that presented
// a known key goes to that key's log (batched by app.keyUsage), with its outcome and time, never its body.
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import type {Config} from '../../config.js';
import {sdkRateLimit} from '../../plugins/rate-limit.js';
import {REQUEST_OK} from '@intakekit/contract/api-keys';

/**
 * The options both SDK routes start with. The address's budget is counted before the key lookup, so guessing keys
 * costs the caller its budget, not our database; the key is checked before body validation, so a caller without a
 * valid key learns nothing about the body, and then its own budget (`perKey`) is counted; the answer goes to its log.
 */
export function sdkKeyGuard(
  app: FastifyInstance,
  config: Config,
  {perKey, startsSession}: {perKey: (request: FastifyRequest) => Promise<void>; startsSession: boolean},
) {
  return {
    config: {rateLimit: sdkRateLimit(config)},
    preValidation: [app.requireApiKey, perKey],
    onResponse: keyRequestLog(app, config, {startsSession}),
  };
}

/** An onResponse hook that logs the request against its key; `startsSession` false: not counted as a session. */
function keyRequestLog(app: FastifyInstance, config: Config, {startsSession}: {startsSession: boolean}) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.apiKeyId) return;
    app.keyUsage.record({
      keyId: request.apiKeyId,
      at: config.now(),
      origin: typeof request.headers.origin === 'string' ? request.headers.origin.slice(0, 300) : null,
      outcome: reply.statusCode < 400 ? REQUEST_OK : (request.errorCode ?? 'SERVER_ERROR'),
      status: reply.statusCode,
      latencyMs: reply.elapsedTime,
      ...(!startsSession && {startsSession}),
    });
  };
}
