// /api/team/production-access: where the team stands on production keys, and the owner's request for them.
import type {FastifyInstance} from 'fastify';
import type {Config} from '../../config.js';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {VERIFY_EMAIL_FOR_PRODUCTION_ACCESS} from '@intakekit/contract/errors';
import {ProductionAccessBody, ProductionAccessResponse} from '@intakekit/contract/schemas/production-access';
import {
  requestProductionAccess,
  showProductionAccess,
  type ProductionAccessContext,
} from '../../services/production-access.js';
import {currentUser} from '../current-user.js';
import {teamRouteGroup} from '../route-helpers.js';

export async function productionAccessRoutes(
  app: FastifyInstance,
  {context, config}: {context: ProductionAccessContext; config: Config},
) {
  const {routes, teamRoute} = teamRouteGroup(app, 'team');

  routes.get(
    '/api/team/production-access',
    teamRoute({
      summary: 'Whether the team can create production keys, and its latest request (every member sees it)',
      response: {
        200: ProductionAccessResponse,
        ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'NOT_FOUND'),
      },
    }),
    async (request) => showProductionAccess(app.db, currentUser(request)),
  );

  routes.post(
    '/api/team/production-access',
    teamRoute(
      {
        summary:
          "Ask for production access (the team's owner): what the clinic plans and the expected volume go to the operator, who answers by email",
        body: ProductionAccessBody,
        response: {
          201: ProductionAccessResponse,
          ...errorResponses(
            'MISSING_FIELDS',
            'PRODUCTION_PLANS_TOO_SHORT',
            'PRODUCTION_VOLUME_REQUIRED',
            'UNAUTHORIZED',
            'TWO_FACTOR_REQUIRED_BY_TEAM',
            'FORBIDDEN',
            {code: 'EMAIL_NOT_VERIFIED', message: VERIFY_EMAIL_FOR_PRODUCTION_ACCESS},
            'NOT_FOUND',
            'PRODUCTION_ACCESS_PENDING',
            'PRODUCTION_ALREADY_READY',
            'RATE_LIMIT_EXCEEDED',
          ),
        },
      },
      {
        config: {
          // Each request emails a person: counted like the sign-in routes.
          rateLimit: authRateLimit(config),
          validationCodes: {
            missing: {monthlyIntakes: 'PRODUCTION_VOLUME_REQUIRED'},
            invalid: {plans: 'PRODUCTION_PLANS_TOO_SHORT', monthlyIntakes: 'PRODUCTION_VOLUME_REQUIRED'},
          },
        },
      },
    ),
    async (request, reply) => {
      const access = await requestProductionAccess(context, currentUser(request), request.body);
      const team = currentUser(request).team!;
      await app.recordActivity(request, 'production-access.requested', {
        target: {type: 'team', id: team.id, label: team.name},
      });
      return reply.code(201).send(access);
    },
  );
}
