// SQL for sending webhook deliveries. A claim is a lease, as the mail outbox's (outbox-lease.ts).
import {sql, type Selectable} from 'kysely';
import type {Db} from '../db/connect.js';
import {leaseDue, type Outbox} from './outbox-lease.js';
import type {WebhookAttemptsTable, WebhookEndpointsTable, WebhookEventsTable} from '../db/webhook-tables.js';

export interface ClaimedDelivery {
  id: string;
  eventId: string;
  endpointId: string;
  /** Attempts so far, this one included. */
  attemptCount: number;
  lockedUntil: Date;
}

const DELIVERIES: Outbox = {
  table: 'webhook_deliveries',
  pending: sql`status = 'pending'`,
  attempts: 'attempt_count',
  returning: ['id', 'event_id', 'endpoint_id', 'attempt_count', 'locked_until'],
};

export async function claimDueDeliveries(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  type Row = {id: string; event_id: string; endpoint_id: string; attempt_count: number; locked_until: Date};
  const rows = await leaseDue<Row>(db, DELIVERIES, now, leaseUntil, limit);
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    endpointId: r.endpoint_id,
    attemptCount: r.attempt_count,
    lockedUntil: new Date(r.locked_until),
  }));
}

export interface DeliveryToSend {
  endpoint: Selectable<WebhookEndpointsTable>;
  event: Selectable<WebhookEventsTable>;
  /** The submission of a submission event, while it is kept. */
  submission: {id: string; flow_id: string; flow_version: string; env: string; answers_ciphertext: string} | null;
}

export async function loadDelivery(db: Db, delivery: Pick<ClaimedDelivery, 'eventId' | 'endpointId'>) {
  const [endpoint, event] = await Promise.all([
    db.selectFrom('webhook_endpoints').selectAll().where('id', '=', delivery.endpointId).executeTakeFirst(),
    db.selectFrom('webhook_events').selectAll().where('id', '=', delivery.eventId).executeTakeFirst(),
  ]);
  if (!endpoint || !event) return undefined;
  const submission = event.submission_id
    ? ((await db
        .selectFrom('submissions')
        .select(['id', 'flow_id', 'flow_version', 'env', 'answers_ciphertext'])
        .where('id', '=', event.submission_id)
        .executeTakeFirst()) ?? null)
    : null;
  return {endpoint, event, submission} satisfies DeliveryToSend;
}

export type NewAttempt = Omit<Selectable<WebhookAttemptsTable>, 'id' | 'delivery_id'>;

/**
 * Records an attempt and what follows it, in one transaction: the delivery delivered, due again at `nextAttemptAt`,
 * or failed (`nextAttemptAt` null); the endpoint's failures in a row counted or cleared. False when the lease was
 * lost (the attempt is not recorded: the process that holds the delivery now will record its own).
 */
export async function recordAttempt(
  db: Db,
  delivery: ClaimedDelivery,
  attempt: NewAttempt,
  outcome: {delivered: boolean; nextAttemptAt: Date | null},
): Promise<{failuresInARow: number; failingSince: Date | null} | undefined> {
  return db.transaction().execute(async (trx) => {
    // The endpoint first, in the order a delete takes them (the endpoint, then its deliveries by the cascade): taken
    // the other way round, a record and a delete deadlocked and PostgreSQL aborted one. A key share lock holds off a
    // delete without making attempts to one endpoint wait for each other.
    await trx
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('id', '=', delivery.endpointId)
      .forKeyShare()
      .execute();
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({
        status: outcome.delivered ? 'delivered' : outcome.nextAttemptAt ? 'pending' : 'failed',
        next_attempt_at: outcome.delivered ? null : outcome.nextAttemptAt,
        locked_until: null,
      })
      .where('id', '=', delivery.id)
      .where('locked_until', '=', delivery.lockedUntil)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return undefined;
    await trx
      .insertInto('webhook_attempts')
      .values({...attempt, delivery_id: delivery.id})
      .execute();
    if (outcome.delivered) {
      // Only an endpoint that was failing is written: a row lock taken by every success would make the attempts
      // to one endpoint commit one after another (the bench's delivery throughput, 116/s -> 170/s without it).
      await trx
        .updateTable('webhook_endpoints')
        .set({failures_in_a_row: 0, failing_since: null})
        .where('id', '=', delivery.endpointId)
        .where((eb) => eb.or([eb('failures_in_a_row', '>', 0), eb('failing_since', 'is not', null)]))
        .execute();
      return {failuresInARow: 0, failingSince: null};
    }
    const endpoint = await trx
      .updateTable('webhook_endpoints')
      .set((eb) => ({
        failures_in_a_row: eb('failures_in_a_row', '+', 1),
        failing_since: eb.fn.coalesce('failing_since', eb.val(attempt.at)),
      }))
      .where('id', '=', delivery.endpointId)
      .returning(['failures_in_a_row', 'failing_since'])
      .executeTakeFirst();
    return endpoint && {failuresInARow: endpoint.failures_in_a_row, failingSince: endpoint.failing_since};
  });
}

/** Disables the endpoint unless a person or a 2xx changed it since; answers it when this call disabled it. */
export async function disableFailingEndpoint(db: Db, endpointId: string, failingSince: Date, now: Date) {
  return db
    .updateTable('webhook_endpoints')
    .set({enabled: false, disabled_at: now, updated_at: now})
    .where('id', '=', endpointId)
    .where('enabled', '=', true)
    .where('failing_since', '=', failingSince)
    .returningAll()
    .executeTakeFirst();
}
