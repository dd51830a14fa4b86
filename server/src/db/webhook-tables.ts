// Kysely's view of migrations/022_webhooks.sql.
import type {Generated} from 'kysely';
import type {KeyType} from '@intakekit/contract/api-keys';
import type {
  WebhookAttemptError,
  WebhookDeliveryStatus,
  WebhookEventType,
  WebhookPayloadStyle,
} from '@intakekit/contract/webhooks';
import type {Timestamp} from './column-types.js';

export interface WebhookEndpointsTable {
  id: Generated<string>;
  team_id: string | null;
  user_id: string | null;
  /** The environment whose events the endpoint receives. */
  key_type: KeyType;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  payload_style: WebhookPayloadStyle;
  enabled: boolean;
  /** whsec_..., sealed (lib/secret-box.ts) with the endpoint's id as its context. */
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Timestamp | null;
  failures_in_a_row: Generated<number>;
  failing_since: Timestamp | null;
  disabled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookEventsTable {
  /** msg_...: the webhook-id of every attempt. */
  id: string;
  team_id: string | null;
  user_id: string | null;
  key_type: KeyType;
  event_type: WebhookEventType;
  submission_id: string | null;
  /** The event's data as JSON, sealed with the event's id as its context; null for submission.created. */
  payload_ciphertext: string | null;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  event_id: string;
  endpoint_id: string;
  status: WebhookDeliveryStatus;
  attempt_count: Generated<number>;
  next_attempt_at: Timestamp | null;
  locked_until: Timestamp | null;
  created_at: Timestamp;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  at: Timestamp;
  response_status: number | null;
  latency_ms: number;
  error: WebhookAttemptError | null;
  error_message: string | null;
  /** JSON of the request's headers. */
  request_headers: string;
  response_body: string;
}
