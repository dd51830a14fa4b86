/**
 * Webhooks: the events a team's endpoints receive, the payload styles and the retry schedule, as the API delivers
 * them and the portal and the guide name them. No imports, so the portal reads it alone.
 */

/** Every event type an endpoint may subscribe to. `webhook.test` is only sent by 'Send test event'. */
export const WEBHOOK_EVENT_TYPES = [
  'submission.created',
  'submission.deleted',
  'key.expiring',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Each event type and how the portal names it. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'submission.created': 'A submission was stored',
  'submission.deleted': 'A submission was deleted',
  'key.expiring': 'An API key expires soon',
  'webhook.test': 'Test event',
};

/**
 * full: the submission's QuestionnaireResponse in the body (patient answers: the receiver must be trusted with
 * them); thin: ids only, for a backend that fetches the submission with a server key.
 */
export const WEBHOOK_PAYLOAD_STYLES = ['full', 'thin'] as const;
export type WebhookPayloadStyle = (typeof WEBHOOK_PAYLOAD_STYLES)[number];

/**
 * When each attempt is made, in seconds after the one before: the first at once, then after 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h. An event whose last attempt fails is marked failed (Resend or Recover send it again).
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS: readonly number[] = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];

/** How long the receiver has to answer one attempt. */
export const WEBHOOK_TIMEOUT_SECONDS = 15;

/** An endpoint that failed every attempt for this long is disabled, and its owners and admins are emailed. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;

/**
 * How far `webhook-timestamp` may be from the receiver's clock, either way, before the delivery is refused as a
 * replay (the standardwebhooks verifier's own limit, which the guide's snippets use too).
 */
export const WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** How long a rolled secret keeps signing beside the new one (two signatures in `webhook-signature`). */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/**
 * How long the delivery log keeps an event with its attempts once every delivery of it is delivered or failed for
 * good (as Svix keeps its message log): 'Resend' and 'Recover failed since...' reach back this far. An event still
 * being retried is kept until it is finished.
 */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;

/** The response body's first bytes the delivery log keeps. */
export const WEBHOOK_RESPONSE_BODY_KEPT = 2048;

/** A delivery's state: pending (an attempt is due), delivered (a 2xx), failed (every attempt of the schedule failed). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why an attempt failed, as the delivery log names it. */
export const WEBHOOK_ATTEMPT_ERRORS = {
  dns: 'DNS lookup failed',
  refused: 'Connection refused',
  timeout: 'No answer in time',
  tls: 'TLS failed',
  status: 'Answered with a non-2xx status',
  blocked: 'Address not allowed',
  network: 'Network error',
} as const;
export type WebhookAttemptError = keyof typeof WEBHOOK_ATTEMPT_ERRORS;
export const WEBHOOK_ATTEMPT_ERROR_KINDS = Object.keys(WEBHOOK_ATTEMPT_ERRORS) as [
  WebhookAttemptError,
  ...WebhookAttemptError[],
];

export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** Endpoints an owner may have at once, both environments together. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** Events a page of the delivery log shows. */
export const WEBHOOK_LOG_PAGE_SIZE = 50;
