// /api/activity: the activity log, a page at a time, and its CSV export (services/activity.ts).
import type {FastifyInstance} from 'fastify';
import {Type} from 'typebox';
import {authOf} from '../../plugins/auth.js';
import {exportActivity, readActivity} from '../../services/activity.js';
import {ActivityListResponse, ActivityQuery} from '@intakekit/contract/schemas/activity';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {teamRouteGroup} from '../route-helpers.js';

export async function activityRoutes(app: FastifyInstance) {
  // The log holds the team's members' addresses, IPs and user agents: it is the team's data like its keys, so the
  // team's two-factor requirement guards it the same way.
  const {routes, teamRoute} = teamRouteGroup(app, 'activity');

  routes.get(
    '/api/activity',
    teamRoute({
      summary: 'The activity log, newest first, 50 events a page',
      description:
        "Owners and admins read their team's events (and their own); everyone else their own. Filter by action, person (actorId) and UTC days (from, to, both included); `before` is the previous page's nextCursor. Reading the first page is itself recorded (activity.viewed).",
      querystring: ActivityQuery,
      response: {
        200: ActivityListResponse,
        ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'INVALID_ACTIVITY_FILTER'),
      },
    }),
    async (request) => {
      const page = await readActivity(app.db, authOf(request).user, request.query);
      if (!request.query.before) await app.recordActivity(request, 'activity.viewed');
      return page;
    },
  );

  routes.get(
    '/api/activity/export',
    teamRoute({
      summary: 'The filtered activity log as CSV (at most 10,000 events, newest first)',
      description:
        'Every cell is quoted, and one that a spreadsheet would read as a formula (=, +, -, @ first) starts with an apostrophe. The export is itself recorded (activity.exported).',
      querystring: ActivityQuery,
      response: {
        200: {description: 'The CSV file', content: {'text/csv': {schema: Type.String()}}},
        ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'INVALID_ACTIVITY_FILTER'),
      },
    }),
    async (request, reply) => {
      const csv = await exportActivity(app.db, authOf(request).user, request.query);
      await app.recordActivity(request, 'activity.exported');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="intakekit-activity.csv"')
        .send(csv);
    },
  );
}
