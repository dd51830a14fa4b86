// The bodies webhooks deliver, {type, timestamp, data}, one schema per event type (submission.created in each
// payload style), and the signature headers sent with each: the OpenAPI document's `webhooks` section is built from
// them, and the guide's receivers are tested against deliveries checked with them.
import * as Type from 'typebox';
import type {Static, TSchema} from 'typebox';
import {WEBHOOK_EVENT_EXAMPLES} from '../webhook-examples.js';
import {WEBHOOK_SECRET_OVERLAP_HOURS, type WebhookEventType} from '../webhooks.js';
import {EXPIRY_REMINDER_DAYS, KEY_IN_USE_DAYS} from '../api-keys.js';
import {Timestamp, Uuid} from './common.js';
import {KeyTypeSchema} from './keys.js';
import {QuestionnaireResponse} from './submissions.js';

function eventBody<T extends WebhookEventType, D extends TSchema>(type: T, data: D, example: object) {
  return Type.Object(
    {
      type: Type.Literal(type),
      timestamp: {...Timestamp, description: 'When the event happened: the same on every attempt.'},
      data,
    },
    {examples: [example]},
  );
}

const SubmissionIds = {
  submissionId: {...Uuid, description: "The submission's id: GET /api/v1/submissions/{id} with a server key."},
  environment: KeyTypeSchema,
};
const FlowOfSubmission = {
  flowId: Type.Optional(Type.String({description: 'Absent when the submission was deleted before this attempt.'})),
  flowVersion: Type.Optional(Type.String()),
};

export const SubmissionCreatedThinEvent = eventBody(
  'submission.created',
  Type.Object({...SubmissionIds, ...FlowOfSubmission}),
  WEBHOOK_EVENT_EXAMPLES.submissionCreatedThin,
);
export const SubmissionCreatedFullEvent = eventBody(
  'submission.created',
  Type.Object({
    ...SubmissionIds,
    ...FlowOfSubmission,
    questionnaireResponse: Type.Optional({
      ...QuestionnaireResponse,
      description: "The patient's answers (absent when the submission was deleted before this attempt).",
    }),
  }),
  WEBHOOK_EVENT_EXAMPLES.submissionCreatedFull,
);
export const SubmissionDeletedEvent = eventBody(
  'submission.deleted',
  Type.Object(SubmissionIds),
  WEBHOOK_EVENT_EXAMPLES.submissionDeleted,
);
export const WebhookTestEvent = eventBody(
  'webhook.test',
  Type.Object({endpointId: {...Uuid, description: 'The endpoint the test was sent to.'}}),
  WEBHOOK_EVENT_EXAMPLES.webhookTest,
);
export const KeyExpiringEvent = eventBody(
  'key.expiring',
  Type.Object({
    keyId: {...Uuid, description: "The API key's id."},
    name: Type.String({description: "The key's name."}),
    keyEnding: Type.String({description: "The key's last 8 characters, as the portal names it; never the key."}),
    environment: KeyTypeSchema,
    expiresAt: {...Timestamp, description: 'When the key stops working.'},
    daysLeft: Type.Union([Type.Literal(EXPIRY_REMINDER_DAYS[0]), Type.Literal(EXPIRY_REMINDER_DAYS[1])], {
      description: `Sent ${EXPIRY_REMINDER_DAYS.join(' and ')} days before a key used in the last ${KEY_IN_USE_DAYS} days expires.`,
    }),
  }),
  WEBHOOK_EVENT_EXAMPLES.keyExpiring,
);
export type SubmissionCreatedFullEvent = Static<typeof SubmissionCreatedFullEvent>;
/** What a key.expiring event says of the key. */
export type KeyExpiringData = Static<typeof KeyExpiringEvent>['data'];

/** The Standard Webhooks headers every delivery carries. */
export const WebhookSignatureHeaders = Type.Object({
  'webhook-id': Type.String({
    description: "The event's id, the same on every attempt and on a Resend: process each id once.",
  }),
  'webhook-timestamp': Type.String({
    pattern: '^[0-9]+$',
    description: 'When this attempt was signed, in seconds since 1970 (UTC). Refuse one 5 minutes or more away.',
  }),
  'webhook-signature': Type.String({
    description: `One or more v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">, separated by spaces: two for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours after the secret is rolled.`,
  }),
});
