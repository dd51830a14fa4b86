// The test inbox: /api/webhook-inbox/{id} records what it receives for 24 hours (the body sealed: it may hold
// patients' answers), created on demand and its bodies read by owners and admins (members see what arrived); the
// worker delivers to it under API_URL through the network rule's one exception.
import {describe, expect, it} from 'vitest';
import {Webhook} from 'standardwebhooks';
import {build} from '../helpers/app.js';
import {authed, login, signedIn} from '../helpers/accounts.js';
import {expectRefusal} from '../helpers/refusals.js';
import {ERROR_CATALOGUE, type ErrorCode} from '@intakekit/contract/errors';
import {until} from './until.js';
import {housekeep} from '../../src/services/housekeeping.js';

const PRIVATE_ANSWER = 'Recurring chest pain after my chemotherapy';
const DAY = 24 * 60 * 60 * 1000;
/** This API's public address as readers see it: neither the address nor the port nor the scheme it listens on. */
const API_URL = 'https://localhost:8443';
const refusal = (code: ErrorCode) => ({code, message: ERROR_CATALOGUE[code].message});

describe('/api/webhook-inbox', () => {
  it('records a signed delivery sealed for 24 hours, its body shown only to owners and admins, who alone create it', async () => {
    const ctx = await build({env: {LOG_LEVEL: 'trace', API_URL, WEBHOOK_POLL_INTERVAL_MS: '10'}});
    const {app, mail, clock} = ctx;
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    expect((await authed(app, owner, 'GET', '/api/webhook-inbox')).json()).toEqual({inbox: null, messages: []});

    const created = await authed(app, owner, 'POST', '/api/webhook-inbox');
    expect(created.statusCode).toBe(200);
    const {inbox} = created.json();
    expect(inbox.path).toMatch(/^\/api\/webhook-inbox\/[A-Za-z0-9_-]{32}$/);
    // On demand: the same inbox every time.
    expect((await authed(app, owner, 'POST', '/api/webhook-inbox')).json()).toEqual({inbox});

    // A member reads it but cannot create one.
    expect(
      (await authed(app, owner, 'POST', '/api/team/add', {email: 'm@example.com', role: 'member'})).statusCode,
    ).toBe(201);
    const member = await signedIn(app, mail, 'm@example.com');
    const invitation = await mail.lastToken('m@example.com', 'accept-invitation');
    await authed(app, member, 'POST', '/api/invitations/accept', {token: invitation});
    expect((await authed(app, member, 'POST', '/api/webhook-inbox')).statusCode).toBe(403);

    // A real delivery by the worker, private networks off: the endpoint is the inbox under API_URL, a loopback name
    // on another port and in https (as behind a proxy that ends TLS), and it reaches this API's own listener.
    await app.listen({host: '127.0.0.1', port: 0});
    const otherPath = {environment: 'sandbox', url: `${API_URL}/api/health`, eventTypes: ['webhook.test']};
    expectRefusal(
      await authed(app, owner, 'POST', '/api/webhooks', otherPath),
      400,
      refusal('WEBHOOK_URL_PRIVATE_NETWORK'),
    );
    const toInbox = {...otherPath, environment: 'production', url: `${API_URL}${inbox.path}`};
    const saved = await authed(app, owner, 'POST', '/api/webhooks', toInbox);
    expect(saved.statusCode, saved.body).toBe(201);
    const endpoint = `/api/webhooks/${saved.json().endpoint.id}`;
    const {secret} = (await authed(app, owner, 'POST', `${endpoint}/secret`)).json();
    const {eventId} = (await authed(app, owner, 'POST', `${endpoint}/test`)).json();
    await until(async () => (await authed(app, owner, 'GET', '/api/webhook-inbox')).json().messages.length === 1);
    const [delivered] = (await authed(app, owner, 'GET', '/api/webhook-inbox')).json().messages;
    expect(delivered.headers['webhook-id']).toBe(eventId);
    expect(new Webhook(secret).verify(delivered.body, delivered.headers)).toMatchObject({type: 'webhook.test'});

    // Anyone who knows the id may post to it; an unknown inbox is 404.
    clock.advance(1000);
    const body = JSON.stringify({type: 'submission.created', data: {answer: PRIVATE_ANSWER}});
    const post = (id: string) => app.inject({method: 'POST', url: `/api/webhook-inbox/${id}`, payload: body});
    expect(await post(inbox.id)).toMatchObject({statusCode: 200});
    expect(await post('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toMatchObject({statusCode: 404});

    // A member sees what arrived, never the body (it may hold a production patient's answers); the owner reads it.
    const seen = (await authed(app, member, 'GET', '/api/webhook-inbox')).json();
    expect(seen.inbox).toEqual(inbox);
    expect(seen.messages).toEqual([expect.objectContaining({body: null}), expect.objectContaining({body: null})]);
    expect(seen.messages[1].headers['webhook-id']).toBe(eventId);
    const read = (await authed(app, owner, 'GET', '/api/webhook-inbox')).json();
    expect(read.messages).toHaveLength(2);
    const [message] = read.messages;
    expect(message.body).toBe(body);
    expect(message.headers.cookie).toBeUndefined();

    // Sealed at rest, never in the log.
    const rows = await app.db.selectFrom('webhook_inbox_messages').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('chest pain');
    expect(ctx.logs.text).toContain(inbox.path);
    expect(ctx.logs.text).not.toContain('chest pain');

    // 24 hours later it is no longer shown (to a new session: the old one has ended), and housekeeping removes it.
    clock.advance(DAY + 1000);
    const later = (await login(app, 'm@example.com')).json().token as string;
    expect((await authed(app, later, 'GET', '/api/webhook-inbox')).json()).toEqual({inbox, messages: []});
    const removed = await app.db.transaction().execute((trx) => housekeep(trx, ctx.config));
    expect(removed.webhookInbox).toBe(2);
  });
});
