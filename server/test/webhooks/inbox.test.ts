// The test inbox: /api/webhook-inbox/{id} records what it receives for 24 hours (the body sealed: it may hold
// patients' answers), created on demand and its bodies read by owners and admins (members see what arrived); a
// signed delivery from sendWebhook arrives there through the network rule's one exception.
import crypto from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {Webhook} from 'standardwebhooks';
import {build} from '../helpers/app.js';
import {authed, login, signedIn} from '../helpers/accounts.js';
import {sendWebhook} from '../../src/webhooks/send.js';
import {housekeep} from '../../src/services/housekeeping.js';

const PRIVATE_ANSWER = 'Recurring chest pain after my chemotherapy';
const DAY = 24 * 60 * 60 * 1000;

describe('/api/webhook-inbox', () => {
  it('records a signed delivery sealed for 24 hours, its body shown only to owners and admins, who alone create it', async () => {
    const ctx = await build({env: {LOG_LEVEL: 'trace'}});
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

    // A real delivery, through the exception for our own inbox, to this API on loopback.
    const listen = await app.listen({host: '127.0.0.1', port: 0});
    const origin = new URL(listen).origin;
    const secret = `whsec_${crypto.randomBytes(24).toString('base64')}`;
    const body = JSON.stringify({type: 'submission.created', data: {answer: PRIVATE_ANSWER}});
    const request = {url: `${origin}${inbox.path}`, id: 'msg_1', timestamp: new Date(), body, secrets: [secret]};
    const ownInbox = {origin, listen: {host: '127.0.0.1', port: Number(new URL(listen).port)}};
    const result = await sendWebhook(request, {allowPrivateNetworks: false, timeoutMs: 5000, ownInbox});
    expect(result).toMatchObject({ok: true, status: 200});
    expect(
      await app.inject({method: 'POST', url: '/api/webhook-inbox/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', payload: body}),
    ).toMatchObject({statusCode: 404});

    // A member sees what arrived, never the body (it may hold a production patient's answers); the owner reads it.
    const seen = (await authed(app, member, 'GET', '/api/webhook-inbox')).json();
    expect(seen.inbox).toEqual(inbox);
    expect(seen.messages).toEqual([expect.objectContaining({body: null})]);
    expect(seen.messages[0].headers['webhook-id']).toBe('msg_1');
    const read = (await authed(app, owner, 'GET', '/api/webhook-inbox')).json();
    expect(read.messages).toHaveLength(1);
    const [message] = read.messages;
    expect(message.body).toBe(body);
    expect(message.headers['webhook-id']).toBe('msg_1');
    expect(message.headers.cookie).toBeUndefined();
    expect(new Webhook(secret).verify(message.body, message.headers)).toEqual(JSON.parse(body));

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
    expect(removed.webhookInbox).toBe(1);
  });
});
