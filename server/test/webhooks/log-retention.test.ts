// The delivery log's retention: housekeeping deletes an event with its deliveries and their attempts once it is
// WEBHOOK_LOG_RETENTION_DAYS old and finished (every delivery delivered or failed for good); an event with a
// delivery still pending is kept, however old, so that no retry is lost.
import {describe, expect, it} from 'vitest';
import {WEBHOOK_LOG_RETENTION_DAYS, type WebhookDeliveryStatus} from '@intakekit/contract/webhooks';
import {build} from '../helpers/app.js';
import {authed, signedIn} from '../helpers/accounts.js';
import {housekeep} from '../../src/services/housekeeping.js';

const DAY = 24 * 60 * 60 * 1000;

describe('the webhook delivery log', () => {
  it(`is purged of finished events ${WEBHOOK_LOG_RETENTION_DAYS} days old, and keeps pending and younger ones`, async () => {
    // No poll while the test runs: the pending rows stay as written.
    const ctx = await build({env: {WEBHOOK_POLL_INTERVAL_MS: '600000'}});
    const {app, clock} = ctx;
    const owner = await signedIn(app, ctx.mail, 'ada@example.com');
    const endpoint = async (url: string) => {
      const body = {environment: 'sandbox', url, eventTypes: ['submission.created']};
      return (await authed(app, owner, 'POST', '/api/webhooks', body)).json().endpoint.id as string;
    };
    const [first, second] = [await endpoint('https://a.example.com/in'), await endpoint('https://b.example.com/in')];
    const userId = (await app.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    const limit = WEBHOOK_LOG_RETENTION_DAYS * DAY;
    const event = async (id: string, age: number, statuses: WebhookDeliveryStatus[]) => {
      const createdAt = new Date(clock.now().getTime() - age);
      await app.db
        .insertInto('webhook_events')
        .values({
          id,
          team_id: null,
          user_id: userId,
          key_type: 'sandbox',
          event_type: 'submission.created',
          submission_id: null,
          payload_ciphertext: null,
          created_at: createdAt,
        })
        .execute();
      for (const [i, status] of statuses.entries()) {
        const {id: deliveryId} = await app.db
          .insertInto('webhook_deliveries')
          .values({
            event_id: id,
            endpoint_id: i === 0 ? first : second,
            status,
            attempt_count: 1,
            next_attempt_at: status === 'pending' ? new Date(Date.now() + DAY) : null,
            created_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await app.db
          .insertInto('webhook_attempts')
          .values({
            delivery_id: deliveryId,
            at: createdAt,
            response_status: 500,
            latency_ms: 3,
            error: 'status',
            error_message: 'the endpoint answered 500',
            request_headers: '{}',
            response_body: 'no',
          })
          .execute();
      }
    };
    await event('msg_old_delivered', limit + DAY, ['delivered', 'delivered']);
    await event('msg_old_failed', limit + 1000, ['failed']);
    await event('msg_old_retrying', limit + DAY, ['delivered', 'pending']);
    await event('msg_young', limit - 1000, ['delivered', 'failed']);

    const removed = await app.db.transaction().execute((trx) => housekeep(trx, ctx.config));
    expect(removed.webhookLog).toBe(2);
    const events = await app.db.selectFrom('webhook_events').select('id').orderBy('id').execute();
    expect(events.map((e) => e.id)).toEqual(['msg_old_retrying', 'msg_young']);
    // Their deliveries and attempts went with them; the kept events keep all of theirs.
    const deliveries = await app.db.selectFrom('webhook_deliveries').select('event_id').execute();
    expect(deliveries.map((d) => d.event_id).sort()).toEqual([
      'msg_old_retrying',
      'msg_old_retrying',
      'msg_young',
      'msg_young',
    ]);
    expect(await app.db.selectFrom('webhook_attempts').select('id').execute()).toHaveLength(4);
    expect((await app.db.transaction().execute((trx) => housekeep(trx, ctx.config))).webhookLog).toBe(0);
  });
});
