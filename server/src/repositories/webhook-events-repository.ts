// SQL for the webhook outbox: events and their deliveries, written in the transaction of their cause.
import {sql} from 'kysely';
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
