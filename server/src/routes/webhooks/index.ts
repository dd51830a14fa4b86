// /api/webhooks: the endpoints a team's events are pushed to, their signing secrets and 'Send test event'.
import type {FastifyInstance} from 'fastify';
import type {Config} from '../../config.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  NewWebhookEndpointBody,
  WebhookEndpointChanges,
  WebhookEndpointIdParams,
  WebhookEndpointListResponse,
  WebhookEndpointResponse,
  WebhookSecretResponse,
  WebhookTestResponse,
} from '@intakekit/contract/schemas/webhooks';
import {
  createEndpoint,
  deleteEndpoint,
  endpointTarget,
  listEndpoints,
  revealSecret,
  rollSecret,
  updateEndpoint,
  webhookSecretsBox,
  type WebhookEndpointsContext,
} from '../../services/webhook-endpoints.js';
import {sendTestEvent, webhookEventsBox} from '../../services/webhook-events.js';
import {currentUser} from '../current-user.js';
import type {ValidationCodes} from '../../plugins/errors.js';
import {submissionsBox} from '../../services/submissions.js';
import {webhookDeliveryRoutes} from './deliveries.js';
import {teamRouteGroup} from '../route-helpers.js';

const URL_CODES = [
  'WEBHOOK_URL_INVALID',
  'WEBHOOK_HTTPS_REQUIRED',
  'WEBHOOK_URL_CREDENTIALS',
  'WEBHOOK_URL_PRIVATE_NETWORK',
] as const;
const MUTATION_CODES = [
  'UNAUTHORIZED',
  'TWO_FACTOR_REQUIRED_BY_TEAM',
  'FORBIDDEN',
  'WEBHOOK_ENDPOINT_NOT_FOUND',
] as const;
// A URL of the wrong shape answers WEBHOOK_URL_INVALID, as one the API's own check refuses.
const URL_SHAPE: ValidationCodes = {invalid: {url: 'WEBHOOK_URL_INVALID'}};
const ROLES =
  'In a team, only owners and admins may change endpoints or see their secrets (403 FORBIDDEN for members): a full payload holds patient answers, and the secret signs deliveries.';

export async function webhookRoutes(app: FastifyInstance, {config, secretKey}: {config: Config; secretKey: string}) {
  const ctx: WebhookEndpointsContext = {
    db: app.db,
    secrets: webhookSecretsBox(secretKey),
    config,
    allowPrivateNetworks: config.webhookAllowPrivateNetworks,
    ownInboxOrigin: config.apiUrl,
  };
  const events = webhookEventsBox(secretKey);
  webhookDeliveryRoutes(app, {...ctx, boxes: {events, submissions: submissionsBox(secretKey)}});
  const {routes, teamRoute} = teamRouteGroup(app, 'webhooks');

  routes.get(
    '/api/webhooks',
    teamRoute({
      summary: "The webhook endpoints of the user's team (or of the user without a team)",
      description: 'Every member may list them; the signing secrets are not in the list.',
      response: {200: WebhookEndpointListResponse, ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM')},
    }),
    async (request) => ({endpoints: await listEndpoints(ctx, currentUser(request))}),
  );

  routes.post(
    '/api/webhooks',
    teamRoute(
      {
        summary: 'Add an endpoint for one environment',
        description: `Events of the chosen types are signed (Standard Webhooks) and pushed to the URL. Production endpoints need https://; a URL naming a private, loopback or link-local address is refused. ${ROLES}`,
        body: NewWebhookEndpointBody,
        response: {
          201: WebhookEndpointResponse,
          ...errorResponses(
            'UNAUTHORIZED',
            'TWO_FACTOR_REQUIRED_BY_TEAM',
            'FORBIDDEN',
            'WEBHOOK_ENDPOINT_LIMIT_REACHED',
            ...URL_CODES,
          ),
        },
      },
      {config: {validationCodes: URL_SHAPE}},
    ),
    async (request, reply) => {
      const endpoint = await createEndpoint(ctx, currentUser(request), request.body);
      await app.recordActivity(request, 'webhook.created', {target: endpointTarget(endpoint)});
      return reply.code(201).send({endpoint});
    },
  );

  routes.patch(
    '/api/webhooks/:id',
    teamRoute(
      {
        summary: "Change an endpoint's URL, description, event types, payload style, or enable or disable it",
        description: `Enabling clears its failures in a row. ${ROLES}`,
        params: WebhookEndpointIdParams,
        body: WebhookEndpointChanges,
        response: {200: WebhookEndpointResponse, ...errorResponses(...MUTATION_CODES, ...URL_CODES)},
      },
      {config: {validationCodes: URL_SHAPE}},
    ),
    async (request) => {
      const endpoint = await updateEndpoint(ctx, currentUser(request), request.params.id, request.body);
      await app.recordActivity(request, 'webhook.updated', {target: endpointTarget(endpoint)});
      return {endpoint};
    },
  );

  routes.delete(
    '/api/webhooks/:id',
    teamRoute({
      summary: 'Delete an endpoint, its pending deliveries and its log',
      description: ROLES,
      params: WebhookEndpointIdParams,
      response: {200: WebhookEndpointResponse, ...errorResponses(...MUTATION_CODES)},
    }),
    async (request) => {
      const endpoint = await deleteEndpoint(ctx, currentUser(request), request.params.id);
      await app.recordActivity(request, 'webhook.deleted', {target: endpointTarget(endpoint)});
      return {endpoint};
    },
  );

  // Showing and rolling both answer the endpoint's secret, and the log records which was done.
  const secretRoutes = [
    {
      path: '/api/webhooks/:id/secret',
      summary: "Show an endpoint's signing secret (recorded in the activity log)",
      description: ROLES,
      action: 'webhook.secret-revealed',
      run: revealSecret,
    },
    {
      path: '/api/webhooks/:id/secret/roll',
      summary: 'Replace the signing secret; the old one keeps signing beside it for 24 hours',
      description: `While both sign, webhook-signature carries two signatures, so receivers can switch without losing a delivery. ${ROLES}`,
      action: 'webhook.secret-rolled',
      run: rollSecret,
    },
  ] as const;
  for (const {path, summary, description, action, run} of secretRoutes) {
    routes.post(
      path,
      teamRoute({
        summary,
        description,
        params: WebhookEndpointIdParams,
        response: {200: WebhookSecretResponse, ...errorResponses(...MUTATION_CODES)},
      }),
      async (request) => {
        const {endpoint, secret} = await run(ctx, currentUser(request), request.params.id);
        await app.recordActivity(request, action, {target: endpointTarget(endpoint)});
        return secret;
      },
    );
  }

  routes.post(
    '/api/webhooks/:id/test',
    teamRoute({
      summary: 'Send a webhook.test event to this endpoint',
      description: `Delivered and retried like any event, whether or not the endpoint subscribes to webhook.test or is enabled. ${ROLES}`,
      params: WebhookEndpointIdParams,
      response: {202: WebhookTestResponse, ...errorResponses(...MUTATION_CODES)},
    }),
    async (request, reply) => {
      const {endpoint, eventId} = await sendTestEvent(ctx, events, currentUser(request), request.params.id);
      await app.recordActivity(request, 'webhook.test-sent', {target: endpointTarget(endpoint)});
      app.webhooks.wake();
      return reply.code(202).send({eventId});
    },
  );
}
