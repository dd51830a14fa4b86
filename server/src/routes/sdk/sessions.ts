// POST /api/sdk/sessions: the SDK's one call. Checks the API key (well formed, checksum, active,
// and of the type the environment needs), records its use, and answers the flow. Called from
// customer pages on any origin (see plugins/security.ts), with the key, never a session.
import crypto from 'node:crypto';
import type {FastifyInstance, FastifyRequest} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import type {Config} from '../../config.js';
import type {KeyType} from '../../db/schema.js';
import {ApiError} from '../../errors.js';
import {parseApiKey} from '../../lib/api-key-format.js';
import {sdkRateLimit} from '../../plugins/rate-limit.js';
import {hashToken} from '../../lib/tokens.js';
import {useActiveKey} from '../../repositories/api-keys-repository.js';
import {SAMPLE_FLOW} from '../../flows/sample-flow.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {SessionBody, SessionResponse} from '@intakekit/contract/schemas/sdk';
import {bearerToken} from '../../services/sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKeyType: KeyType | null;
  }
}

const KEY_TYPE_FOR_ENV = {sandbox: 'sandbox', dev: 'sandbox', test: 'sandbox', pro: 'production'} as const;

export async function sdkSessionRoutes(app: FastifyInstance, {config}: {config: Config}) {
  app.decorateRequest('apiKeyType', null);

  // Runs before body validation: a caller without a valid key learns nothing about the body.
  const requireApiKey = async (request: FastifyRequest) => {
    const value = bearerToken(request.headers.authorization);
    if (!value || !parseApiKey(value)) throw new ApiError('INVALID_API_KEY');
    const key = await useActiveKey(app.db, hashToken(value), config.now());
    if (!key) throw new ApiError('INVALID_API_KEY');
    request.apiKeyType = key.key_type;
  };

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/sdk/sessions',
    {
      // Counted before the key lookup, so guessing keys costs the caller its budget, not our database.
      config: {rateLimit: sdkRateLimit(config)},
      preValidation: requireApiKey,
      schema: {
        tags: ['sdk'],
        summary: 'Start an intake session with an API key and receive the flow',
        security: [{apiKey: []}],
        body: SessionBody,
        response: {200: SessionResponse, ...errorResponses('INVALID_API_KEY', 'MISSING_FIELDS', 'RATE_LIMIT_EXCEEDED')},
      },
    },
    async (request) => {
      const env = request.body.env ?? 'sandbox';
      // A sandbox key never opens production, and a production key never runs in a test environment.
      if (request.apiKeyType !== KEY_TYPE_FOR_ENV[env]) throw new ApiError('INVALID_API_KEY');
      return {sessionId: crypto.randomUUID(), flowId: request.body.flowId, env, questions: [...SAMPLE_FLOW]};
    },
  );
}
