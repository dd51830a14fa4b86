// key.expiring: the expiry reminders (7 days and 1 day before a key in use expires) also write an event, in the
// reminder's transaction, for each enabled endpoint of the key's owner and environment subscribed to it. Its body
// names the key (id, name, ending, environment, expiry), never the key itself.
import {describe, expect, it} from 'vitest';
import {Value} from 'typebox/value';
import {KeyExpiringEvent} from '@intakekit/contract/schemas/webhook-events';
import {build} from '../helpers/app.js';
import {authed, login, signedIn} from '../helpers/accounts.js';
import {startSdkSession} from '../helpers/sdk-session.js';

const DAY = 86_400_000;

describe('key.expiring', () => {
  it("is written with each expiry reminder for the owner's subscribed endpoints of the key's environment", async () => {
    // No poll while the test runs: the deliveries stay as written.
    const {app, mail, clock} = await build({env: {WEBHOOK_POLL_INTERVAL_MS: '600000'}});
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const expiresAt = new Date(clock.now().getTime() + 5 * DAY).toISOString();
    const {key, apiKey} = (
      await authed(app, owner, 'POST', '/api/keys/sandbox', {name: 'Clinic web', expiresAt})
    ).json();
    expect((await startSdkSession(app, apiKey)).statusCode).toBe(200);
    await app.keyUsage.flush();

    const endpoint = async (environment: string, url: string, eventTypes: string[]) => {
      const res = await authed(app, owner, 'POST', '/api/webhooks', {environment, url, eventTypes});
      expect(res.statusCode, res.body).toBe(201);
      return res.json().endpoint.id as string;
    };
    const subscribed = await endpoint('sandbox', 'https://a.example.com/in', ['key.expiring']);
    await endpoint('sandbox', 'https://b.example.com/in', ['submission.created']);
    await endpoint('production', 'https://c.example.com/in', ['key.expiring']);
    const disabled = await endpoint('sandbox', 'https://d.example.com/in', ['key.expiring']);
    await authed(app, owner, 'PATCH', `/api/webhooks/${disabled}`, {enabled: false});

    const remind = async () => (await app.scheduler.run('key-expiry-reminders')).ran;
    expect(await remind()).toBe(true);
    clock.advance(4 * DAY + 60_000);
    expect(await remind()).toBe(true);

    const deliveries = await app.db.selectFrom('webhook_deliveries').select('endpoint_id').execute();
    expect(deliveries).toEqual([{endpoint_id: subscribed}, {endpoint_id: subscribed}]);
    // Days later: a new session reads the log.
    const again = (await login(app, 'owner@example.com')).json().token as string;
    const res = await authed(app, again, 'GET', `/api/webhooks/${subscribed}/deliveries`);
    expect(res.statusCode, res.body).toBe(200);
    const log = res.json();
    const bodies = log.deliveries.map((d: {requestBody: string}) => JSON.parse(d.requestBody) as unknown);
    for (const body of bodies) expect(Value.Check(KeyExpiringEvent, body)).toBe(true);
    const data = {keyId: key.id, name: 'Clinic web', keyEnding: apiKey.slice(-8), environment: 'sandbox', expiresAt};
    // Newest first: the reminder of the last day, then the week's.
    expect(bodies).toMatchObject([
      {type: 'key.expiring', data: {...data, daysLeft: 1}},
      {type: 'key.expiring', data: {...data, daysLeft: 7}},
    ]);
    // Never the key itself, and its name sealed at rest.
    expect(JSON.stringify(bodies)).not.toContain(apiKey);
    const events = await app.db.selectFrom('webhook_events').selectAll().execute();
    expect(events.map((e) => [e.event_type, e.key_type])).toEqual([
      ['key.expiring', 'sandbox'],
      ['key.expiring', 'sandbox'],
    ]);
    expect(JSON.stringify(events)).not.toContain('Clinic web');
  });
});
