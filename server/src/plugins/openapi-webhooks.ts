// The OpenAPI 3.1 `webhooks` section: what the API sends to a team's endpoints, one POST per event type, with the
// body's schema and example and the signature headers, from the contract's schemas.
import type {TObject} from 'typebox';
import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  WEBHOOK_TIMEOUT_SECONDS,
  type WebhookEventType,
} from '@intakekit/contract/webhooks';
import {
  KeyExpiringEvent,
  SubmissionCreatedFullEvent,
  SubmissionCreatedThinEvent,
  SubmissionDeletedEvent,
  WebhookSignatureHeaders,
  WebhookTestEvent,
} from '@intakekit/contract/schemas/webhook-events';

/** Each event's body: one schema, or one per payload style (named as the endpoint's payloadStyle). */
const BODIES: Record<WebhookEventType, Record<string, TObject>> = {
  'submission.created': {full: SubmissionCreatedFullEvent, thin: SubmissionCreatedThinEvent},
  'submission.deleted': {body: SubmissionDeletedEvent},
  'key.expiring': {body: KeyExpiringEvent},
  'webhook.test': {body: WebhookTestEvent},
};

const DELIVERY = [
  'Signed as Standard Webhooks: verify webhook-signature before trusting the body.',
  `Answer 2xx within ${WEBHOOK_TIMEOUT_SECONDS} seconds; any other answer (a redirect included) or none is retried`,
  `${WEBHOOK_RETRY_SCHEDULE_SECONDS.length - 1} times with the same webhook-id, and an endpoint that failed every`,
  `attempt for ${WEBHOOK_DISABLE_AFTER_DAYS} days is disabled.`,
].join(' ');

const operationId = (type: string) => `${type.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase())}Webhook`;

/** A body's schema without its example, and the example (the document gives it beside the schema). */
function split(body: TObject) {
  const {examples, ...schema} = body as TObject & {examples?: unknown[]};
  return {schema, example: examples?.[0]};
}

function media(bodies: Record<string, TObject>) {
  const entries = Object.entries(bodies).map(([style, body]) => [style, split(body)] as const);
  if (entries.length === 1) return entries[0]![1];
  return {
    schema: {anyOf: entries.map(([style, {schema}]) => ({...schema, title: `${style} payload`}))},
    examples: Object.fromEntries(
      entries.map(([style, {example}]) => [style, {summary: `${style} payload`, value: example}]),
    ),
  };
}

export function webhooksDocument() {
  const headers = Object.entries(WebhookSignatureHeaders.properties).map(([name, schema]) => {
    const {description, ...rest} = schema as typeof schema & {description?: string};
    return {name, in: 'header', required: true, description, schema: rest};
  });
  return Object.fromEntries(
    Object.entries(BODIES).map(([type, bodies]) => [
      type,
      {
        post: {
          operationId: operationId(type),
          tags: ['webhooks'],
          summary: WEBHOOK_EVENT_LABELS[type as WebhookEventType],
          description: DELIVERY,
          security: [],
          parameters: headers,
          requestBody: {required: true, content: {'application/json': media(bodies)}},
          responses: {
            '2XX': {description: 'Received. Answer at once and process after.'},
            '4XX': {description: 'Refused (a signature that does not verify, say): sent again later.'},
          },
        },
      },
    ]),
  );
}
