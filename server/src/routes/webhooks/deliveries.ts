// /api/webhooks/:id/deliveries: an endpoint's delivery log, 'Resend' one event, 'Recover failed since...'.
import type {FastifyInstance} from 'fastify';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  WebhookDeliveryListQuery,
  WebhookDeliveryListResponse,
  WebhookDeliveryParams,
  WebhookDeliveryResponse,
  WebhookEndpointIdParams,
  WebhookRecoverBody,
  WebhookRecoverResponse,
} from '@intakekit/contract/schemas/webhooks';
import {WEBHOOK_LOG_PAGE_SIZE} from '@intakekit/contract/webhooks';
import {endpointTarget} from '../../services/webhook-endpoints.js';
import {deliveryLog, recoverFailed, resendDelivery, type WebhookLogContext} from '../../services/webhook-log.js';
import {currentUser} from '../current-user.js';
import {teamRouteGroup} from '../route-helpers.js';

const VIEW_CODES = ['UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'WEBHOOK_ENDPOINT_NOT_FOUND'] as const;

export function webhookDeliveryRoutes(app: FastifyInstance, ctx: WebhookLogContext) {
  const {routes, teamRoute} = teamRouteGroup(app, 'webhooks');

  routes.get(
    '/api/webhooks/:id/deliveries',
    teamRoute({
      summary: "An endpoint's delivery log: each event with its attempts, newest first",
      description: `${WEBHOOK_LOG_PAGE_SIZE} a page, filtered by status; pass nextBefore as before for the next page. Every member may read it; the request body of a production event only owners and admins (it may hold patient answers): null for members.`,
      params: WebhookEndpointIdParams,
      querystring: WebhookDeliveryListQuery,
      response: {200: WebhookDeliveryListResponse, ...errorResponses(...VIEW_CODES)},
    }),
    async (request) => deliveryLog(ctx, currentUser(request), request.params.id, request.query),
  );

  routes.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    teamRoute({
      summary: 'Send one event to the endpoint again now, with the same webhook-id',
      description:
        'The retry schedule starts over; a delivery still pending is answered as it is. Owners and admins only.',
      params: WebhookDeliveryParams,
      response: {
        200: WebhookDeliveryResponse,
        ...errorResponses(...VIEW_CODES, 'FORBIDDEN', 'WEBHOOK_DELIVERY_NOT_FOUND'),
      },
    }),
    async (request) => {
      const {params} = request;
      const {endpoint, delivery} = await resendDelivery(ctx, currentUser(request), params.id, params.deliveryId);
      await app.recordActivity(request, 'webhook.resent', {target: endpointTarget(endpoint)});
      app.webhooks.wake();
      return {delivery};
    },
  );

  routes.post(
    '/api/webhooks/:id/recover',
    teamRoute({
      summary: 'Send every event that failed to reach the endpoint since a time again now',
      description: 'Each with its own webhook-id, as first sent; the schedule starts over. Owners and admins only.',
      params: WebhookEndpointIdParams,
      body: WebhookRecoverBody,
      response: {200: WebhookRecoverResponse, ...errorResponses(...VIEW_CODES, 'FORBIDDEN')},
    }),
    async (request) => {
      const {endpoint, queued} = await recoverFailed(ctx, currentUser(request), request.params.id, request.body.since);
      await app.recordActivity(request, 'webhook.recovered', {target: endpointTarget(endpoint)});
      app.webhooks.wake();
      return {queued};
    },
  );
}
