// /api/v1/submissions: a clinic's backend reads and deletes its submissions with a server key (Authorization:
// Bearer ik_server_...). A key reaches only its owner's submissions of its own environment; anything else is
// SUBMISSION_NOT_FOUND, never FORBIDDEN, so a key learns nothing of what it may not read. Answers are health data:
// nothing here logs a body, and the answer is serialised only through its schema.
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import type {Config} from '../../config.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  FHIR_JSON,
  QUESTIONNAIRE_RESPONSE_EXAMPLE,
  QuestionnaireResponse,
  SUBMISSION_EXAMPLE,
  SubmissionsApiIdParams,
  SubmissionsApiListResponse,
  SubmissionsApiQuery,
  SubmissionsApiResponse,
} from '@intakekit/contract/schemas/submissions';
import {SUBMISSIONS_PAGE_SIZE} from '@intakekit/contract/submissions';
import {ApiError} from '../../errors.js';
import {exceeded} from '../../plugins/rate-limit.js';
import {toSummary} from '../../services/portal-submissions.js';
import {checkServerKey, checkServerKeyWithNewestPage, type ServerKeyGrant} from '../../services/server-keys.js';
import {bearerToken} from '../../services/sessions.js';
import {
  decodeCursor,
  deleteSubmission,
  listSubmissions,
  readSubmission,
  submissionsBox,
  type SubmissionsContext,
} from '../../services/submissions.js';

const KEY_REFUSALS = ['INVALID_API_KEY', 'RATE_LIMIT_EXCEEDED'] as const;

/** The quality (0 to 1) the Accept header gives a media type it names; 0 when unnamed (wildcards name none). */
function quality(accept: string, type: string): number {
  for (const part of accept.toLowerCase().split(',')) {
    const [range, ...params] = part.split(';').map((s) => s.trim());
    if (range !== type) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    return Number.isFinite(value) ? value : 0;
  }
  return 0;
}

// The query schema's own pattern for limit (a string schema at run time; its static type does not name the key).
const LIMIT_PATTERN = new RegExp((SubmissionsApiQuery.properties.limit as unknown as {pattern: string}).pattern);

/** The page size of a query for the newest page and nothing else (no filter, no cursor), or undefined. */
function newestPageOnly(query: unknown): number | undefined {
  const entries = Object.entries(query as Record<string, unknown>);
  if (entries.length === 0) return SUBMISSIONS_PAGE_SIZE;
  const [name, value] = entries[0]!;
  const only = entries.length === 1 && name === 'limit' && typeof value === 'string' && LIMIT_PATTERN.test(value);
  return only ? Number(value) : undefined;
}

/** FHIR JSON when the client names it and ranks it no lower than plain JSON; plain JSON otherwise, for a wildcard too. */
function prefersFhir(accept: string | undefined): boolean {
  if (!accept) return false;
  const fhir = quality(accept, FHIR_JSON);
  return fhir > 0 && fhir >= quality(accept, 'application/json');
}

