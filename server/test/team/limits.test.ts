// Invitation limits: per team per rolling hour (TEAM_INVITES_PER_HOUR, 20) and per address per
// rolling day across all teams (INVITES_PER_ADDRESS_PER_DAY, 3). Every send counts (resends too,
// revoked ones too). Over its own limits a team is answered 429 with Retry-After before anything is
// written or mailed; over the address's share, which other teams' sends fill, it is answered as if
// the invitation were sent and no email goes out.
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {authed, signedIn} from '../helpers/accounts.js';
import {rowCounts} from '../helpers/database.js';
import {LONG_SESSIONS, expectError, invitationMails, invite, teamView} from './team-helpers.js';

const HOUR = 3600_000;

async function nothingChanges(ctx: Awaited<ReturnType<typeof build>>, action: () => Promise<void>) {
  const before = {rows: await rowCounts(ctx.app.db), mails: (await ctx.mail.all()).length};
  await action();
  expect({rows: await rowCounts(ctx.app.db), mails: (await ctx.mail.all()).length}).toEqual(before);
}

describe('per team', () => {
  it('allows TEAM_INVITES_PER_HOUR sends a rolling hour; Retry-After is when the oldest leaves the window, and waiting that long is enough', async () => {
    const ctx = await build({env: {TEAM_INVITES_PER_HOUR: '3'}, config: LONG_SESSIONS});
    const {app, mail, clock} = ctx;
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    for (const i of [0, 1, 2]) {
      expect((await invite(app, owner, `v${i}@example.com`)).statusCode).toBe(201);
      clock.advance(10 * 60_000);
    }
    // 30 minutes after the first send.
    await nothingChanges(ctx, async () => {
      const res = await invite(app, owner, 'v3@example.com');
      expectError(res, 429, 'RATE_LIMIT_EXCEEDED');
      expect(res.headers['retry-after']).toBe(String(30 * 60));
    });
    clock.advance(30 * 60_000 - 1000);
    const almost = await invite(app, owner, 'v3@example.com');
    expectError(almost, 429, 'RATE_LIMIT_EXCEEDED');
    expect(almost.headers['retry-after']).toBe('1');
    clock.advance(1000);
    expect((await invite(app, owner, 'v3@example.com')).statusCode).toBe(201);
    // The next slot frees ten minutes later, when the second send leaves the window.
    expect((await invite(app, owner, 'v4@example.com')).headers['retry-after']).toBe(String(10 * 60));
    expect(await invitationMails(mail, 'v4@example.com')).toEqual([]);
  });

  it('counts resends and revoked invitations; another team has its own count', async () => {
    const ctx = await build({env: {TEAM_INVITES_PER_HOUR: '3'}, config: LONG_SESSIONS});
    const {app, mail, clock} = ctx;
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const other = await signedIn(app, mail, 'other@example.com', {teamName: 'Other'});
    const id = (await invite(app, owner, 'a@example.com')).json().invitation.id as string;
    clock.advance(60_000);
    expect((await authed(app, owner, 'POST', `/api/team/invitations/${id}/resend`)).statusCode).toBe(200);
    const revoked = (await invite(app, owner, 'b@example.com')).json().invitation.id as string;
    expect((await authed(app, owner, 'DELETE', `/api/team/invitations/${revoked}`)).statusCode).toBe(204);
    clock.advance(60_000);
    await nothingChanges(ctx, async () => {
      expectError(await invite(app, owner, 'c@example.com'), 429, 'RATE_LIMIT_EXCEEDED');
      expectError(await authed(app, owner, 'POST', `/api/team/invitations/${id}/resend`), 429, 'RATE_LIMIT_EXCEEDED');
    });
    expect((await invite(app, other, 'c@example.com')).statusCode).toBe(201);
  });

  it('defaults to 20 an hour', async () => {
    const ctx = await build();
    const {app, mail} = ctx;
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    for (let i = 0; i < 20; i += 1)
      expect((await invite(app, owner, `v${i}@example.com`)).statusCode, `invitation ${i + 1}`).toBe(201);
    await nothingChanges(ctx, async () =>
      expectError(await invite(app, owner, 'v20@example.com'), 429, 'RATE_LIMIT_EXCEEDED'),
    );
  });
});

