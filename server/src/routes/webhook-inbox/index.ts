// /api/webhook-inbox: the test inbox. The portal creates it (owners and admins) and reads it (every member);
// /api/webhook-inbox/{id} receives deliveries, from our own worker or any sender that knows the id.
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import type {Config} from '../../config.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  WebhookInboxContents,
  WebhookInboxParams,
  WebhookInboxReceipt,
  WebhookInboxResponse,
} from '@intakekit/contract/schemas/webhook-inbox';
import {
  createInbox,
  readInbox,
  receive,
  webhookInboxBox,
  type WebhookInboxContext,
} from '../../services/webhook-inbox.js';
import {currentUser} from '../current-user.js';
import {teamRouteGroup} from '../route-helpers.js';

/** A full payload (a QuestionnaireResponse with its answers) fits; the app's 64 kB default might not. */
const INBOX_BODY_LIMIT = 256 * 1024;

export async function webhookInboxRoutes(
  app: FastifyInstance,
  {config, secretKey}: {config: Config; secretKey: string},
) {
  const ctx: WebhookInboxContext = {db: app.db, box: webhookInboxBox(secretKey), now: () => config.now()};
  const {routes, teamRoute} = teamRouteGroup(app, 'webhooks');

  routes.get(
    '/api/webhook-inbox',
    teamRoute({
      summary: "The test inbox of the user's team (or of the user without a team) and what it received",
      description:
        'What the inbox received in the last 24 hours (at most 50 messages), newest first, bodies as received. Every member may read it; null before an owner or admin creates it.',
      response: {200: WebhookInboxContents, ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM')},
    }),
    async (request) => readInbox(ctx, currentUser(request)),
  );

  routes.post(
    '/api/webhook-inbox',
    teamRoute({
      summary: 'Create the test inbox, or answer the one that exists',
      description:
        'One inbox per team (or user without a team). Add API_URL followed by its path as an endpoint: deliveries to it are signed and retried like any other. In a team, only owners and admins may create it (403 FORBIDDEN for members).',
      response: {
        200: WebhookInboxResponse,
        ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'FORBIDDEN'),
      },
    }),
    async (request) => ({inbox: await createInbox(ctx, currentUser(request))}),
  );

  // The receiving route takes any content type as text: the signature is over the bytes as sent.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', {parseAs: 'string', bodyLimit: INBOX_BODY_LIMIT}, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/webhook-inbox/:inboxId',
      {
        bodyLimit: INBOX_BODY_LIMIT,
        schema: {
          tags: ['webhooks'],
          summary: 'Receive a delivery into a test inbox',
          description: 'Records the request (headers and body) for 24 hours. An unknown inbox answers 404 NOT_FOUND.',
          params: WebhookInboxParams,
          response: {200: WebhookInboxReceipt, ...errorResponses('NOT_FOUND', 'PAYLOAD_TOO_LARGE')},
        },
      },
      async (request) => {
        const body = typeof request.body === 'string' ? request.body : '';
        await receive(ctx, request.params.inboxId, request.headers, body);
        return {received: true as const};
      },
    );
  });
}
