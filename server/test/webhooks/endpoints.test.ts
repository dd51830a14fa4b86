// /api/webhooks: endpoints per owner and environment, seen by every member, changed and their secrets seen only by
// owners and admins; production needs https://, literal private addresses are refused at save; every change logged.
import {describe, expect, it} from 'vitest';
import {sql} from 'kysely';
import {build} from '../helpers/app.js';
import {authed, signedIn} from '../helpers/accounts.js';
import {expectRefusal} from '../helpers/refusals.js';
import {onPostgres} from '../helpers/database.js';
import {teamOfThree} from '../helpers/team.js';
import {ERROR_CATALOGUE, type ErrorCode} from '@intakekit/contract/errors';
import {WEBHOOK_ENDPOINTS_MAX} from '@intakekit/contract/webhooks';
import {until} from './until.js';
import {recordAttempt} from '../../src/repositories/webhook-deliveries-repository.js';

const refusal = (code: ErrorCode) => ({code, message: ERROR_CATALOGUE[code].message});

// Nothing listens there: the worker's attempt at the test event is refused at once, on this machine.
const URL = 'https://127.0.0.1:9/hooks';

describe('/api/webhooks', () => {
  it('lets every member list endpoints, and only owners and admins change them, see or roll their secret', async () => {
    const ctx = await build({env: {WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true'}});
    const {app} = ctx;
    const {owner, member, admin} = await teamOfThree(ctx);
    const body = {environment: 'production', url: URL, description: 'EHR', eventTypes: ['submission.created']};
    expectRefusal(await authed(app, member, 'POST', '/api/webhooks', body), 403, refusal('FORBIDDEN'));

    const created = await authed(app, admin, 'POST', '/api/webhooks', body);
    expect(created.statusCode).toBe(201);
    const {endpoint} = created.json();
    expect(endpoint).toMatchObject({
      environment: 'production',
      url: URL,
      description: 'EHR',
      eventTypes: ['submission.created'],
      payloadStyle: 'thin',
      enabled: true,
      failuresInARow: 0,
      failingSince: null,
    });
    const path = `/api/webhooks/${endpoint.id}`;
    expect((await authed(app, member, 'GET', '/api/webhooks')).json()).toEqual({endpoints: [endpoint]});

    for (const [method, url, payload] of [
      ['PATCH', path, {enabled: false}],
      ['DELETE', path, undefined],
      ['POST', `${path}/secret`, undefined],
      ['POST', `${path}/secret/roll`, undefined],
      ['POST', `${path}/test`, undefined],
    ] as const) {
      expectRefusal(await authed(app, member, method, url, payload), 403, refusal('FORBIDDEN'));
    }

    // The secret: sealed at rest, shown to owners; a roll keeps the old one signing for 24 hours.
    const secret = (await authed(app, owner, 'POST', `${path}/secret`)).json();
    expect(secret).toEqual({secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/), previousSecretExpiresAt: null});
    const row = await app.db.selectFrom('webhook_endpoints').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.secret.slice(6));
    const rolled = (await authed(app, admin, 'POST', `${path}/secret/roll`)).json();
    expect(rolled.secret).not.toBe(secret.secret);
    expect(rolled.previousSecretExpiresAt).toBe(new Date(ctx.clock.now().getTime() + 24 * 3_600_000).toISOString());

    const changed = await authed(app, owner, 'PATCH', path, {enabled: false, payloadStyle: 'full'});
    expect(changed.json().endpoint).toMatchObject({enabled: false, payloadStyle: 'full'});

    // A test event: one event and one pending delivery, even to a disabled endpoint not subscribed to it.
    const test = await authed(app, owner, 'POST', `${path}/test`);
    expect(test.statusCode).toBe(202);
    expect(test.json().eventId).toMatch(/^msg_[0-9a-f]{32}$/);
    const deliveries = await app.db.selectFrom('webhook_deliveries').selectAll().execute();
    expect(deliveries).toEqual([
      expect.objectContaining({event_id: test.json().eventId, endpoint_id: endpoint.id, status: 'pending'}),
    ]);

    // The log: every member reads it, a production body only owners and admins; Resend and Recover are theirs.
    const log = (await authed(app, member, 'GET', `${path}/deliveries`)).json().deliveries;
    expect(log).toEqual([
      expect.objectContaining({eventId: test.json().eventId, eventType: 'webhook.test', requestBody: null}),
    ]);
    const full = (await authed(app, admin, 'GET', `${path}/deliveries`)).json().deliveries[0];
    expect(JSON.parse(full.requestBody)).toMatchObject({type: 'webhook.test', data: {endpointId: endpoint.id}});
    expectRefusal(await authed(app, member, 'POST', `${path}/deliveries/${full.id}/resend`), 403, refusal('FORBIDDEN'));
    const since = {since: '2026-01-01T00:00:00.000Z'};
    expectRefusal(await authed(app, member, 'POST', `${path}/recover`, since), 403, refusal('FORBIDDEN'));
    expect((await authed(app, owner, 'POST', `${path}/recover`, since)).json()).toEqual({queued: 0});
    const unknown = `${path}/deliveries/${endpoint.id}/resend`;
    expectRefusal(await authed(app, owner, 'POST', unknown), 404, refusal('WEBHOOK_DELIVERY_NOT_FOUND'));

    expect((await authed(app, owner, 'DELETE', path)).statusCode).toBe(200);
    expectRefusal(await authed(app, owner, 'DELETE', path), 404, refusal('WEBHOOK_ENDPOINT_NOT_FOUND'));
    expect((await authed(app, member, 'GET', '/api/webhooks')).json()).toEqual({endpoints: []});

    const events = await app.db
      .selectFrom('activity_events')
      .select(['action', 'target_label'])
      .orderBy('id')
      .execute();
    expect(events.filter((e) => e.action.startsWith('webhook.'))).toEqual(
      [
        'webhook.created',
        'webhook.secret-revealed',
        'webhook.secret-rolled',
        'webhook.updated',
        'webhook.test-sent',
        'webhook.recovered',
        'webhook.deleted',
      ].map((action) => ({action, target_label: 'EHR (production webhook)'})),
    );
  });

  it('refuses http:// in production and literal private addresses, and answers 404 for another owner', async () => {
    const ctx = await build();
    const {app, mail} = ctx;
    const ada = await signedIn(app, mail, 'ada@example.com');
    const add = (environment: string, url: string) =>
      authed(app, ada, 'POST', '/api/webhooks', {environment, url, eventTypes: ['submission.created']});
    expectRefusal(
      await add('production', 'http://ehr.example-clinic.com/hooks'),
      400,
      refusal('WEBHOOK_HTTPS_REQUIRED'),
    );
    for (const url of ['not a url', 'ftp://ehr.example-clinic.com/', 'https://']) {
      expectRefusal(await add('sandbox', url), 400, refusal('WEBHOOK_URL_INVALID'));
    }
    for (const url of ['http://127.0.0.1:9000/', 'http://[::1]/', 'http://10.0.0.1/', 'http://169.254.169.254/']) {
      expectRefusal(await add('sandbox', url), 400, refusal('WEBHOOK_URL_PRIVATE_NETWORK'));
    }
    const sandbox = await add('sandbox', 'http://ehr.example-clinic.com/hooks');
    expect(sandbox.statusCode).toBe(201);
    const id = sandbox.json().endpoint.id;
    expectRefusal(
      await authed(app, ada, 'PATCH', `/api/webhooks/${id}`, {url: 'http://192.168.1.2/'}),
      400,
      refusal('WEBHOOK_URL_PRIVATE_NETWORK'),
    );

    const grace = await signedIn(app, mail, 'grace@example.com');
    expectRefusal(
      await authed(app, grace, 'POST', `/api/webhooks/${id}/secret`),
      404,
      refusal('WEBHOOK_ENDPOINT_NOT_FOUND'),
    );
    expect((await authed(app, grace, 'GET', '/api/webhooks')).json()).toEqual({endpoints: []});
  });

  it(`holds at most ${WEBHOOK_ENDPOINTS_MAX} endpoints an owner, both environments together, and says the number`, async () => {
    const ctx = await build();
    const {app, mail} = ctx;
    const ada = await signedIn(app, mail, 'ada@example.com');
    const add = (i: number) =>
      authed(app, ada, 'POST', '/api/webhooks', {
        environment: i % 2 ? 'production' : 'sandbox',
        url: `https://ehr.example-clinic.com/hooks/${i}`,
        eventTypes: ['submission.created'],
      });
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i++) expect((await add(i)).statusCode).toBe(201);
    expect(ERROR_CATALOGUE.WEBHOOK_ENDPOINT_LIMIT_REACHED.message).toContain(`limit of ${WEBHOOK_ENDPOINTS_MAX} `);
    expectRefusal(await add(WEBHOOK_ENDPOINTS_MAX), 409, refusal('WEBHOOK_ENDPOINT_LIMIT_REACHED'));
    expect((await authed(app, ada, 'GET', '/api/webhooks')).json().endpoints).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
    // Deleting one frees a place.
    const [first] = (await authed(app, ada, 'GET', '/api/webhooks')).json().endpoints;
    expect((await authed(app, ada, 'DELETE', `/api/webhooks/${first.id}`)).statusCode).toBe(200);
    expect((await add(WEBHOOK_ENDPOINTS_MAX + 1)).statusCode).toBe(201);
  });
});

