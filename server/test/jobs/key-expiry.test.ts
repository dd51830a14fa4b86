// Expiry reminders: the owner and admins of a team are emailed 7 days and 1 day before a key in use
// expires, once each; unused, revoked and far-off keys get none; a new expiry date starts over.
import {describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {build} from '../helpers/app.js';
import {authed, login, signedIn} from '../helpers/accounts.js';
import {startSdkSession} from '../helpers/sdk-session.js';

const DAY = 86_400_000;

async function remind(app: FastifyInstance) {
  const outcome = await app.scheduler.run('key-expiry-reminders');
  if (!outcome.ran) throw new Error('the reminder job did not run');
  return outcome.result;
}

describe('key expiry reminders', () => {
  it('emails the owner and admins 7 days and 1 day before a key in use expires, once each', async () => {
    const {app, mail, clock} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const expiresAt = new Date(clock.now().getTime() + 10 * DAY).toISOString();
    const used = (await authed(app, owner, 'POST', '/api/keys/sandbox', {name: 'Clinic web', expiresAt})).json();
    const unused = (await authed(app, owner, 'POST', '/api/keys/sandbox', {expiresAt})).json();
    const later = new Date(clock.now().getTime() + 40 * DAY).toISOString();
    const farOff = (await authed(app, owner, 'POST', '/api/keys/sandbox', {expiresAt: later})).json();
    for (const key of [used, farOff]) expect((await startSdkSession(app, key.apiKey)).statusCode).toBe(200);
    await app.keyUsage.flush();
    // A member is not emailed; an admin is.
    const team = await app.db.selectFrom('teams').select('id').executeTakeFirstOrThrow();
    for (const [email, role] of [
      ['admin@example.com', 'admin'],
      ['member@example.com', 'member'],
    ] as const) {
      await signedIn(app, mail, email);
      const user = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      await app.db
        .insertInto('team_members')
        .values({team_id: team.id, user_id: user.id, role, created_at: clock.now()})
        .execute();
    }
    expect(unused.key.name).not.toBe('Clinic web');

    expect(await remind(app)).toEqual({keys: 0, emails: 0, expired: 0});
    clock.advance(3 * DAY);
    expect(await remind(app)).toEqual({keys: 1, emails: 2, expired: 0});
    expect(await remind(app)).toEqual({keys: 0, emails: 0, expired: 0});
    const reminders = async (to: string) => (await mail.to(to)).filter((m) => m.subject.includes(' expires '));
    const first = await reminders('admin@example.com');
    expect(first.map((m) => m.subject)).toEqual([
      `Your IntakeKit sandbox key Clinic web (ending ${used.apiKey.slice(-8)}) expires in 7 days`,
    ]);
    expect(first[0]!.text).toContain('/api-keys');
    expect(await reminders('member@example.com')).toHaveLength(0);

    clock.advance(6 * DAY);
    expect(await remind(app)).toEqual({keys: 1, emails: 2, expired: 0});
    expect((await reminders('owner@example.com')).map((m) => m.subject).at(-1)).toMatch(/expires within a day$/);
    // The two 10-day keys expire now: no more reminders, and their expiry goes into the activity log.
    clock.advance(DAY);
    expect(await remind(app)).toEqual({keys: 0, emails: 0, expired: 2});
  });

  it('starts over when the expiry date changes, and never reminds of a revoked key', async () => {
    const {app, mail, clock} = await build();
    const token = await signedIn(app, mail, 'solo@example.com');
    const soon = new Date(clock.now().getTime() + 5 * DAY).toISOString();
    const kept = (await authed(app, token, 'POST', '/api/keys/sandbox', {expiresAt: soon})).json();
    const dropped = (await authed(app, token, 'POST', '/api/keys/sandbox', {expiresAt: soon})).json();
    for (const key of [kept, dropped]) await startSdkSession(app, key.apiKey);
    await app.keyUsage.flush();
    await authed(app, token, 'DELETE', `/api/keys/${dropped.key.id}/revoke`, {});
    expect(await remind(app)).toEqual({keys: 1, emails: 1, expired: 0});
    const moved = new Date(clock.now().getTime() + 6 * DAY).toISOString();
    await authed(app, token, 'PATCH', `/api/keys/${kept.key.id}`, {expiresAt: moved});
    expect(await remind(app)).toEqual({keys: 1, emails: 1, expired: 0});
    expect((await mail.to('solo@example.com')).filter((m) => m.subject.includes('expires'))).toHaveLength(2);
  });

  it('sends each reminder once when two API processes run the job at the same moment', async () => {
    const {app, mail, clock, config} = await build();
    const token = await signedIn(app, mail, 'solo@example.com');
    const soon = new Date(clock.now().getTime() + 3 * DAY).toISOString();
    const key = (await authed(app, token, 'POST', '/api/keys/sandbox', {expiresAt: soon})).json();
    await startSdkSession(app, key.apiKey);
    await app.keyUsage.flush();
    // A second API process on the same database (on PostgreSQL its own connections, so the two ticks race).
    const {buildApp} = await import('../../src/app.js');
    const other = await buildApp(config, {db: app.db});
    await other.ready();
    try {
      const outcomes = await Promise.all([
        app.scheduler.run('key-expiry-reminders'),
        other.scheduler.run('key-expiry-reminders'),
      ]);
      const emails = outcomes.reduce((n, o) => n + (o.ran ? (o.result.emails ?? 0) : 0), 0);
      expect(emails).toBe(1);
    } finally {
      await other.close();
    }
    expect((await mail.to('solo@example.com')).filter((m) => m.subject.includes(' expires '))).toHaveLength(1);
  });

  it('records an expiry in the activity log once, in the team’s log or the key owner’s own', async () => {
    const {app, mail, clock} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const solo = await signedIn(app, mail, 'solo@example.com');
    const soon = new Date(clock.now().getTime() + DAY).toISOString();
    const team = (await authed(app, owner, 'POST', '/api/keys/sandbox', {name: 'Clinic web', expiresAt: soon})).json();
    const own = (await authed(app, solo, 'POST', '/api/keys/sandbox', {name: 'Side project', expiresAt: soon})).json();
    expect(await remind(app)).toEqual({keys: 0, emails: 0, expired: 0});
    clock.advance(DAY + 60_000);
    expect(await remind(app)).toEqual({keys: 0, emails: 0, expired: 2});
    expect(await remind(app)).toEqual({keys: 0, emails: 0, expired: 0});

    // A day later the first sessions have ended: each signs in again to read the log.
    const expiries = async (email: string) => {
      const token = (await login(app, email)).json().token as string;
      return (await authed(app, token, 'GET', '/api/activity?action=key.expired')).json().events;
    };
    expect(await expiries('owner@example.com')).toEqual([
      expect.objectContaining({
        at: soon,
        actor: null,
        action: 'key.expired',
        target: {type: 'key', id: team.key.id, label: `Clinic web (ending ${team.apiKey.slice(-8)})`},
      }),
    ]);
    expect(await expiries('solo@example.com')).toEqual([
      expect.objectContaining({
        actor: {id: expect.any(String), email: 'solo@example.com'},
        target: expect.objectContaining({id: own.key.id}),
      }),
    ]);
  });
});
