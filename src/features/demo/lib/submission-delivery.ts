// Which endpoints receive the demo's submission, and which delivery of their log is its.
import type {WebhookDelivery, WebhookEndpoint} from '@intakekit/contract/schemas/webhooks';
import {KEY_TYPE_FOR_ENV} from '@intakekit/contract/flows';

/** While the delivery is not there yet or still being tried, the log is read again this often. */
export const DELIVERY_POLL_MS = 1000;

const EVENT = 'submission.created';

/** An endpoint the demo's run is delivered to: enabled, a sandbox one (the demo runs in the sandbox), subscribed to new submissions. */
export const receivesDemoSubmissions = (endpoint: WebhookEndpoint) =>
  endpoint.enabled && endpoint.environment === KEY_TYPE_FOR_ENV.sandbox && endpoint.eventTypes.includes(EVENT);

function namesSubmission(body: string | null, submissionId: string): boolean {
  if (!body) return false;
  try {
    const parsed = JSON.parse(body) as {data?: {submissionId?: unknown}};
    return parsed.data?.submissionId === submissionId;
  } catch {
    return false;
  }
}

/** The submission.created delivery of `submissionId` in a page of the log (a sandbox body is shown to everyone). */
export const findSubmissionDelivery = (deliveries: readonly WebhookDelivery[], submissionId: string) =>
  deliveries.find((d) => d.eventType === EVENT && namesSubmission(d.requestBody, submissionId));

/** Polling goes on until the delivery is delivered or has failed for good. */
export const deliveryRefreshMs = (delivery: WebhookDelivery | undefined) =>
  delivery && delivery.status !== 'pending' ? 0 : DELIVERY_POLL_MS;
