// Attacks on team membership found by an outside review, one test per finding (1-5), each as the attacker and the victim
// would act. Every one of them failed on the code before invitations needed consent.
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {PASSWORD, TURNSTILE, authed, login, post, register, signedIn, verify} from '../helpers/accounts.js';
import {rowCounts} from '../helpers/database.js';
import {expectError, invitationId, invitationMails, invitationToken, invite, me} from './team-helpers.js';
import {startSdkSession} from '../helpers/sdk-session.js';

describe('teams: what the outside review found', () => {
  it('1. an address invited before it has an account does not join when its owner signs up normally; the real employer can still invite it', async () => {
    const {app, mail} = await build();
    const squatter = await signedIn(app, mail, 'squatter@evil.test', {name: 'Mallory', teamName: 'Squat'});
    expect((await invite(app, squatter, 'victim@bigcorp.test')).statusCode).toBe(201);

    // The real person signs up without a team name and never clicks the invitation.
    const victim = await signedIn(app, mail, 'victim@bigcorp.test');
    expect((await me(app, victim)).team).toBeNull();
    const created = await authed(app, victim, 'POST', '/api/keys/sandbox');
    expect(created.statusCode).toBe(201);
    const victimKey = created.json().apiKey as string;

    const squatterKeys = (await authed(app, squatter, 'GET', '/api/keys')).json().keys as Array<{apiKey: string}>;
    expect(squatterKeys.map((k) => k.apiKey)).not.toContain(victimKey);
    expect((await authed(app, squatter, 'GET', '/api/team')).json().users.map((u: {email: string}) => u.email)).toEqual(
      ['squatter@evil.test'],
    );
    expect((await authed(app, victim, 'GET', '/api/keys')).json().keys.map((k: {apiKey: string}) => k.apiKey)).toEqual([
      victimKey,
    ]);

    // The employer's invitation is not blocked by the squatter's.
    const employer = await signedIn(app, mail, 'boss@bigcorp.test', {teamName: 'BigCorp'});
    const res = await invite(app, employer, 'victim@bigcorp.test');
    expect(res.statusCode).toBe(201);
    expect((await invitationMails(mail, 'victim@bigcorp.test')).map((m) => m.subject)).toEqual([
      'A teammate invited you to join the team “Squat” on IntakeKit',
      'A teammate invited you to join the team “BigCorp” on IntakeKit',
    ]);
  });

  it('2. an existing account without a team is not added by an invitation; its personal keys stay its own and revocable', async () => {
    const {app, mail} = await build();
    const victim = await signedIn(app, mail, 'victim@example.com');
    const key = (await authed(app, victim, 'POST', '/api/keys/sandbox')).json();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});

    expect((await invite(app, owner, 'victim@example.com')).statusCode).toBe(201);

    expect((await me(app, victim)).team).toBeNull();
    expect((await authed(app, victim, 'GET', '/api/team')).statusCode).toBe(404);
    expect((await authed(app, victim, 'GET', '/api/keys')).json().keys).toEqual([key.key]);
    expect((await authed(app, owner, 'GET', '/api/keys')).json().keys).toEqual([]);
    expect((await authed(app, owner, 'GET', '/api/team')).json().users.map((u: {email: string}) => u.email)).toEqual([
      'owner@example.com',
    ]);
    const revoked = await authed(app, victim, 'DELETE', `/api/keys/${key.key.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expectError(
      await startSdkSession(app, key.apiKey, {flowId: 'new-patient', env: 'sandbox'}),
      401,
      'INVALID_API_KEY',
    );
  });

  it('3. with LOGIN_REQUIRES_VERIFIED_EMAIL=false, someone who registers an invited address without its mailbox never sees the team or its keys', async () => {
    const {app, mail} = await build({env: {LOGIN_REQUIRES_VERIFIED_EMAIL: 'false'}});
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const teamKey = (await authed(app, owner, 'POST', '/api/keys/sandbox')).json().apiKey as string;
    expect((await invite(app, owner, 'invited@example.com')).statusCode).toBe(201);

    await register(app, 'invited@example.com', {name: 'Squatter'});
    const squatter = (await login(app, 'invited@example.com')).json().token as string;
    expect((await me(app, squatter)).team).toBeNull();
    expect((await authed(app, squatter, 'GET', '/api/keys')).json().keys).toEqual([]);
    expectError(await authed(app, squatter, 'GET', '/api/team'), 404, 'NOT_FOUND');
    const ownerView = (await authed(app, owner, 'GET', '/api/team')).json();
    expect(ownerView.users.map((u: {email: string}) => u.email)).toEqual(['owner@example.com']);
    expect(ownerView.invitations.map((i: {email: string}) => i.email)).toEqual(['invited@example.com']);
    expect(JSON.stringify((await authed(app, squatter, 'GET', '/api/keys')).json())).not.toContain(teamKey);
  });

  it('3. with the default setting, a squatter on an invited address is not a member and does not become one when the mailbox owner verifies', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    await authed(app, owner, 'POST', '/api/keys/sandbox');
    expect((await invite(app, owner, 'invited@example.com')).statusCode).toBe(201);
    await register(app, 'invited@example.com', {name: 'Squatter'});
    expect((await authed(app, owner, 'GET', '/api/team')).json().users.map((u: {email: string}) => u.email)).toEqual([
      'owner@example.com',
    ]);

    // The mailbox owner clicks the verification link; the account that is then usable has no team.
    await verify(app, mail, 'invited@example.com');
    const session = (await login(app, 'invited@example.com')).json().token as string;
    expect((await me(app, session)).team).toBeNull();
    expect((await authed(app, session, 'GET', '/api/keys')).json().keys).toEqual([]);
    expect((await authed(app, owner, 'GET', '/api/team')).json().users.map((u: {email: string}) => u.email)).toEqual([
      'owner@example.com',
    ]);
  });

  it('4. POST /api/team/add answers an address with no account, one without a team and one in another team alike', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {name: 'Olive', teamName: 'Acme'});
    await signedIn(app, mail, 'teamless@example.com');
    await signedIn(app, mail, 'rival@example.com', {teamName: 'Rival'});
    const addresses = ['nobody@example.com', 'teamless@example.com', 'rival@example.com'];
    const answers = [];
    for (const email of addresses) {
      const res = await invite(app, owner, email);
      answers.push({status: res.statusCode, body: res.json(), headers: Object.keys(res.headers).sort()});
    }
    // The same status, headers and body with the address's own values blanked out.
    const blank = answers.map((a) => ({
      ...a,
      body: {invitation: {...a.body.invitation, id: '<id>', email: '<email>'}},
    }));
    expect(blank[0]).toMatchObject({status: 201, body: {invitation: {role: 'member'}}});
    expect(blank[1]).toEqual(blank[0]);
    expect(blank[2]).toEqual(blank[0]);
    answers.forEach((a, i) => expect(a.body.invitation.email).toBe(addresses[i]));
    // The same email too, whatever the address.
    const mails = await Promise.all(
      addresses.map(async (email) =>
        (await invitationMails(mail, email)).map((m) => ({
          subject: m.subject,
          text: m.text.replaceAll(email, '<email>').replace(/token=[A-Za-z0-9_-]+/g, 'token=<token>'),
        })),
      ),
    );
    expect(mails[0]).toHaveLength(1);
    expect(mails[1]).toEqual(mails[0]);
    expect(mails[2]).toEqual(mails[0]);
    // Nobody joined anything.
    expect(
      (await authed(app, owner, 'GET', '/api/team'))
        .json()
        .invitations.map((i: {email: string}) => i.email)
        .sort(),
    ).toEqual([...addresses].sort());
    expect((await authed(app, owner, 'GET', '/api/team')).json().users).toHaveLength(1);
  });

  it('5. invite-then-revoke cycles put at most 3 invitations a day in one inbox; the 4th answers 429 with Retry-After before any mail', async () => {
    const {app, mail, clock} = await build();
    const attacker = await signedIn(app, mail, 'attacker@evil.test', {name: 'Mallory', teamName: 'Spam'});
    const answers: Array<{status: number; retryAfter: string | undefined; code: string | undefined}> = [];
    const revocations: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      clock.advance(500);
      const res = await invite(app, attacker, 'victim@example.com');
      answers.push({
        status: res.statusCode,
        retryAfter: res.headers['retry-after'] as string | undefined,
        code: res.json().error?.code,
      });
      if (res.statusCode === 201)
        revocations.push(
          (await authed(app, attacker, 'DELETE', `/api/team/invitations/${res.json().invitation?.id}`)).statusCode,
        );
    }
    // The first send leaves the 24-hour window 24 h after it was made (i * 500 ms ago at the i-th attempt).
    const refused = (i: number) => ({
      status: 429,
      code: 'RATE_LIMIT_EXCEEDED',
      retryAfter: String(Math.ceil((24 * 3600_000 - i * 500) / 1000)),
    });
    const created = {status: 201, code: undefined, retryAfter: undefined};
    expect(answers).toEqual([created, created, created, ...[3, 4, 5, 6, 7, 8, 9].map(refused)]);
    expect(revocations).toEqual([204, 204, 204]);
    expect(await invitationMails(mail, 'victim@example.com')).toHaveLength(3);
  });

  it('5. one team cannot send more than 20 invitations an hour; the 21st answers 429 with Retry-After and sends nothing', async () => {
    const {app, mail, clock} = await build();
    const attacker = await signedIn(app, mail, 'attacker@evil.test', {teamName: 'Spam'});
    for (let i = 0; i < 20; i += 1) expect((await invite(app, attacker, `v${i}@example.com`)).statusCode).toBe(201);
    clock.advance(10 * 60_000);
    const before = {rows: await rowCounts(app.db), mails: (await mail.all()).length};
    const res = await invite(app, attacker, 'v20@example.com');
    expectError(res, 429, 'RATE_LIMIT_EXCEEDED');
    expect(res.headers['retry-after']).toBe('3000');
    expect({rows: await rowCounts(app.db), mails: (await mail.all()).length}).toEqual(before);
    expect(await invitationMails(mail, 'v20@example.com')).toEqual([]);
  });
});

describe('teams: consent, the way it should work', () => {
  it('the invited person joins only by pressing Join with the link, signed in as the address', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const teamKey = (await authed(app, owner, 'POST', '/api/keys/sandbox')).json().key;
    await invite(app, owner, 'new@example.com');
    const res = await post(app, '/api/auth/register', {
      email: 'new@example.com',
      password: PASSWORD,
      turnstileToken: TURNSTILE,
      invitationToken: await invitationToken(mail, 'new@example.com'),
    });
    expect(res.statusCode).toBe(201);
    const session = (await login(app, 'new@example.com')).json().token as string;
    expect((await me(app, session)).team).toBeNull();
    const joined = await post(
      app,
      '/api/invitations/accept',
      {token: await invitationToken(mail, 'new@example.com')},
      session,
    );
    expect(joined.statusCode).toBe(200);
    expect((await me(app, session)).team).toMatchObject({name: 'Acme', role: 'member'});
    expect((await authed(app, session, 'GET', '/api/keys')).json().keys).toEqual([teamKey]);
    await expect(invitationId(app, owner, 'new@example.com')).rejects.toThrow();
  });
});
