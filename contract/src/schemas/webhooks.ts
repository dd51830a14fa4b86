// Shapes of /api/webhooks/*: the endpoints a team's events are pushed to, their signing secrets and delivery log.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {
  WEBHOOK_ATTEMPT_ERROR_KINDS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAYLOAD_STYLES,
  WEBHOOK_URL_MAX_LENGTH,
} from '../webhooks.js';
import {NAME_PATTERN, Timestamp, Uuid, literalUnion} from './common.js';
import {KeyTypeSchema} from './keys.js';

const EXAMPLE_ENDPOINT = {
  id: '0b8e4c1a-6f52-4f0e-9d7b-3c2a1e5f9a10',
  environment: 'production',
  url: 'https://ehr.example-clinic.com/intakekit/webhooks',
  description: 'EHR bridge',
  eventTypes: ['submission.created', 'submission.deleted'],
  payloadStyle: 'thin',
  enabled: true,
  failuresInARow: 0,
  failingSince: null,
  disabledAt: null,
  createdAt: '2026-11-26T14:32:05.000Z',
  updatedAt: '2026-11-26T14:32:05.000Z',
} as const;
const EXAMPLE_EVENT_ID = 'msg_2V9nQ4kT7xLmP3sR8dW1cB6yF0g';

export const WebhookEventTypeSchema = literalUnion(WEBHOOK_EVENT_TYPES);
export const WebhookPayloadStyleSchema = literalUnion(WEBHOOK_PAYLOAD_STYLES, {
  description: 'full: the QuestionnaireResponse in the body; thin: ids only, to fetch with a server key.',
});
export const WebhookDeliveryStatusSchema = literalUnion(WEBHOOK_DELIVERY_STATUSES);
const AttemptErrorSchema = literalUnion(WEBHOOK_ATTEMPT_ERROR_KINDS);

const Url = Type.String({
  maxLength: WEBHOOK_URL_MAX_LENGTH,
  // The shape only; the API parses it and checks its scheme and address (WEBHOOK_URL_INVALID otherwise).
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://\\S+$',
  description: 'http:// or https:// (https:// only in production); never a private, loopback or link-local address.',
});
const Description = Type.String({maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH, pattern: NAME_PATTERN});
const EventTypes = Type.Array(WebhookEventTypeSchema, {minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length});

