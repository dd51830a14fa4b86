// An endpoint's delivery log: each event with its attempts, for every member; the body sent, which for a production
// full payload holds patients' answers, only to owners and admins (sandbox bodies are test data every member may
// read, as sandbox answers are). Resend and Recover make failed (or delivered) deliveries due again.
import {WEBHOOK_LOG_PAGE_SIZE} from '@intakekit/contract/webhooks';
import type {
  WebhookDelivery,
  WebhookDeliveryListQuery,
  WebhookDeliveryListResponse,
} from '@intakekit/contract/schemas/webhooks';
import {ApiError} from '../errors.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import type {WebhookEndpointRow} from '../repositories/webhook-endpoints-repository.js';
import {listLoggedDeliveries, sendAgain, type LoggedDelivery} from '../repositories/webhook-log-repository.js';
import {eventBody, type EventBoxes} from '../webhooks/event-body.js';
import {
  assertMayManage,
  mayManageWebhooks,
  ownedEndpoint,
  toEndpointBody,
  type WebhookEndpointsContext,
} from './webhook-endpoints.js';

export type WebhookLogContext = WebhookEndpointsContext & {boxes: EventBoxes};

function toDeliveryBody(
  ctx: WebhookLogContext,
  endpoint: WebhookEndpointRow,
  row: LoggedDelivery,
  showBody: boolean,
): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event.id,
    eventType: row.event.event_type,
    status: row.status,
    attemptCount: row.attempts.length,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    requestBody: showBody ? eventBody({endpoint, event: row.event, submission: row.submission}, ctx.boxes) : null,
    attempts: row.attempts.map((a) => ({
      at: a.at.toISOString(),
      responseStatus: a.response_status,
      latencyMs: a.latency_ms,
      error: a.error,
      errorMessage: a.error_message,
      requestHeaders: JSON.parse(a.request_headers) as Record<string, string>,
      responseBody: a.response_body,
    })),
  };
}

const mayReadBodies = (user: UserWithTeam, endpoint: WebhookEndpointRow) =>
  endpoint.key_type === 'sandbox' || mayManageWebhooks(user);

export async function deliveryLog(
  ctx: WebhookLogContext,
  user: UserWithTeam,
  endpointId: string,
  query: WebhookDeliveryListQuery,
): Promise<WebhookDeliveryListResponse> {
  const endpoint = await ownedEndpoint(ctx, user, endpointId);
  const rows = await listLoggedDeliveries(ctx.db, endpoint.id, {
    ...(query.status && {status: query.status}),
    ...(query.before && {before: new Date(query.before)}),
    limit: WEBHOOK_LOG_PAGE_SIZE,
  });
  const showBody = mayReadBodies(user, endpoint);
  return {
    deliveries: rows.map((row) => toDeliveryBody(ctx, endpoint, row, showBody)),
    nextBefore: rows.length === WEBHOOK_LOG_PAGE_SIZE ? rows.at(-1)!.created_at.toISOString() : null,
  };
}

/** Sends the event to the endpoint again now, with the same webhook-id; a pending delivery is answered as it is. */
export async function resendDelivery(ctx: WebhookLogContext, user: UserWithTeam, endpointId: string, id: string) {
  const endpoint = await ownedEndpoint(ctx, user, endpointId);
  assertMayManage(user);
  // One transaction: the worker (polling every few ms in tests) cannot take the row before it is read back, so the
  // answer is always the delivery as queued, not sometimes the delivery already sent again.
  const row = await ctx.db.transaction().execute(async (trx) => {
    await sendAgain(trx, endpoint.id, {deliveryId: id}, ctx.config.now());
    const [queued] = await listLoggedDeliveries(trx, endpoint.id, {deliveryId: id, limit: 1});
    return queued;
  });
  if (!row) throw new ApiError('WEBHOOK_DELIVERY_NOT_FOUND');
  return {endpoint: toEndpointBody(endpoint), delivery: toDeliveryBody(ctx, endpoint, row, true)};
}

/** Sends every delivery to the endpoint that failed, created since `since`, again now; answers how many. */
export async function recoverFailed(ctx: WebhookLogContext, user: UserWithTeam, endpointId: string, since: string) {
  const endpoint = await ownedEndpoint(ctx, user, endpointId);
  assertMayManage(user);
  const queued = await sendAgain(ctx.db, endpoint.id, {failedSince: new Date(since)}, ctx.config.now());
  return {endpoint: toEndpointBody(endpoint), queued};
}
