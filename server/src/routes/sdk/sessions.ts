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
import {errorResponses} from '@intakekit/contract/schemas/common';
import {SESSION_TOKEN_TTL_HOURS, SessionBody, SessionResponse} from '@intakekit/contract/schemas/sdk';
import {FLOWS_PAGE_PATH, KEY_TYPE_FOR_ENV, type Environment} from '@intakekit/contract/flows';
import {FLOWS, findFlow, type Flow} from '@intakekit/contract/flow-catalogue';
import {PREVIEW_NEEDS_SANDBOX_KEY, invalidFlowMessage, type FlowRefusal} from '@intakekit/contract/flow-refusals';
import type {KeyOwner} from '../../repositories/api-keys-repository.js';
import {resolveTeamFlow, teamFlowIds} from '../../services/flow-cache.js';
import {sdkKeyGuard} from './key-guard.js';

/**
 * Each built-in flow's part of the answer (its questions as JSON), built once: serialising them was the largest part
 * of this route's own work, and they never change while the process runs. Only the fields of the answer's schema, in
 * its order. A team flow's view is serialised once per version, in memory with it (services/flow-cache.ts).
 */
const builtInContent = new Map<Flow, string>(
  FLOWS.map((flow) => [
    flow,
    `"questions":${JSON.stringify(
      flow.questions.map(({id, question, type, required, options}) =>
        options
          ? {id, question, type, required, options: options.map(({label, value}) => ({label, value}))}
          : {id, question, type, required},
      ) satisfies SessionResponse['questions'],
    )}`,
  ]),
);

const TOKEN_TTL_SECONDS = SESSION_TOKEN_TTL_HOURS * 3600;

/** What a session serves: the flow's version and its part of the answer (questions, or questions and questionnaire). */
interface Served {
  flowVersion: string;
  content: string;
  /** A team flow's row, whose sessions are counted (not a preview's). */
  countedFlow?: string;
}

/** The session's answer (SessionResponse) around the flow's prepared part; the token is base64url and dots. */
function sessionJson(flowId: string, served: Served, env: Environment, sessionId: string, token: string): string {
  return `{"sessionId":"${sessionId}","sessionToken":"${token}","flowId":${JSON.stringify(flowId)},"flowVersion":${JSON.stringify(served.flowVersion)},"env":"${env}",${served.content}}`;
}

export async function sdkSessionRoutes(app: FastifyInstance, {config, secretKey}: {config: Config; secretKey: string}) {
  const tokens: SessionTokens = sessionTokens(secretKey);
  const lookup = {db: app.db, flows: app.flowStates};
  const flowsPage = `${config.portalUrl}${FLOWS_PAGE_PATH}`;
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/sdk/sessions',
    {
      // SDK_KEY_RATE_LIMIT per key: one page embedding a key cannot use up the service for others.
      ...sdkKeyGuard(app, config, {perKey: app.limitPerApiKey, startsSession: true}),
      schema: {
        tags: ['sdk'],
        summary: 'Start an intake session with an API key and receive the flow',
        description:
          "The key must be active (or rotated and inside its grace period) and not expired, and the request's Origin must be one of the key's allowed origins (a sandbox key with none allows any origin; a production key with none allows no origin). Past the key's sessions a minute: 429 with Retry-After. Every request that presents a known key is listed in that key's request log. " +
          "flowId is the id of one of the key's team's published flows (served at its latest version, or at flowVersion, as questionnaire: the widget's view of its FHIR Questionnaire, with questions empty) " +
          `or of a built-in flow (${FLOWS.map((flow) => flow.id).join(', ')}; the SDK guide's Flows page shows each). An archived flow, one never published, a version it does not have and any other id are refused with INVALID_FLOW, whose message says why and names the ids that serve sessions. ` +
          'preview: true serves the team flow\'s saved draft (flowVersion "draft"), with a sandbox key only (else INVALID_API_KEY). ' +
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
      const {flowId, flowVersion, preview, questions} = request.body;
      if (preview && request.apiKeyType !== 'sandbox') {
        throw new ApiError('INVALID_API_KEY', {message: PREVIEW_NEEDS_SANDBOX_KEY});
      }
      const served = await servedFlow(request.apiKeyOwner!, flowId, preview ? 'draft' : flowVersion);
      const sessionId = crypto.randomUUID();
      const origin = request.headers.origin;
      const sessionToken = tokens.sign({
        keyId: request.apiKeyId!,
        flowId,
        flowVersion: served.flowVersion,
        env,
        origin: typeof origin === 'string' ? origin : null,
        sessionId,
        expiresAt: Math.floor(config.now().getTime() / 1000) + TOKEN_TTL_SECONDS,
        ...(questions && {questionsDigest: questionsDigest(questions)}),
      });
      if (served.countedFlow) app.flowSessions.record(served.countedFlow, config.now());
      // A string skips Fastify's serialiser; server/test/security/fuzz.test.ts checks the answer against its schema.
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(sessionJson(flowId, served, env, sessionId, sessionToken));
    },
  );

  /**
   * The flow a session serves: a built-in one (their ids are never a team flow's, so they need no read), else the
   * key owner's team flow at its latest version, the pinned one, or its draft for a preview. INVALID_FLOW otherwise.
   */
  async function servedFlow(owner: KeyOwner, flowId: string, pinned: number | 'draft' | undefined): Promise<Served> {
    const builtIn = pinned === 'draft' ? undefined : findFlow(flowId);
    const refuse = async (refusal?: FlowRefusal) => {
      const teamFlows = await teamFlowIds(app.db, owner);
      return new ApiError('INVALID_FLOW', {message: invalidFlowMessage(flowId, flowsPage, teamFlows, refusal)});
    };
    if (builtIn) {
      if (typeof pinned === 'number' && String(pinned) !== builtIn.version) {
        throw await refuse({kind: 'noVersion', version: pinned, latest: Number(builtIn.version)});
      }
      return {flowVersion: builtIn.version, content: builtInContent.get(builtIn)!};
    }
    const team = await resolveTeamFlow(lookup, owner, flowId, pinned);
    if (team.kind === 'none') throw await refuse();
    if (team.kind === 'refused') throw await refuse(team.refusal);
    const {served} = team;
    return {
      flowVersion: served.version,
      content: `"questions":[],"questionnaire":${served.viewJson}`,
      ...(pinned !== 'draft' && {countedFlow: served.flowRowId}),
    };
  }
}
