// Webhook events: the outbox rows a cause writes in its own transaction, and the body each attempt sends. An
// event's own data is sealed under a subkey of its own, bound to the event's id; a submission.created event holds
// none: its body is built at send time from the submission, whose answers are sealed once, in their row.
import crypto from 'node:crypto';
import type {KeyType} from '@intakekit/contract/api-keys';
import type {WebhookEventType} from '@intakekit/contract/webhooks';
import type {Db} from '../db/connect.js';
import {secretBox, type SecretBox} from '../lib/secret-box.js';
import type {KeyOwner} from '../repositories/api-keys-repository.js';
import {insertWebhookEvent} from '../repositories/webhook-events-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import type {WebhookEndpoint} from '@intakekit/contract/schemas/webhooks';
import {ownerOf} from './api-key-bodies.js';
import {assertMayManage, ownedEndpoint, toEndpointBody, type WebhookEndpointsContext} from './webhook-endpoints.js';

export function webhookEventsBox(secretKey: string): SecretBox {
  return secretBox(secretKey, 'webhook-events');
}

/** msg_ and 32 random hex digits (as the submit's statement makes them): the webhook-id of every attempt. */
export function newEventId(): string {
  return `msg_${crypto.randomUUID().replaceAll('-', '')}`;
}

export interface EventCause {
  owner: KeyOwner;
  keyType: KeyType;
  type: WebhookEventType;
  submissionId?: string;
  /** The event's data (never patient answers: those are read from the submission when sent). */
  data?: Record<string, unknown>;
  now: Date;
}

/**
 * Writes the event and its deliveries in `db` (the cause's transaction); none when no enabled endpoint of the owner
 * and environment subscribes to it (or `endpointId` alone, for a test event). Answers the deliveries' ids.
 */
export async function recordEvent(
  db: Db,
  box: SecretBox,
  cause: EventCause,
  endpointId?: string,
): Promise<{eventId: string; deliveries: string[]}> {
  const id = newEventId();
  const deliveries = await insertWebhookEvent(
    db,
    {
      id,
      owner: cause.owner,
      keyType: cause.keyType,
      type: cause.type,
      submissionId: cause.submissionId ?? null,
      payloadCiphertext: cause.data ? box.seal(JSON.stringify(cause.data), id) : null,
      now: cause.now,
    },
    endpointId,
  );
  return {eventId: id, deliveries};
}

/** A webhook.test event to this endpoint alone (the endpoint's id its only data). */
export async function sendTestEvent(
  ctx: WebhookEndpointsContext,
  box: SecretBox,
  user: UserWithTeam,
  endpointId: string,
): Promise<{endpoint: WebhookEndpoint; eventId: string}> {
  const row = await ownedEndpoint(ctx, user, endpointId);
  assertMayManage(user);
  const cause = {owner: ownerOf(user), keyType: row.key_type, type: 'webhook.test' as const, now: ctx.config.now()};
  const {eventId} = await recordEvent(ctx.db, box, {...cause, data: {endpointId: row.id}}, row.id);
  return {endpoint: toEndpointBody(row), eventId};
}
