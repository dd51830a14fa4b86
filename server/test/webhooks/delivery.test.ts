// The webhook outbox and its worker: submission.created is written in the submit's own statement (nothing without a
// subscribed endpoint), then delivered at least once with the same webhook-id, retried by the (shortened) schedule,
// every attempt recorded; the answers travel only in the signed body, never into the log.
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {describe, expect, it, onTestFinished} from 'vitest';
import {Webhook} from 'standardwebhooks';
import {WEBHOOK_RETRY_SCHEDULE_SECONDS} from '@intakekit/contract/webhooks';
import {build} from '../helpers/app.js';
import {authed} from '../helpers/accounts.js';
import {teamOfThree} from '../helpers/team.js';
import {startSdkSession, submitSdkAnswers} from '../helpers/sdk-session.js';
import {clinic, PRIVATE_ANSWERS, PRIVATE_NOTE} from '../submissions/submissions-helpers.js';
import {until} from './until.js';

const SCALE = 0.0002;

interface Received {
  at: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 answering each request with the next of `statuses` (the last one from then on). */
async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({at: performance.now(), headers: req.headers, body});
      res.writeHead(statuses[Math.min(received.length, statuses.length) - 1]!).end('seen');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received};
}

describe('webhook delivery', () => {
  it('writes submission.created with the submission, then retries 500, 500, 500, 200: four attempts, one webhook-id', async () => {
    const ctx = await build({
      env: {
        LOG_LEVEL: 'trace',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_RETRY_TIME_SCALE: String(SCALE),
        WEBHOOK_POLL_INTERVAL_MS: '10',
      },
    });
    const {app} = ctx;
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const submit = async () => {
      const session = (await startSdkSession(app, acme.apiKey)).json();
      const res = await submitSdkAnswers(app, acme.apiKey, {
        sessionToken: session.sessionToken,
        answers: PRIVATE_ANSWERS,
      });
      expect(res.statusCode, res.body).toBe(201);
      return {id: res.json().submissionId as string, sessionToken: session.sessionToken as string};
    };

    // No endpoint: the submit writes no event.
    await submit();
    expect(await app.db.selectFrom('webhook_events').selectAll().execute()).toEqual([]);

    const {url, received} = await receiver([500, 500, 500, 200]);
    const created = await authed(app, acme.session, 'POST', '/api/webhooks', {
      environment: 'sandbox',
      url,
      eventTypes: ['submission.created'],
      payloadStyle: 'full',
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpointId = created.json().endpoint.id as string;
    const {secret} = (await authed(app, acme.session, 'POST', `/api/webhooks/${endpointId}/secret`)).json();

    const {id, sessionToken} = await submit();
    // Submitted again: the session's submission is found, and no second event is written.
    await submitSdkAnswers(app, acme.apiKey, {sessionToken, answers: PRIVATE_ANSWERS});
    const events = await app.db.selectFrom('webhook_events').selectAll().execute();
    expect(events).toEqual([
      expect.objectContaining({event_type: 'submission.created', submission_id: id, payload_ciphertext: null}),
    ]);
    const eventId = events[0]!.id;
    expect(eventId).toMatch(/^msg_[0-9a-f]{32}$/);

    await until(async () => {
      const delivery = await app.db.selectFrom('webhook_deliveries').select('status').executeTakeFirst();
      return delivery?.status === 'delivered';
    });
    expect(received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId, eventId, eventId]);
    // Each retry waits at least its (scaled) place in the schedule.
    for (let i = 1; i < received.length; i++) {
      expect(received[i]!.at - received[i - 1]!.at).toBeGreaterThanOrEqual(
        WEBHOOK_RETRY_SCHEDULE_SECONDS[i]! * 1000 * SCALE - 1,
      );
    }
    // Signed with the endpoint's secret; the full payload carries the answers, to the receiver only.
    const last = received[3]!;
    const verified = new Webhook(secret).verify(last.body, last.headers as Record<string, string>) as {
      type: string;
      data: {submissionId: string; questionnaireResponse: unknown};
    };
    expect(verified).toMatchObject({type: 'submission.created', data: {submissionId: id}});
    expect(JSON.stringify(verified.data.questionnaireResponse)).toContain(PRIVATE_NOTE);

    const attempts = await app.db.selectFrom('webhook_attempts').selectAll().orderBy('id').execute();
    expect(attempts.map((a) => [a.response_status, a.error, a.response_body])).toEqual([
      [500, 'status', 'seen'],
      [500, 'status', 'seen'],
      [500, 'status', 'seen'],
      [200, null, 'seen'],
    ]);
    expect(JSON.parse(attempts[3]!.request_headers)).toMatchObject({'webhook-id': eventId});
    const endpoint = await app.db.selectFrom('webhook_endpoints').selectAll().executeTakeFirstOrThrow();
    expect(endpoint).toMatchObject({failures_in_a_row: 0, failing_since: null, enabled: true});

    // The delivery log shows the four attempts and the body sent; Resend sends the event again, same webhook-id.
    const log = `/api/webhooks/${endpointId}/deliveries`;
    const {deliveries} = (await authed(app, acme.session, 'GET', log)).json();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      eventId,
      eventType: 'submission.created',
      status: 'delivered',
      attemptCount: 4,
    });
    expect(deliveries[0].attempts.map((a: {responseStatus: number}) => a.responseStatus)).toEqual([500, 500, 500, 200]);
    expect(deliveries[0].attempts[0]).toMatchObject({error: 'status', responseBody: 'seen'});
    expect(deliveries[0].requestBody).toBe(last.body);
    expect((await authed(app, acme.session, 'GET', `${log}?status=failed`)).json().deliveries).toEqual([]);
    const resent = await authed(app, acme.session, 'POST', `${log}/${deliveries[0].id}/resend`);
    expect(resent.json().delivery).toMatchObject({status: 'pending', attemptCount: 4});
    await until(() => received.length === 5);
    expect(received[4]!.headers['webhook-id']).toBe(eventId);

    expect(ctx.logs.text).toContain('webhook delivered');
    for (const text of [PRIVATE_NOTE, 'Recurring', '1961-07-23', secret.slice(6)]) {
      expect(ctx.logs.text).not.toContain(text);
    }
  });

  it('writes submission.deleted with each delete, by the submissions API or the portal, ids only; each submit and delete wakes the worker', async () => {
    // The poll ten minutes away: what arrives was sent because the request that wrote the event woke the worker.
    const ctx = await build({env: {WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '600000'}});
    const {app} = ctx;
    const acme = await clinic(ctx, 'owner@example.com', 'Acme');
    const {url, received} = await receiver([204]);
    const body = {environment: 'sandbox', url, eventTypes: ['submission.deleted'], payloadStyle: 'full'};
    const created = await authed(app, acme.session, 'POST', '/api/webhooks', body);
    expect(created.statusCode).toBe(201);
    const key = (
      await authed(app, acme.session, 'POST', '/api/server-keys', {environment: 'sandbox', name: 'EHR'})
    ).json().apiKey as string;
    // Subscribed to deletions only: a new submission writes no event.
    const [first, second] = [(await acme.submit()).id, (await acme.submit()).id];
    expect(await app.db.selectFrom('webhook_events').selectAll().execute()).toEqual([]);

    const viaApi = await app.inject({
      method: 'DELETE',
      url: `/api/v1/submissions/${first}`,
      headers: {authorization: `Bearer ${key}`},
    });
    expect(viaApi.statusCode).toBe(204);
    expect((await authed(app, acme.session, 'DELETE', `/api/submissions/${second}`)).statusCode).toBe(204);
    const events = await app.db.selectFrom('webhook_events').select(['event_type', 'submission_id']).execute();
    // Both deletions come in one instant of the test clock: nothing orders them.
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        {event_type: 'submission.deleted', submission_id: first},
        {event_type: 'submission.deleted', submission_id: second},
      ]),
    );
    await until(() => received.length === 2);
    const bodies = received.map((r) => JSON.parse(r.body) as {type: string; data: Record<string, unknown>});
    // Sent side by side: in either order.
    expect(bodies.map((b) => [b.type, b.data.submissionId]).sort()).toEqual(
      [
        ['submission.deleted', first],
        ['submission.deleted', second],
      ].sort(),
    );
    for (const b of bodies) expect(b.data).not.toHaveProperty('questionnaireResponse');

    // Subscribed to new submissions too: the submit's event is sent at once.
    const path = `/api/webhooks/${created.json().endpoint.id}`;
    const both = {eventTypes: ['submission.created', 'submission.deleted']};
    expect((await authed(app, acme.session, 'PATCH', path, both)).statusCode).toBe(200);
    const session = (await startSdkSession(app, acme.apiKey)).json();
    const submitted = await submitSdkAnswers(app, acme.apiKey, {
      sessionToken: session.sessionToken,
      answers: PRIVATE_ANSWERS,
    });
    const third = submitted.json().submissionId as string;
    await until(() => received.length === 3);
    expect(JSON.parse(received[2]!.body)).toMatchObject({type: 'submission.created', data: {submissionId: third}});
  });

  it('disables an endpoint that failed every attempt for 5 days and emails its owners and admins', async () => {
    const ctx = await build({env: {WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '10'}});
    const {app, mail} = ctx;
    const {owner} = await teamOfThree(ctx);
    const {url, received} = await receiver([503]);
    const body = {environment: 'sandbox', url, description: 'EHR', eventTypes: ['submission.created']};
    const endpointId = (await authed(app, owner, 'POST', '/api/webhooks', body)).json().endpoint.id as string;
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000);
    await app.db
      .updateTable('webhook_endpoints')
      .set({failures_in_a_row: 40, failing_since: sixDaysAgo})
      .where('id', '=', endpointId)
      .execute();

    expect((await authed(app, owner, 'POST', `/api/webhooks/${endpointId}/test`)).statusCode).toBe(202);
    const subject = 'Your IntakeKit webhook endpoint EHR (sandbox webhook) was disabled';
    await until(async () => (await mail.to('admin@example.com')).some((m) => m.subject === subject));
    expect(received).toHaveLength(1);
    const [endpoint] = (await authed(app, owner, 'GET', '/api/webhooks')).json().endpoints;
    expect(endpoint).toMatchObject({enabled: false, failuresInARow: 41, failingSince: sixDaysAgo.toISOString()});
    expect(endpoint.disabledAt).not.toBeNull();
    for (const address of ['owner@example.com', 'admin@example.com']) {
      const notice = (await mail.to(address)).find((m) => m.subject === subject);
      // The portal's Webhooks page, an account page at the root like /api-keys.
      expect(notice?.text).toContain(`Open Webhooks: ${ctx.config.portalUrl}/webhooks\n`);
    }
    expect((await mail.to('member@example.com')).map((m) => m.subject)).not.toContain(subject);
  });
});