describe('deleting an endpoint while the worker records an attempt to it', () => {
  // A worker recording a failed attempt locked the delivery, then the endpoint (its failures in a row); a delete locks
  // the endpoint, then the delivery through the cascade. The two orders made a deadlock, and PostgreSQL aborted the
  // delete: a 500 for the owner (CI, 2026-11-27). Only PostgreSQL runs two transactions at once.
  it.runIf(onPostgres)(
    'the delete waits for the record, then deletes: 200, and nothing of the endpoint left',
    async () => {
      const ctx = await build({env: {WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true'}});
      const {app} = ctx;
      const {owner} = await teamOfThree(ctx);
      const body = {environment: 'production', url: URL, eventTypes: ['submission.created']};
      const {endpoint} = (await authed(app, owner, 'POST', '/api/webhooks', body)).json();
      const path = `/api/webhooks/${endpoint.id}`;
      const {eventId} = (await authed(app, owner, 'POST', `${path}/test`)).json();
      // The worker's own attempt first (refused at once), so it is not due again on the test's clock.
      const attempts = () => app.db.selectFrom('webhook_attempts').select('id').execute();
      await until(async () => (await attempts()).length === 1);
      const {id} = await app.db.selectFrom('webhook_deliveries').select('id').executeTakeFirstOrThrow();
      const waiting = async () => {
        const {rows} = await sql<{n: number}>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND datname = current_database()`.execute(app.db);
        return rows[0]!.n;
      };

      const lockedUntil = new Date(ctx.clock.now().getTime() + 60_000);
      const claimed = {id, eventId, endpointId: endpoint.id, attemptCount: 2, lockedUntil};
      const attempt = {
        at: ctx.clock.now(),
        response_status: null,
        latency_ms: 1,
        error: 'refused' as const,
        error_message: null,
        request_headers: '{}',
        response_body: '',
      };
      let recording: ReturnType<typeof recordAttempt> | undefined;
      let deleting: ReturnType<typeof authed> | undefined;
      // Leased to this worker; the row then held (as by another worker's lease statement) while the worker's record and
      // then the delete line up behind it.
      await app.db.updateTable('webhook_deliveries').set({locked_until: lockedUntil}).where('id', '=', id).execute();
      await app.db.transaction().execute(async (trx) => {
        await trx.selectFrom('webhook_deliveries').select('id').where('id', '=', id).forNoKeyUpdate().execute();
        recording = recordAttempt(app.db, claimed, attempt, {delivered: false, nextAttemptAt: lockedUntil});
        await until(async () => (await waiting()) === 1);
        deleting = authed(app, owner, 'DELETE', path);
        await until(async () => (await waiting()) === 2);
      });
      expect(await recording).toEqual({failuresInARow: 2, failingSince: expect.any(Date)});
      expect((await deleting!).statusCode).toBe(200);
      expect(await app.db.selectFrom('webhook_deliveries').select('id').execute()).toEqual([]);
      expect(await attempts()).toEqual([]);
    },
  );
});
