// POST /api/sdk/sessions: the SDK's first call. Checks the API key (app.requireApiKey: well formed,
// checksum, working, from an allowed origin; its use recorded in batches) and that its type is the one the environment needs, and
// answers the flow of the catalogue it names with a signed session token (lib/session-token.ts) the answers are later
// submitted with. Stores nothing: the token is the session. Called from customer pages on any origin (see
// plugins/security.ts), with the key, never a session.
import crypto from 'node:crypto';
import type {FastifyInstance, FastifyReply} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import type {Config} from '../../config.js';
import {ApiError} from '../../errors.js';
import {questionsDigest, sessionTokens, type SessionTokens} from '../../lib/session-token.js';
import {sdkRateLimit} from '../../plugins/rate-limit.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {SESSION_TOKEN_TTL_HOURS, SessionBody, SessionResponse} from '@intakekit/contract/schemas/sdk';
import {FLOWS_PAGE_PATH, KEY_TYPE_FOR_ENV, type Environment} from '@intakekit/contract/flows';
import {FLOWS, findFlow, type Flow} from '@intakekit/contract/flow-catalogue';
import {invalidFlowMessage} from '@intakekit/contract/flow-refusals';
import {keyRequestLog} from './key-request-log.js';

/**
 * Each flow's questions as JSON, built once: serialising them was the largest part of this route's own work, and
 * they never change while the process runs. Only the fields of the answer's schema, in its order.
 */
const questionsJson = new Map<Flow, string>(
  FLOWS.map((flow) => [
    flow,
    JSON.stringify(
      flow.questions.map(({id, question, type, required, options}) =>
        options
          ? {id, question, type, required, options: options.map(({label, value}) => ({label, value}))}
          : {id, question, type, required},
      ) satisfies SessionResponse['questions'],
    ),
  ]),
);

const TOKEN_TTL_SECONDS = SESSION_TOKEN_TTL_HOURS * 3600;

/** The session's answer (SessionResponse) around the flow's prepared questions; the token is base64url and dots. */
function sessionJson(flow: Flow, env: Environment, sessionId: string, sessionToken: string): string {
  return `{"sessionId":"${sessionId}","sessionToken":"${sessionToken}","flowId":${JSON.stringify(flow.id)},"flowVersion":${JSON.stringify(flow.version)},"env":"${env}","questions":${questionsJson.get(flow)}}`;
}

export async function sdkSessionRoutes(app: FastifyInstance, {config, secretKey}: {config: Config; secretKey: string}) {
  const tokens: SessionTokens = sessionTokens(secretKey);
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/sdk/sessions',
    {
      // Counted before the key lookup, so guessing keys costs the caller its budget, not our database.
      config: {rateLimit: sdkRateLimit(config)},
      // Before body validation: a caller without a valid key learns nothing about the body. Then
      // SDK_KEY_RATE_LIMIT per key: one page embedding a key cannot use up the service for others.
      preValidation: [app.requireApiKey, app.limitPerApiKey],
      onResponse: keyRequestLog(app, config, {startsSession: true}),
      schema: {
        tags: ['sdk'],
        summary: 'Start an intake session with an API key and receive the flow',
        description:
          "The key must be active (or rotated and inside its grace period) and not expired, and the request's Origin must be one of the key's allowed origins (a sandbox key with none allows any origin; a production key with none allows no origin). Past the key's sessions a minute: 429 with Retry-After. Every request that presents a known key is listed in that key's request log. " +
          `flowId is the id of a built-in flow (${FLOWS.map((flow) => flow.id).join(', ')}; the SDK guide's Flows page shows each); any other id is refused with INVALID_FLOW, whose message names the id. ` +
          `The answer's sessionToken, signed by the API, names the key, flow, environment, origin and session, and lets the answers be submitted for ${SESSION_TOKEN_TTL_HOURS} hours (POST /api/sdk/submissions); when the page gives the widget its own questions, they are sent here and the token holds their fingerprint.`,
        security: [{apiKey: []}],
        body: SessionBody,
        response: {
          200: SessionResponse,
          ...errorResponses(
            'INVALID_API_KEY',
            'ORIGIN_NOT_ALLOWED',
            'INVALID_FLOW',
            'MISSING_FIELDS',
            'RATE_LIMIT_EXCEEDED',
          ),
        },
      },
    },
    async (request, reply) => {
      const env = request.body.env ?? 'sandbox';
      // A sandbox key never opens production, and a production key never runs in a test environment.
      if (request.apiKeyType !== KEY_TYPE_FOR_ENV[env]) throw new ApiError('INVALID_API_KEY');
      const flow = findFlow(request.body.flowId);
      if (!flow) {
        throw new ApiError('INVALID_FLOW', {
          message: invalidFlowMessage(request.body.flowId, `${config.portalUrl}${FLOWS_PAGE_PATH}`),
        });
      }
      const sessionId = crypto.randomUUID();
      const origin = request.headers.origin;
      const {questions} = request.body;
      const sessionToken = tokens.sign({
        keyId: request.apiKeyId!,
        flowId: flow.id,
        flowVersion: flow.version,
        env,
        origin: typeof origin === 'string' ? origin : null,
        sessionId,
        expiresAt: Math.floor(config.now().getTime() / 1000) + TOKEN_TTL_SECONDS,
        ...(questions && {questionsDigest: questionsDigest(questions)}),
      });
      // A string skips Fastify's serialiser; server/test/security/fuzz.test.ts checks the answer against its schema.
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(sessionJson(flow, env, sessionId, sessionToken));
    },
  );
}
