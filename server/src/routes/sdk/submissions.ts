// POST /api/sdk/submissions: the widget's last step. The same key checks as the session call (app.requireApiKey,
// the address and per-key limits, the key's request log), then the session token and the answers
// (services/sdk-submissions.ts). Called from customer pages on any origin (see plugins/security.ts).
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import type {Config} from '../../config.js';
import {sessionTokens} from '../../lib/session-token.js';
import {submitSdkAnswers} from '../../services/sdk-submissions.js';
import {submissionsBox, submitWriteCounts} from '../../services/submissions.js';
import {ANSWER_TEXT_MAX_LENGTH} from '@intakekit/contract/answers';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  SESSION_TOKEN_TTL_HOURS,
  SUBMISSION_BODY_MAX_BYTES,
  SubmissionBody,
  SubmissionResponse,
} from '@intakekit/contract/schemas/sdk';
import {sdkKeyGuard} from './key-guard.js';

export async function sdkSubmissionRoutes(
  app: FastifyInstance,
  {config, secretKey}: {config: Config; secretKey: string},
) {
  const ctx = {
    db: app.db,
    box: submissionsBox(secretKey),
    config,
    tokens: sessionTokens(secretKey),
    flows: app.flowStates,
  };
  const writes = submitWriteCounts(app.db);
  app.metrics.addCounter(
    'intakekit_submission_statements_total',
    "Statements that stored the SDK's submits: submits that arrive together share one (and one commit).",
    () => writes.statements,
  );
  app.metrics.addCounter(
    'intakekit_submission_writes_total',
    'SDK submits written (a repeat of a stored session included: it stores nothing).',
    () => writes.submissions,
  );
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/sdk/submissions',
    {
      // An intake of long texts is larger than the API's other bodies; past this it is refused before parsing.
      bodyLimit: SUBMISSION_BODY_MAX_BYTES,
      ...sdkKeyGuard(app, config, {perKey: app.limitSubmitsPerApiKey, startsSession: false}),
      schema: {
        tags: ['sdk'],
        summary: "Submit a session's answers",
        description:
          `With the key the session was started with, from the same origin, within ${SESSION_TOKEN_TTL_HOURS} hours of the session: otherwise INVALID_SESSION. ` +
          `The answers are checked against the flow the session served (every required question answered, option values from the question's options, dates as YYYY-MM-DD, text of at most ${ANSWER_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters, no unknown question id); INVALID_ANSWERS names each refused question id and rule, and nothing is stored. ` +
          "For a team flow, each shown question's FHIR answers keyed by linkId are checked against the Questionnaire the session served (the value[x] of the item's type, a choice's options, several only where it repeats, maxLength, every required question shown answered, no unknown linkId and none of a group or display text); answers to questions hidden by their conditions are dropped, and the QuestionnaireResponse nests as the Questionnaire does. " +
          'When the session was started with the page’s own questions, the same questions are sent with the answers and stored with them. ' +
          'A session is stored once: 201 the first time, 200 with the same submissionId on every repeat (a retry after a lost answer), nothing new stored. ' +
          `A body over ${SUBMISSION_BODY_MAX_BYTES / 1024} kB is refused with PAYLOAD_TOO_LARGE. Past the key's submits a minute (its sessions a minute, counted apart): 429 with Retry-After. The answers are stored encrypted and never logged.`,
        security: [{apiKey: []}],
        body: SubmissionBody,
        response: {
          201: SubmissionResponse,
          200: SubmissionResponse,
          ...errorResponses(
            'INVALID_API_KEY',
            'ORIGIN_NOT_ALLOWED',
            'INVALID_SESSION',
            'INVALID_ANSWERS',
            'MISSING_FIELDS',
            'PAYLOAD_TOO_LARGE',
            'RATE_LIMIT_EXCEEDED',
          ),
        },
      },
    },
    async (request, reply) => {
      const origin = request.headers.origin;
      const {id, created, receivedAt, announced} = await submitSdkAnswers(ctx, {
        keyId: request.apiKeyId!,
        keyType: request.apiKeyType!,
        origin: typeof origin === 'string' ? origin : null,
        sessionToken: request.body.sessionToken,
        answers: request.body.answers,
        ...(request.body.questions && {questions: request.body.questions}),
        owner: request.apiKeyOwner!,
      });
      // Committed: the delivery goes now, not at the next poll.
      if (announced) app.webhooks.wake();
      return reply.code(created ? 201 : 200).send({submissionId: id, receivedAt: receivedAt.toISOString()});
    },
  );
}