export const WebhookEndpointBody = Type.Object({
  id: Uuid,
  environment: KeyTypeSchema,
  url: Type.String(),
  description: Type.String(),
  eventTypes: Type.Array(WebhookEventTypeSchema),
  payloadStyle: WebhookPayloadStyleSchema,
  enabled: Type.Boolean(),
  failuresInARow: Type.Integer({description: 'Attempts failed since the last 2xx.'}),
  failingSince: Type.Union([Timestamp, Type.Null()], {description: 'The first failed attempt since the last 2xx.'}),
  disabledAt: Type.Union([Timestamp, Type.Null()], {description: 'When the API disabled it after 5 days failing.'}),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type WebhookEndpoint = Static<typeof WebhookEndpointBody>;

export const WebhookEndpointListResponse = Type.Object(
  {endpoints: Type.Array(WebhookEndpointBody, {description: 'Oldest first.'})},
  {examples: [{endpoints: [EXAMPLE_ENDPOINT]}]},
);
export type WebhookEndpointListResponse = Static<typeof WebhookEndpointListResponse>;

export const WebhookEndpointResponse = Type.Object(
  {endpoint: WebhookEndpointBody},
  {examples: [{endpoint: EXAMPLE_ENDPOINT}]},
);
export type WebhookEndpointResponse = Static<typeof WebhookEndpointResponse>;

export const WebhookEndpointIdParams = Type.Object({id: {...Uuid, examples: [EXAMPLE_ENDPOINT.id]}});

export const NewWebhookEndpointBody = Type.Object(
  {
    environment: KeyTypeSchema,
    url: Url,
    description: Type.Optional(Description),
    eventTypes: EventTypes,
    payloadStyle: Type.Optional(WebhookPayloadStyleSchema),
  },
  {
    examples: [
      {
        environment: 'production',
        url: EXAMPLE_ENDPOINT.url,
        description: 'EHR bridge',
        eventTypes: ['submission.created'],
        payloadStyle: 'thin',
      },
    ],
  },
);
export type NewWebhookEndpointBody = Static<typeof NewWebhookEndpointBody>;

export const WebhookEndpointChanges = Type.Object(
  {
    url: Type.Optional(Url),
    description: Type.Optional(Description),
    eventTypes: Type.Optional(EventTypes),
    payloadStyle: Type.Optional(WebhookPayloadStyleSchema),
    enabled: Type.Optional(Type.Boolean({description: 'true also clears the failures in a row.'})),
  },
  {minProperties: 1, examples: [{enabled: false}, {eventTypes: ['submission.created', 'submission.deleted']}]},
);
export type WebhookEndpointChanges = Static<typeof WebhookEndpointChanges>;

export const WebhookSecretResponse = Type.Object(
  {
    secret: Type.String({description: 'whsec_ and the base64 key, for the standardwebhooks verifier.'}),
    previousSecretExpiresAt: Type.Union([Timestamp, Type.Null()], {
      description: 'While set, the rolled secret still signs beside this one.',
    }),
  },
  {examples: [{secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', previousSecretExpiresAt: null}]},
);
export type WebhookSecretResponse = Static<typeof WebhookSecretResponse>;

export const WebhookAttemptBody = Type.Object({
  at: Timestamp,
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  latencyMs: Type.Integer(),
  error: Type.Union([AttemptErrorSchema, Type.Null()]),
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  requestHeaders: Type.Record(Type.String(), Type.String(), {description: 'The signature header included.'}),
  responseBody: Type.String({description: "The response body's first 2 kB."}),
});
export type WebhookAttempt = Static<typeof WebhookAttemptBody>;

export const WebhookDeliveryBody = Type.Object({
  id: Uuid,
  eventId: Type.String({description: 'The webhook-id header, the same on every attempt: deduplicate by it.'}),
  eventType: WebhookEventTypeSchema,
  status: WebhookDeliveryStatusSchema,
  attemptCount: Type.Integer(),
  nextAttemptAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  requestBody: Type.Union([Type.String(), Type.Null()], {
    description: 'The body sent; null for production events to members (it may hold patient answers).',
  }),
  attempts: Type.Array(WebhookAttemptBody, {description: 'Oldest first.'}),
});
export type WebhookDelivery = Static<typeof WebhookDeliveryBody>;

const EXAMPLE_DELIVERY = {
  id: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  eventId: EXAMPLE_EVENT_ID,
  eventType: 'webhook.test',
  status: 'delivered',
  attemptCount: 1,
  nextAttemptAt: null,
  createdAt: '2026-11-26T14:40:00.000Z',
  requestBody:
    '{"type":"webhook.test","timestamp":"2026-11-26T14:40:00.000Z","data":{"endpointId":"0b8e4c1a-6f52-4f0e-9d7b-3c2a1e5f9a10"}}',
  attempts: [
    {
      at: '2026-11-26T14:40:00.120Z',
      responseStatus: 200,
      latencyMs: 84,
      error: null,
      errorMessage: null,
      requestHeaders: {'content-type': 'application/json', 'webhook-id': EXAMPLE_EVENT_ID},
      responseBody: 'ok',
    },
  ],
} as const;

export const WebhookDeliveryResponse = Type.Object(
  {delivery: WebhookDeliveryBody},
  {examples: [{delivery: EXAMPLE_DELIVERY}]},
);
export type WebhookDeliveryResponse = Static<typeof WebhookDeliveryResponse>;

export const WebhookDeliveryListResponse = Type.Object(
  {
    deliveries: Type.Array(WebhookDeliveryBody, {description: 'Newest first.'}),
    nextBefore: Type.Union([Timestamp, Type.Null()], {description: 'Pass as `before` for the next page.'}),
  },
  {examples: [{deliveries: [EXAMPLE_DELIVERY], nextBefore: null}]},
);
export type WebhookDeliveryListResponse = Static<typeof WebhookDeliveryListResponse>;

export const WebhookDeliveryListQuery = Type.Object({
  status: Type.Optional(WebhookDeliveryStatusSchema),
  before: Type.Optional(Timestamp),
});
export type WebhookDeliveryListQuery = Static<typeof WebhookDeliveryListQuery>;

export const WebhookDeliveryParams = Type.Object({
  id: {...Uuid, examples: [EXAMPLE_ENDPOINT.id]},
  deliveryId: {...Uuid, examples: [EXAMPLE_DELIVERY.id]},
});

export const WebhookRecoverBody = Type.Object({since: Timestamp}, {examples: [{since: '2026-11-26T00:00:00.000Z'}]});
export type WebhookRecoverBody = Static<typeof WebhookRecoverBody>;

export const WebhookRecoverResponse = Type.Object(
  {queued: Type.Integer({description: 'Failed deliveries sent again.'})},
  {examples: [{queued: 3}]},
);
export type WebhookRecoverResponse = Static<typeof WebhookRecoverResponse>;

export const WebhookTestResponse = Type.Object(
  {eventId: Type.String({description: 'The webhook-id the test event is sent with.'})},
  {examples: [{eventId: EXAMPLE_EVENT_ID}]},
);
export type WebhookTestResponse = Static<typeof WebhookTestResponse>;
