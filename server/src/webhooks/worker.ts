// The webhook delivery worker, run in every API process: it claims due deliveries (a lease taken with FOR UPDATE
// SKIP LOCKED, as the mail outbox does, so each attempt is made by one process; one that dies mid-attempt loses its
// lease and another makes the attempt again, with the same webhook-id), sends each, records the attempt and
// schedules the next by the retry schedule. A row claim rather than graphile-worker or pg-boss: those need a real
// PostgreSQL server (LISTEN, advisory locks, their own schema), and the embedded PGlite default must deliver too.
import {WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_RETRY_SCHEDULE_SECONDS} from '@intakekit/contract/webhooks';
import type {Db} from '../db/connect.js';
import {DAY_MS} from '../lib/durations.js';
import type {SecretBox} from '../lib/secret-box.js';
import {
  claimDueDeliveries,
  disableFailingEndpoint,
  loadDelivery,
  recordAttempt,
  type ClaimedDelivery,
} from '../repositories/webhook-deliveries-repository.js';
import type {WebhookEndpointRow} from '../repositories/webhook-endpoints-repository.js';
import {signingSecrets} from '../services/webhook-endpoints.js';
import {eventBody, type EventBoxes} from './event-body.js';
import type {OwnInbox} from './own-inbox.js';
import {sendWebhook, type AttemptResult} from './send.js';

/** Deliveries leased per claim: attempts of one claim are sent together. */
const BATCH = 10;

export interface WebhookWorker {
  db: Db;
  boxes: EventBoxes & {secrets: SecretBox};
  /** Each wait of the retry schedule is multiplied by this (WEBHOOK_RETRY_TIME_SCALE; tests shorten it). */
  retryTimeScale: number;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  /** This API's test inbox and where this process listens now; undefined before it listens. */
  ownInbox(): OwnInbox | undefined;
  /** A lease outlasts the answer's time limit, so that it never runs out mid-attempt. */
  leaseMs: number;
  /** Called once, in the transaction that disables it, when an endpoint has failed for WEBHOOK_DISABLE_AFTER_DAYS. */
  onDisabled(trx: Db, endpoint: WebhookEndpointRow): Promise<void>;
  /** Called once that transaction committed (to send its emails now). */
  afterDisabled(): void;
  log: {info(details: object, message: string): void; warn(details: object, message: string): void};
}

/** When the attempt after `attemptCount` ones is due, or null when the schedule is spent. */
export function nextAttemptAt(worker: Pick<WebhookWorker, 'retryTimeScale'>, attemptCount: number, now: Date) {
  const wait = WEBHOOK_RETRY_SCHEDULE_SECONDS[attemptCount];
  return wait === undefined ? null : new Date(now.getTime() + wait * 1000 * worker.retryTimeScale);
}

/** Claims one batch of due deliveries and attempts each; answers how many were claimed. */
export async function deliverDue(worker: WebhookWorker): Promise<number> {
  const now = new Date();
  const claimed = await claimDueDeliveries(worker.db, now, new Date(now.getTime() + worker.leaseMs), BATCH);
  await Promise.all(claimed.map((delivery) => attempt(worker, delivery)));
  return claimed.length;
}

async function attempt(worker: WebhookWorker, delivery: ClaimedDelivery): Promise<void> {
  const loaded = await loadDelivery(worker.db, delivery);
  if (!loaded) return; // Deleted with its endpoint or event since the claim: nothing left to send.
  const at = new Date();
  let result: AttemptResult;
  try {
    const request = {
      url: loaded.endpoint.url,
      id: loaded.event.id,
      timestamp: at,
      body: eventBody(loaded, worker.boxes),
      secrets: signingSecrets(worker.boxes.secrets, loaded.endpoint, at),
    };
    result = await sendWebhook(request, {
      allowPrivateNetworks: worker.allowPrivateNetworks,
      timeoutMs: worker.timeoutMs,
      ownInbox: worker.ownInbox(),
    });
  } catch (error) {
    // Never the error's message: it could quote the body. Its class is enough to find it.
    const kind = error instanceof Error ? error.name : 'unknown';
    result = failure(`The delivery could not be prepared (${kind}).`);
  }
  const done = new Date();
  const outcome = {
    delivered: result.ok,
    nextAttemptAt: result.ok ? null : nextAttemptAt(worker, delivery.attemptCount, done),
  };
  const endpoint = await recordAttempt(
    worker.db,
    delivery,
    {
      at,
      response_status: result.status,
      latency_ms: result.latencyMs,
      error: result.error,
      error_message: result.errorMessage,
      request_headers: JSON.stringify(result.requestHeaders),
      response_body: result.responseBody,
    },
    outcome,
  );
  worker.log.info(
    {
      delivery: delivery.id,
      event: delivery.eventId,
      attempt: delivery.attemptCount,
      status: result.status,
      error: result.error,
    },
    result.ok ? 'webhook delivered' : 'webhook attempt failed',
  );
  const failingSince = endpoint?.failingSince;
  if (failingSince && done.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS) {
    const disabled = await worker.db.transaction().execute(async (trx) => {
      const endpoint = await disableFailingEndpoint(trx, delivery.endpointId, failingSince, done);
      if (endpoint) await worker.onDisabled(trx, endpoint);
      return endpoint;
    });
    if (!disabled) return;
    worker.log.warn(
      {endpoint: delivery.endpointId},
      `webhook endpoint disabled after failing for ${WEBHOOK_DISABLE_AFTER_DAYS} days`,
    );
    worker.afterDisabled();
  }
}

function failure(message: string): AttemptResult {
  return {
    ok: false,
    status: null,
    latencyMs: 0,
    error: 'network',
    errorMessage: message,
    requestHeaders: {},
    responseBody: '',
  };
}
