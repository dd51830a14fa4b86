// SQL for the webhook outbox: events and their deliveries, written in the transaction of their cause.
import {sql, type RawBuilder} from 'kysely';
import type {KeyType} from '@intakekit/contract/api-keys';
import type {WebhookEventType} from '@intakekit/contract/webhooks';
import type {Db} from '../db/connect.js';
import {ownerColumns, ownerFilter, type KeyOwner} from './api-keys-repository.js';

export interface NewWebhookEvent {
  id: string;
  owner: KeyOwner;
  keyType: KeyType;
  type: WebhookEventType;
  submissionId: string | null;
  payloadCiphertext: string | null;
  now: Date;
}

/**
 * Writes the event and one pending delivery per enabled endpoint of its owner and environment subscribed to its
 * type (or to `endpointId` alone, whatever its subscription: a test event), in one statement; answers the deliveries' ids. No endpoint: no
 * row at all, so an owner without webhooks stores nothing.
 */
export async function insertWebhookEvent(db: Db, event: NewWebhookEvent, endpointId?: string): Promise<string[]> {
  const [column, ownerId] = ownerFilter(event.owner);
  const owner = ownerColumns(event.owner);
  const result = await sql<{id: string}>`
    WITH targets AS (
      SELECT id FROM webhook_endpoints
      WHERE ${sql.ref(column)} = ${ownerId} AND key_type = ${event.keyType}
        AND ${endpointId ? sql`id = ${endpointId}` : sql`enabled AND ${event.type} = ANY(event_types)`}
    ), event AS (
      INSERT INTO webhook_events (id, team_id, user_id, key_type, event_type, submission_id, payload_ciphertext, created_at)
      SELECT ${event.id}, ${owner.team_id}::uuid, ${owner.user_id}::uuid, ${event.keyType}, ${event.type},
        ${event.submissionId}::uuid, ${event.payloadCiphertext}, ${event.now}::timestamptz
      WHERE EXISTS (SELECT 1 FROM targets)
      RETURNING id
    )
    INSERT INTO webhook_deliveries (event_id, endpoint_id, status, next_attempt_at, created_at)
    SELECT event.id, targets.id, 'pending', ${event.now}::timestamptz, ${event.now}::timestamptz FROM event, targets
    RETURNING id`.execute(db);
  return result.rows.map((row) => row.id);
}

/**
 * Deletes the events created before `before` whose deliveries are all finished (delivered or failed), their
 * deliveries and attempts with them (ON DELETE CASCADE); an event with a delivery pending stays. Answers how many.
 */
export async function purgeFinishedEventsBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('webhook_events')
    .where('created_at', '<', before)
    .where(({not, exists, selectFrom}) =>
      not(
        exists(
          selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.event_id', '=', 'webhook_events.id')
            .where('d.status', '=', 'pending'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The outbox's part of a statement whose CTE `source` (columns id, team_id, user_id, key_type, created_at) lists the
 * submissions an event of `type` is about: CTEs `events` (one event per submission whose owner has an enabled endpoint
 * of its environment subscribed to `type`) and `deliveries` (one per such endpoint), so that the events are written
 * exactly when their cause is. An owner without such an endpoint pays an index lookup that finds nothing.
 */
export function webhookOutboxCtes(type: WebhookEventType): RawBuilder<unknown> {
  // Literals, not parameters: a precompiled statement's parameters are its rows' columns.
  const subscribed = (row: string) =>
    sql`(e.team_id = ${sql.ref(row)}.team_id OR e.user_id = ${sql.ref(row)}.user_id)
      AND e.key_type = ${sql.ref(row)}.key_type AND e.enabled AND ${sql.lit(type)} = ANY(e.event_types)`;
  return sql`events AS (
      INSERT INTO webhook_events (id, team_id, user_id, key_type, event_type, submission_id, created_at)
      SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), s.team_id, s.user_id, s.key_type, ${sql.lit(type)},
        s.id, s.created_at
      FROM source s WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE ${subscribed('s')})
      RETURNING id, team_id, user_id, key_type, created_at
    ), deliveries AS (
      INSERT INTO webhook_deliveries (event_id, endpoint_id, status, next_attempt_at, created_at)
      SELECT ev.id, e.id, 'pending', ev.created_at, ev.created_at FROM events ev, webhook_endpoints e
      WHERE ${subscribed('ev')}
      RETURNING id
    )`;
}
