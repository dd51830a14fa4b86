// SQL for an endpoint's delivery log: its deliveries newest first with their events and attempts, and sending
// failed ones again (Resend, Recover). Every query is scoped to an endpoint the caller has checked is the owner's.
import type {Selectable} from 'kysely';
import type {WebhookDeliveryStatus} from '@intakekit/contract/webhooks';
import type {Db} from '../db/connect.js';
import type {WebhookAttemptsTable, WebhookEventsTable} from '../db/webhook-tables.js';

export interface LoggedDelivery {
  id: string;
  status: WebhookDeliveryStatus;
  attempt_count: number;
  next_attempt_at: Date | null;
  created_at: Date;
  event: Selectable<WebhookEventsTable>;
  submission: {id: string; flow_id: string; flow_version: string; env: string; answers_ciphertext: string} | null;
  attempts: Selectable<WebhookAttemptsTable>[];
}

export async function listLoggedDeliveries(
  db: Db,
  endpointId: string,
  filter: {status?: WebhookDeliveryStatus; before?: Date; deliveryId?: string; limit: number},
): Promise<LoggedDelivery[]> {
  let query = db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_id', 'status', 'attempt_count', 'next_attempt_at', 'created_at'])
    .where('endpoint_id', '=', endpointId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.before) query = query.where('created_at', '<', filter.before);
  if (filter.deliveryId) query = query.where('id', '=', filter.deliveryId);
  const deliveries = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  if (deliveries.length === 0) return [];
  const [events, attempts] = await Promise.all([
    db
      .selectFrom('webhook_events')
      .selectAll()
      .where(
        'id',
        'in',
        deliveries.map((d) => d.event_id),
      )
      .execute(),
    db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where(
        'delivery_id',
        'in',
        deliveries.map((d) => d.id),
      )
      .orderBy('id')
      .execute(),
  ]);
  const submissionIds = events.flatMap((e) => (e.submission_id ? [e.submission_id] : []));
  const submissions = submissionIds.length
    ? await db
        .selectFrom('submissions')
        .select(['id', 'flow_id', 'flow_version', 'env', 'answers_ciphertext'])
        .where('id', 'in', submissionIds)
        .execute()
    : [];
  const eventsById = new Map(events.map((e) => [e.id, e]));
  const submissionsById = new Map(submissions.map((s) => [s.id, s]));
  return deliveries.map(({event_id, ...delivery}) => {
    const event = eventsById.get(event_id)!;
    return {
      ...delivery,
      event,
      submission: (event.submission_id && submissionsById.get(event.submission_id)) || null,
      attempts: attempts.filter((a) => a.delivery_id === delivery.id),
    };
  });
}

/**
 * Due again now, the schedule starting over: the deliveries of the endpoint that are not pending, `deliveryId`'s
 * alone or the failed ones created since `since`. Answers how many.
 */
export async function sendAgain(
  db: Db,
  endpointId: string,
  which: {deliveryId: string} | {failedSince: Date},
  now: Date,
): Promise<number> {
  let query = db
    .updateTable('webhook_deliveries')
    .set({status: 'pending', attempt_count: 0, next_attempt_at: now, locked_until: null})
    .where('endpoint_id', '=', endpointId)
    .where('status', '!=', 'pending');
  query =
    'deliveryId' in which
      ? query.where('id', '=', which.deliveryId)
      : query.where('status', '=', 'failed').where('created_at', '>=', which.failedSince);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}
