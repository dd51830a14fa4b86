// /api/submissions: the portal's Submissions page (services/portal-submissions.ts). Answers are health data: no
// handler here logs a body, and a production submission's answers are recorded in the activity log when read.
import type {FastifyInstance} from 'fastify';
import {Type} from 'typebox';
import type {Config} from '../../config.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  RetentionBody,
  RetentionResponse,
  SubmissionDetailResponse,
  SubmissionIdParams,
  SubmissionListQuery,
  SubmissionListResponse,
  type SubmissionSummary,
} from '@intakekit/contract/schemas/submissions-portal';
import {
  changeRetention,
  deleteForUser,
  listForUser,
  readForUser,
  retentionFor,
} from '../../services/portal-submissions.js';
import {submissionsBox, type SubmissionsContext} from '../../services/submissions.js';
import {currentUser} from '../current-user.js';
import {teamRouteGroup} from '../route-helpers.js';

/** A submission as the activity log names it: its flow and when it arrived (UTC), never an answer. */
function submissionTarget(summary: Pick<SubmissionSummary, 'id' | 'flowId' | 'createdAt'>) {
  const when = `${summary.createdAt.slice(0, 10)} ${summary.createdAt.slice(11, 16)} UTC`;
  return {type: 'submission' as const, id: summary.id, label: `${summary.flowId} of ${when}`};
}

export async function submissionRoutes(app: FastifyInstance, {config, secretKey}: {config: Config; secretKey: string}) {
  const ctx: SubmissionsContext = {db: app.db, box: submissionsBox(secretKey), config};
  const flows = {db: app.db, flows: app.flowStates};
  // The team's data like its keys: the team's two-factor requirement guards it the same way.
  const {routes, teamRoute} = teamRouteGroup(app, 'submissions');
  const signedIn = ['UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM'] as const;

  routes.get(
    '/api/submissions',
    teamRoute({
      summary: "The team's submissions (or the user's without a team), newest first, 50 a page, without answers",
      description:
        "Filter by flow (flowId) and environment; `cursor` is the previous page's nextCursor. Every member sees the list.",
      querystring: SubmissionListQuery,
      response: {200: SubmissionListResponse, ...errorResponses(...signedIn)},
    }),
    async (request) => listForUser(ctx, currentUser(request), request.query),
  );

  routes.get(
    '/api/submissions/retention',
    teamRoute({
      summary: 'How many days submissions are kept, per environment',
      response: {200: RetentionResponse, ...errorResponses(...signedIn)},
    }),
    async (request) => retentionFor(ctx, currentUser(request)),
  );

  routes.patch(
    '/api/submissions/retention',
    teamRoute(
      {
        summary: 'Set how many days one environment keeps its submissions (owners and admins), 1 to 90',
        description: 'Submissions older than the new period are deleted by the next housekeeping run.',
        body: RetentionBody,
        response: {200: RetentionResponse, ...errorResponses(...signedIn, 'FORBIDDEN', 'INVALID_RETENTION')},
      },
      {
        config: {validationCodes: {invalid: {days: 'INVALID_RETENTION'}}},
      },
    ),
    async (request) => changeRetention(ctx, currentUser(request), request.body.environment, request.body.days),
  );

  routes.get(
    '/api/submissions/:id',
    teamRoute({
      summary: 'One submission with its answers and its FHIR R4 QuestionnaireResponse',
      description:
        "A sandbox submission's answers are open to every member; a production one's only to owners and admins (FORBIDDEN for other members), and each such read is recorded in the activity log (submission.viewed).",
      params: SubmissionIdParams,
      response: {
        200: SubmissionDetailResponse,
        ...errorResponses(...signedIn, 'FORBIDDEN', 'SUBMISSION_NOT_FOUND'),
      },
    }),
    async (request) => {
      const detail = await readForUser(ctx, flows, currentUser(request), request.params.id);
      if (detail.submission.environment === 'production') {
        await app.recordActivity(request, 'submission.viewed', {target: submissionTarget(detail.submission)});
      }
      return detail;
    },
  );

  routes.delete(
    '/api/submissions/:id',
    teamRoute({
      summary: 'Delete a submission (owners and admins)',
      params: SubmissionIdParams,
      response: {
        204: Type.Null({description: 'Deleted'}),
        ...errorResponses(...signedIn, 'FORBIDDEN', 'SUBMISSION_NOT_FOUND'),
      },
    }),
    async (request, reply) => {
      const {summary, announced} = await deleteForUser(ctx, currentUser(request), request.params.id);
      if (announced) app.webhooks.wake();
      await app.recordActivity(request, 'submission.deleted', {target: submissionTarget(summary)});
      return reply.code(204).send(null);
    },
  );
}