export async function submissionsApiRoutes(
  app: FastifyInstance,
  {config, secretKey}: {config: Config; secretKey: string},
) {
  const ctx: SubmissionsContext = {db: app.db, box: submissionsBox(secretKey), config};
  const grants = new WeakMap<FastifyRequest, ServerKeyGrant>();
  const perKey = app.createRateLimit({
    max: config.serverKeyRateLimit,
    timeWindow: 60_000,
    keyGenerator: (request) => `server-key:${grants.get(request)?.id ?? ''}`,
  });
  const limitPerKey = async (request: FastifyRequest, grant: ServerKeyGrant) => {
    grants.set(request, grant);
    const state = await perKey(request);
    if (!state.isAllowed && state.isExceeded) throw exceeded(state.ttl);
  };
  // Before the query is validated: a caller without a working server key learns nothing about the rest.
  const requireServerKey = async (request: FastifyRequest) =>
    limitPerKey(request, await checkServerKey(app.db, bearerToken(request.headers.authorization)));
  // The newest page, what a backend polls for, is read with the key in one statement, as JSON text to send.
  const newestPages = new WeakMap<FastifyRequest, string>();
  const requireServerKeyForList = async (request: FastifyRequest) => {
    const limit = newestPageOnly(request.query);
    if (limit === undefined) return requireServerKey(request);
    const found = await checkServerKeyWithNewestPage(app.db, bearerToken(request.headers.authorization), limit);
    newestPages.set(request, found.pageJson);
    await limitPerKey(request, found.grant);
  };
  const grantOf = (request: FastifyRequest) => grants.get(request)!;
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const common = {preValidation: requireServerKey};
  const security = [{serverKey: []}];
  const limits = `Past SERVER_KEY_RATE_LIMIT requests a minute per key (600 by default): 429 with Retry-After.`;

  routes.get(
    '/api/v1/submissions',
    {
      preValidation: requireServerKeyForList,
      schema: {
        tags: ['submissions-api'],
        summary: "The key's environment's submissions, newest first, without answers",
        description: `Filters: flowId, environment (a key sees only its own environment: another one answers an empty page), since (a time). \`limit\` is 1 to 100 (default ${SUBMISSIONS_PAGE_SIZE}); \`cursor\` is the previous page's nextCursor (an unreadable one: 400 MISSING_FIELDS). ${limits}`,
        security,
        querystring: SubmissionsApiQuery,
        response: {200: SubmissionsApiListResponse, ...errorResponses(...KEY_REFUSALS, 'MISSING_FIELDS')},
      },
    },
    async (request, reply) => {
      const newest = newestPages.get(request);
      // Written by the database in the schema's shape; a string is sent as it is (plain FastifyReply takes one).
      if (newest !== undefined) return (reply as FastifyReply).type('application/json; charset=utf-8').send(newest);
      const grant = grantOf(request);
      const {flowId, environment, since, cursor, limit} = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      if (after === null) throw new ApiError('MISSING_FIELDS');
      if (environment !== undefined && environment !== grant.keyType) return {submissions: [], nextCursor: null};
      const filter = {
        keyType: grant.keyType,
        ...(flowId !== undefined && {flowId}),
        ...(since !== undefined && {since: new Date(since)}),
        ...(after !== undefined && {after}),
      };
      const page = await listSubmissions(ctx, grant.owner, filter, limit ? Number(limit) : SUBMISSIONS_PAGE_SIZE);
      return {submissions: page.items.map(toSummary), nextCursor: page.nextCursor};
    },
  );

  routes.get(
    '/api/v1/submissions/:id',
    {
      ...common,
      schema: {
        tags: ['submissions-api'],
        summary: 'One submission with its FHIR R4 QuestionnaireResponse',
        description: `JSON by default: the submission's metadata and its questionnaireResponse. With \`Accept: ${FHIR_JSON}\`: the bare QuestionnaireResponse, as ${FHIR_JSON}. Another owner's, another environment's or a deleted submission: 404 SUBMISSION_NOT_FOUND. ${limits}`,
        security,
        params: SubmissionsApiIdParams,
        response: {
          200: {
            content: {
              'application/json': {schema: SubmissionsApiResponse, example: SUBMISSION_EXAMPLE},
              [FHIR_JSON]: {schema: QuestionnaireResponse, example: QUESTIONNAIRE_RESPONSE_EXAMPLE},
            },
          },
          ...errorResponses(...KEY_REFUSALS, 'SUBMISSION_NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      const grant = grantOf(request);
      // Another environment's submission is as unknown to this key as another owner's.
      const stored = await readSubmission(ctx, grant.owner, request.params.id, grant.keyType);
      if (!stored) throw new ApiError('SUBMISSION_NOT_FOUND');
      // Stored by this API from the contract's answers: the schema's shape.
      const questionnaireResponse =
        stored.questionnaireResponse as SubmissionsApiResponse['submission']['questionnaireResponse'];
      if (prefersFhir(request.headers.accept)) return reply.type(FHIR_JSON).send(questionnaireResponse);
      return reply.type('application/json').send({submission: {...toSummary(stored.meta), questionnaireResponse}});
    },
  );

  routes.delete(
    '/api/v1/submissions/:id',
    {
      ...common,
      schema: {
        tags: ['submissions-api'],
        summary: 'Delete a submission the clinic has stored',
        description: `204 with no body. Another owner's, another environment's or an already deleted submission: 404 SUBMISSION_NOT_FOUND. ${limits}`,
        security,
        params: SubmissionsApiIdParams,
        response: {
          204: {type: 'null', description: 'Deleted.'},
          ...errorResponses(...KEY_REFUSALS, 'SUBMISSION_NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      const grant = grantOf(request);
      const deleted = await deleteSubmission(ctx, grant.owner, request.params.id, grant.keyType);
      if (!deleted) throw new ApiError('SUBMISSION_NOT_FOUND');
      if (deleted.announced) app.webhooks.wake();
      return reply.code(204).send(null);
    },
  );
}
