// The request log of API keys for the SDK's routes: every answer to a request that presented a known key goes to
// that key's log (batched by app.keyUsage), with its outcome and time, never its body.
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import type {Config} from '../../config.js';
import {REQUEST_OK} from '@intakekit/contract/api-keys';

/** An onResponse hook that logs the request against its key; `startsSession` false: not counted as a session. */
export function keyRequestLog(app: FastifyInstance, config: Config, {startsSession}: {startsSession: boolean}) {
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
