// POST /api/sdk/sessions: the SDK's one call. Checks the API key (app.requireApiKey: well formed,
// checksum, active; its use recorded) and that its type is the one the environment needs, and
// answers the flow. Called from customer pages on any origin (see plugins/security.ts), with the
// key, never a session.
import crypto from 'node:crypto';
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import type {Config} from '../../config.js';
import {ApiError} from '../../errors.js';
import {sdkRateLimit} from '../../plugins/rate-limit.js';
import {SAMPLE_FLOW} from '../../flows/sample-flow.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {SessionBody, SessionResponse} from '@intakekit/contract/schemas/sdk';
import {KEY_TYPE_FOR_ENV} from '@intakekit/contract/flows';

export async function sdkSessionRoutes(app: FastifyInstance, {config}: {config: Config}) {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/sdk/sessions',
    {
      // Counted before the key lookup, so guessing keys costs the caller its budget, not our database.
      config: {rateLimit: sdkRateLimit(config)},
      // Before body validation: a caller without a valid key learns nothing about the body. Then
      // SDK_KEY_RATE_LIMIT per key: one page embedding a key cannot use up the service for others.
      preValidation: [app.requireApiKey, app.limitPerApiKey],
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