describe('per address', () => {
  it('allows 3 emails to one address a rolling day across all teams; another team is then answered as if its invitation were sent, and no email goes out', async () => {
    const ctx = await build({config: LONG_SESSIONS});
    const {app, mail, clock} = ctx;
    const teams: string[] = [];
    for (const name of ['A', 'B', 'C', 'D'])
      teams.push(await signedIn(app, mail, `${name.toLowerCase()}@example.com`, {teamName: name}));
    const answers = [];
    for (const team of teams.slice(0, 3)) {
      answers.push(await invite(app, team, 'Victim@example.com'));
      clock.advance(HOUR);
    }
    const fourth = await invite(app, teams[3]!, 'victim@example.com');
    // The same answer as the sent ones: nothing tells team D that other teams invited the address.
    for (const res of [...answers, fourth]) {
      expect(res.statusCode).toBe(201);
      expect(res.headers['retry-after']).toBeUndefined();
      expect(Object.keys(res.json().invitation).sort()).toEqual(Object.keys(answers[0]!.json().invitation).sort());
    }
    expect(fourth.json().invitation).toMatchObject({email: 'victim@example.com', role: 'member'});
    expect(await invitationMails(mail, 'victim@example.com')).toHaveLength(3);
    // Team D's list shows the invitation pending, like any other it sent.
    expect((await teamView(app, teams[3]!)).json().invitations).toEqual([fourth.json().invitation]);
    // Another address is not affected.
    expect((await invite(app, teams[3]!, 'someone@example.com')).statusCode).toBe(201);
    expect(await invitationMails(mail, 'someone@example.com')).toHaveLength(1);
    // Once the first send leaves the window, D's resend reaches the address.
    clock.advance(21 * HOUR);
    const id = fourth.json().invitation.id as string;
    expect((await authed(app, teams[3]!, 'POST', `/api/team/invitations/${id}/resend`)).statusCode).toBe(200);
    expect(await invitationMails(mail, 'victim@example.com')).toHaveLength(4);
  });

  it('a send answered as sent counts for the team but not for the address', async () => {
    const ctx = await build({env: {INVITES_PER_ADDRESS_PER_DAY: '1', TEAM_INVITES_PER_HOUR: '2'}});
    const {app, mail} = ctx;
    const a = await signedIn(app, mail, 'a@example.com', {teamName: 'A'});
    const b = await signedIn(app, mail, 'b@example.com', {teamName: 'B'});
    const c = await signedIn(app, mail, 'c@example.com', {teamName: 'C'});
    expect((await invite(app, a, 'victim@example.com')).statusCode).toBe(201);
    expect((await invite(app, b, 'victim@example.com')).statusCode).toBe(201);
    expect((await invite(app, b, 'other@example.com')).statusCode).toBe(201);
    // B's hour is used up by its two sends, the unsent one included, as it would be had both gone out.
    expectError(await invite(app, b, 'third@example.com'), 429, 'RATE_LIMIT_EXCEEDED');
    expect(await invitationMails(mail, 'victim@example.com')).toHaveLength(1);
    expect(await invitationMails(mail, 'other@example.com')).toHaveLength(1);
    // C is answered the same: B's unsent invitation did not extend the address's day.
    expect((await invite(app, c, 'victim@example.com')).statusCode).toBe(201);
    expect(await invitationMails(mail, 'victim@example.com')).toHaveLength(1);
  });

  it('counts resends: a team resending once a minute stops at the third send of the day', async () => {
    const ctx = await build({env: {INVITES_PER_ADDRESS_PER_DAY: '3'}});
    const {app, mail, clock} = ctx;
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const id = (await invite(app, owner, 'victim@example.com')).json().invitation.id as string;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      clock.advance(60_000);
      statuses.push((await authed(app, owner, 'POST', `/api/team/invitations/${id}/resend`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect(await invitationMails(mail, 'victim@example.com')).toHaveLength(3);
  });

  it('is configurable with INVITES_PER_ADDRESS_PER_DAY; a 409 is answered before the limit', async () => {
    const ctx = await build({env: {INVITES_PER_ADDRESS_PER_DAY: '1'}});
    const {app, mail} = ctx;
    const a = await signedIn(app, mail, 'a@example.com', {teamName: 'A'});
    const b = await signedIn(app, mail, 'b@example.com', {teamName: 'B'});
    expect((await invite(app, a, 'victim@example.com')).statusCode).toBe(201);
    expect((await invite(app, b, 'victim@example.com')).statusCode).toBe(201);
    expect(await invitationMails(mail, 'victim@example.com')).toHaveLength(1);
    expectError(await invite(app, a, 'victim@example.com'), 409, 'EMAIL_IN_USE');
  });
});
