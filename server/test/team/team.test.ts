// /api/team: the team view and POST /api/team/add (an invitation by email, never a membership).
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {authed, login, register, signedIn} from '../helpers/accounts.js';
import {rowCounts} from '../helpers/database.js';
import {DAY, expectError, invitationMails, invite, joinTeam, me} from './team-helpers.js';

const T0 = Date.parse('2026-01-15T09:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

describe('GET /api/team', () => {
  it('answers 404 NOT_FOUND for a user without a team', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'solo@example.com');
    const res = await authed(app, token, 'GET', '/api/team');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it("lists members by role and seniority with the caller's role; managers see pending invitations, members none", async () => {
    const {app, mail, clock} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {name: 'Olive', teamName: 'Acme'});
    clock.advance(1000);
    const member = await joinTeam(app, mail, owner, 'mem@example.com', {name: 'Max'});
    clock.advance(1000);
    const admin = await joinTeam(app, mail, owner, 'adm@example.com', {role: 'admin'});
    clock.advance(1000);
    await invite(app, owner, 'Later@Example.com', {name: ' Lee '});
    clock.advance(1000);
    await invite(app, admin.token, 'next@example.com');

    const users = [
      {id: expect.any(String), name: 'Olive', email: 'owner@example.com', role: 'owner', joinedAt: at(0)},
      {id: admin.id, name: null, email: 'adm@example.com', role: 'admin', joinedAt: at(2000)},
      {id: member.id, name: 'Max', email: 'mem@example.com', role: 'member', joinedAt: at(1000)},
    ];
    const invitations = [
      {
        id: expect.any(String),
        email: 'later@example.com',
        name: 'Lee',
        role: 'member',
        createdAt: at(3000),
        sentAt: at(3000),
        expiresAt: at(3000 + 7 * DAY),
      },
      {
        id: expect.any(String),
        email: 'next@example.com',
        name: null,
        role: 'member',
        createdAt: at(4000),
        sentAt: at(4000),
        expiresAt: at(4000 + 7 * DAY),
      },
    ];
    const team = {id: (await me(app, owner)).team!.id, name: 'Acme'};
    const views = {
      owner: (await authed(app, owner, 'GET', '/api/team')).json(),
      admin: (await authed(app, admin.token, 'GET', '/api/team')).json(),
      member: (await authed(app, member.token, 'GET', '/api/team')).json(),
    };
    expect(views).toEqual({
      owner: {team, role: 'owner', users, invitations},
      admin: {team, role: 'admin', users, invitations},
      member: {team, role: 'member', users, invitations: []},
    });
  });
});

describe('POST /api/team/add', () => {
  it('answers 201 with the pending invitation and mails a link to the accept page; nobody joins', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {name: 'Olive', teamName: 'Acme'});
    const res = await invite(app, owner, 'New@Example.com', {name: 'Nia'});
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      invitation: {
        id: expect.any(String),
        email: 'new@example.com',
        name: 'Nia',
        role: 'member',
        createdAt: at(0),
        sentAt: at(0),
        expiresAt: at(7 * DAY),
      },
    });
    const [sent, ...more] = await invitationMails(mail, 'new@example.com');
    expect(more).toEqual([]);
    expect(sent!.subject).toBe('A teammate invited you to join the team “Acme” on IntakeKit');
    expect(sent!.text).toContain('“Olive” invited you to join the team “Acme” on IntakeKit as a member.');
    expect(sent!.text).toMatch(/http:\/\/localhost:3000\/accept-invitation\?token=[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/);
    expect(sent!.text).toMatch(/member/);
    expect(sent!.text).toMatch(/7 days/);
    // Still only the owner: the invitation is not a membership.
    expect((await authed(app, owner, 'GET', '/api/team')).json().users).toHaveLength(1);
  });

  it('names the role, says "A teammate" without an inviter name, and keeps names plain text in HTML', async () => {
    const {app, mail} = await build();
    const teamName = 'Acme <a href="#win">win</a> & Co';
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName});
    expect((await invite(app, owner, 'adm@example.com', {role: 'admin'})).json().invitation.role).toBe('admin');
    const [sent] = await invitationMails(mail, 'adm@example.com');
    expect(sent!.subject).toBe(`A teammate invited you to join the team “${teamName}” on IntakeKit`);
    expect(sent!.text).toContain(`A teammate invited you to join the team “${teamName}”`);
    expect(sent!.text).toMatch(/admin/);
    expect(sent!.html).not.toContain('href="#win"');
    expect(sent!.html).toContain('Acme &lt;a href=&quot;#win&quot;&gt;win&lt;/a&gt; &amp; Co');
    const links = [...sent!.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^http:\/\/localhost:3000\/accept-invitation\?token=/);
  });

  it('answers 409 EMAIL_IN_USE, saying which, for your own address, a member and an address this team invited; nothing written or sent', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    await joinTeam(app, mail, owner, 'mem@example.com');
    await invite(app, owner, 'pending@example.com');
    const before = {rows: await rowCounts(app.db), mails: (await mail.all()).length};
    const cases = [
      ['owner@example.com', 'You are already a member of this team.'],
      ['mem@example.com', 'This person is already a member of your team.'],
      [
        'Pending@example.com',
        'This address already has a pending invitation to your team. You can resend it from the members list.',
      ],
    ];
    for (const [email, message] of cases) {
      const res = await invite(app, owner, email!);
      expect({email, status: res.statusCode, error: res.json().error}).toEqual({
        email,
        status: 409,
        error: {code: 'EMAIL_IN_USE', message},
      });
    }
    expect({rows: await rowCounts(app.db), mails: (await mail.all()).length}).toEqual(before);
  });

  it('answers 400 for bad input, 403 for a plain member, an unverified manager or an admin granting admin, 404 without a team', async () => {
    const {app, mail} = await build({env: {LOGIN_REQUIRES_VERIFIED_EMAIL: 'false'}});
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const payloads = [
      {},
      {email: 'nope'},
      {email: "x'; DROP TABLE teams; --"},
      {email: `${'x'.repeat(10_000)}@a.io`},
      {email: 'a@example.com', role: 'owner'},
      {email: 'a@example.com', role: 'boss'},
    ];
    for (const payload of payloads) {
      const res = await authed(app, owner, 'POST', '/api/team/add', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    const member = await joinTeam(app, mail, owner, 'mem@example.com');
    const admin = await joinTeam(app, mail, owner, 'adm@example.com', {role: 'admin'});
    await register(app, 'unverified@example.com', {teamName: 'Fresh'});
    const unverified = (await login(app, 'unverified@example.com')).json().token as string;
    const solo = await signedIn(app, mail, 'solo@example.com');
    const before = {rows: await rowCounts(app.db), mails: (await mail.all()).length};
    expectError(await invite(app, member.token, 'x@example.com'), 403, 'FORBIDDEN');
    expectError(await invite(app, admin.token, 'x@example.com', {role: 'admin'}), 403, 'FORBIDDEN');
    const refused = await invite(app, unverified, 'x@example.com');
    expectError(refused, 403, 'EMAIL_NOT_VERIFIED');
    expect(refused.json().error.message).toBe(
      'Please verify your email before inviting members. Check your inbox for the verification link.',
    );
    expectError(await invite(app, solo, 'x@example.com'), 404, 'NOT_FOUND');
    expect({rows: await rowCounts(app.db), mails: (await mail.all()).length}).toEqual(before);
    expect((await invite(app, admin.token, 'x@example.com', {role: 'member'})).statusCode).toBe(201);
  });
});
