// The life of an invitation: lookup, accept, decline, resend, revoke, expiry, and the races between them.
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {authed, login, register, signedIn} from '../helpers/accounts.js';
import {rowCounts} from '../helpers/database.js';
import {
  DAY,
  INVALID_LINK,
  LONG_SESSIONS,
  NO_ID,
  accept,
  decline,
  expectError,
  invitationId,
  invitationMails,
  invitationToken,
  invitedLink,
  invite,
  joinTeam,
  lookup,
  me,
  teamView,
} from './team-helpers.js';
import {startSdkSession} from '../helpers/sdk-session.js';

const T0 = Date.parse('2026-01-15T09:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

/** Every way of using a link answers the invalid-link error. */
async function expectDeadLink(app: Awaited<ReturnType<typeof build>>['app'], session: string, token: string) {
  for (const res of [await lookup(app, token), await accept(app, session, token), await decline(app, token)]) {
    expect({status: res.statusCode, error: res.json().error}).toEqual({status: 400, error: INVALID_LINK});
  }
}

describe('POST /api/invitations/lookup', () => {
  it('names the address, team, inviter, role and expiry without a session; unknown or malformed tokens are invalid', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {name: 'Olive', teamName: 'Acme'});
    await invite(app, owner, 'adm@example.com', {role: 'admin'});
    const res = await lookup(app, await invitationToken(mail, 'adm@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      invitation: {
        email: 'adm@example.com',
        teamName: 'Acme',
        inviterName: 'Olive',
        role: 'admin',
        expiresAt: at(7 * DAY),
      },
    });
    for (const token of ['A'.repeat(43), 'not a token', '']) {
      const bad = await lookup(app, token);
      expect(bad.statusCode, token).toBe(400);
    }
    expect((await lookup(app, 'A'.repeat(43))).json().error).toEqual(INVALID_LINK);
  });

  it('says inviterName null when the inviter has no name', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    await invite(app, owner, 'a@example.com');
    expect((await lookup(app, await invitationToken(mail, 'a@example.com'))).json().invitation.inviterName).toBeNull();
  });
});

describe('POST /api/invitations/accept', () => {
  it('joins the team with the invited role; the link then stops working and the invitation leaves the list', async () => {
    const {app, mail, clock} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const teamKey = (await authed(app, owner, 'POST', '/api/keys/sandbox')).json().key;
    const user = await signedIn(app, mail, 'adm@example.com', {name: 'Ada'});
    await invite(app, owner, 'adm@example.com', {role: 'admin'});
    clock.advance(5000);
    const token = await invitationToken(mail, 'adm@example.com');
    const res = await accept(app, user, token);
    expect(res.statusCode).toBe(200);
    const teamId = (await me(app, owner)).team!.id;
    expect(res.json()).toEqual({team: {id: teamId, name: 'Acme', role: 'admin'}, movedKeys: 0});
    expect((await me(app, user)).team).toEqual({id: teamId, name: 'Acme', role: 'admin', requireTwoFactor: false});
    expect((await authed(app, user, 'GET', '/api/keys')).json().keys).toEqual([teamKey]);
    const view = (await teamView(app, owner)).json();
    expect(view.users.at(-1)).toEqual({
      id: (await me(app, user)).id,
      name: 'Ada',
      email: 'adm@example.com',
      role: 'admin',
      joinedAt: at(5000),
    });
    expect(view.invitations).toEqual([]);
    await expectDeadLink(app, user, token);
  });

  it('answers 401 without a session and leaves the invitation usable', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const token = await invitedLink(app, mail, owner, 'a@example.com');
    expectError(
      await app.inject({method: 'POST', url: '/api/invitations/accept', payload: {token}}),
      401,
      'UNAUTHORIZED',
    );
    expect((await lookup(app, token)).statusCode).toBe(200);
  });

  it('refuses another account with 403 INVITATION_WRONG_ACCOUNT; the invitation stays pending for the right one', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const other = await signedIn(app, mail, 'other@example.com');
    const token = await invitedLink(app, mail, owner, 'right@example.com');
    const before = await rowCounts(app.db);
    const res = await accept(app, other, token);
    expect({status: res.statusCode, error: res.json().error}).toEqual({
      status: 403,
      error: {code: 'INVITATION_WRONG_ACCOUNT', message: 'This invitation was sent to a different email address.'},
    });
    expect(await rowCounts(app.db)).toEqual(before);
    expect((await me(app, other)).team).toBeNull();
    expect(await invitationId(app, owner, 'right@example.com')).toEqual(expect.any(String));
    const right = await signedIn(app, mail, 'right@example.com');
    expect((await accept(app, right, token)).statusCode).toBe(200);
  });

  it('refuses someone already in a team with 409 ALREADY_IN_TEAM; after leaving it they can accept', async () => {
    const {app, mail} = await build();
    const acme = await signedIn(app, mail, 'acme@example.com', {teamName: 'Acme'});
    const beta = await signedIn(app, mail, 'beta@example.com', {teamName: 'Beta'});
    const user = await joinTeam(app, mail, beta, 'user@example.com');
    const token = await invitedLink(app, mail, acme, 'user@example.com');
    const res = await accept(app, user.token, token);
    expect({status: res.statusCode, error: res.json().error}).toEqual({
      status: 409,
      error: {code: 'ALREADY_IN_TEAM', message: 'You already belong to a team. Leave it before joining another.'},
    });
    expect((await me(app, user.token)).team!.name).toBe('Beta');
    expect(await invitationId(app, acme, 'user@example.com')).toEqual(expect.any(String));
    // An owner is in a team too.
    await invite(app, acme, 'beta@example.com');
    expectError(await accept(app, beta, await invitationToken(mail, 'beta@example.com')), 409, 'ALREADY_IN_TEAM');

    expect((await authed(app, user.token, 'POST', '/api/team/leave')).statusCode).toBe(204);
    expect((await accept(app, user.token, token)).json().team).toMatchObject({name: 'Acme', role: 'member'});
  });

  it("moves the caller's personal keys into the team: they keep working, the team lists them and can revoke them", async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const teamKey = (await authed(app, owner, 'POST', '/api/keys/sandbox')).json();
    const user = await signedIn(app, mail, 'user@example.com');
    const personal = [
      (await authed(app, user, 'POST', '/api/keys/sandbox')).json(),
      (await authed(app, user, 'POST', '/api/keys/sandbox')).json(),
    ];
    await invite(app, owner, 'user@example.com');
    const res = await accept(app, user, await invitationToken(mail, 'user@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json().movedKeys).toBe(2);

    const ids = (keys: Array<{id: string}>) => keys.map((k) => k.id).sort();
    const all = ids([teamKey.key, ...personal.map((p) => p.key)]);
    expect(ids((await authed(app, owner, 'GET', '/api/keys')).json().keys)).toEqual(all);
    expect(ids((await authed(app, user, 'GET', '/api/keys')).json().keys)).toEqual(all);
    for (const key of personal)
      expect((await startSdkSession(app, key.apiKey, {flowId: 'new-patient', env: 'sandbox'})).statusCode).toBe(200);

    // The team manages them now: the owner revokes one, the other still works.
    expect((await authed(app, owner, 'DELETE', `/api/keys/${personal[0].key.id}/revoke`)).statusCode).toBe(200);
    expectError(
      await startSdkSession(app, personal[0].apiKey, {flowId: 'new-patient', env: 'sandbox'}),
      401,
      'INVALID_API_KEY',
    );
    expect((await startSdkSession(app, personal[1].apiKey, {flowId: 'new-patient', env: 'sandbox'})).statusCode).toBe(
      200,
    );

    // They stay with the team when the person leaves.
    expect((await authed(app, user, 'POST', '/api/team/leave')).statusCode).toBe(204);
    expect((await authed(app, user, 'GET', '/api/keys')).json().keys).toEqual([]);
    expect(ids((await authed(app, owner, 'GET', '/api/keys')).json().keys)).toEqual(all);
    expect((await startSdkSession(app, personal[1].apiKey, {flowId: 'new-patient', env: 'sandbox'})).statusCode).toBe(
      200,
    );
  });

  it('marks the address verified: the link proves the mailbox', async () => {
    const {app, mail} = await build({env: {LOGIN_REQUIRES_VERIFIED_EMAIL: 'false'}});
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    await register(app, 'late@example.com');
    const user = (await login(app, 'late@example.com')).json().token as string;
    expect((await me(app, user)).emailVerified).toBe(false);
    await invite(app, owner, 'late@example.com');
    expect((await accept(app, user, await invitationToken(mail, 'late@example.com'))).statusCode).toBe(200);
    expect((await me(app, user)).emailVerified).toBe(true);
    expect((await authed(app, user, 'POST', '/api/keys/sandbox')).statusCode).toBe(201);
  });
});

describe('two teams invite one address', () => {
  it('both invitations are pending; the person joins the one they accept and the other stays pending', async () => {
    const {app, mail} = await build();
    const acme = await signedIn(app, mail, 'acme@example.com', {name: 'Ann', teamName: 'Acme'});
    const beta = await signedIn(app, mail, 'beta@example.com', {name: 'Bob', teamName: 'Beta'});
    expect((await invite(app, acme, 'both@example.com')).statusCode).toBe(201);
    expect((await invite(app, beta, 'both@example.com', {role: 'admin'})).statusCode).toBe(201);
    const [fromAcme, fromBeta] = await invitationMails(mail, 'both@example.com');
    expect([fromAcme!.subject, fromBeta!.subject]).toEqual([
      'A teammate invited you to join the team “Acme” on IntakeKit',
      'A teammate invited you to join the team “Beta” on IntakeKit',
    ]);
    const tokenOf = (text: string) => /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    const user = await signedIn(app, mail, 'both@example.com');

    expect((await accept(app, user, tokenOf(fromBeta!.text))).json().team).toMatchObject({name: 'Beta', role: 'admin'});
    expectError(await accept(app, user, tokenOf(fromAcme!.text)), 409, 'ALREADY_IN_TEAM');
    expect((await teamView(app, acme)).json().invitations.map((i: {email: string}) => i.email)).toEqual([
      'both@example.com',
    ]);
    expect((await teamView(app, beta)).json().invitations).toEqual([]);
    // Neither team sees the other's invitation.
    expect(JSON.stringify((await teamView(app, beta)).json())).not.toContain('Acme');
  });
});

describe('POST /api/invitations/decline', () => {
  it('declines without a session; the link stops working, the team no longer lists it, and the team may invite again', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const user = await signedIn(app, mail, 'user@example.com');
    const token = await invitedLink(app, mail, owner, 'user@example.com');
    const res = await decline(app, token);
    expect({status: res.statusCode, body: res.json()}).toEqual({status: 200, body: {message: 'Invitation declined.'}});
    expect((await me(app, user)).team).toBeNull();
    expect((await teamView(app, owner)).json().invitations).toEqual([]);
    await expectDeadLink(app, user, token);
    expect((await invite(app, owner, 'user@example.com')).statusCode).toBe(201);
  });
});

describe('DELETE /api/team/invitations/{id}', () => {
  it('revokes a pending invitation: 204, the link stops working, a second revoke is 404', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const user = await signedIn(app, mail, 'user@example.com');
    const id = (await invite(app, owner, 'user@example.com')).json().invitation.id as string;
    const token = await invitationToken(mail, 'user@example.com');
    expect((await authed(app, owner, 'DELETE', `/api/team/invitations/${id}`)).statusCode).toBe(204);
    expect((await teamView(app, owner)).json().invitations).toEqual([]);
    await expectDeadLink(app, user, token);
    expectError(await authed(app, owner, 'DELETE', `/api/team/invitations/${id}`), 404, 'NOT_FOUND');
    expectError(await authed(app, owner, 'POST', `/api/team/invitations/${id}/resend`), 404, 'NOT_FOUND');
  });

  it("answers 404 for another team's invitation, an accepted one, an unknown or malformed id, and changes nothing", async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const rival = await signedIn(app, mail, 'rival@example.com', {teamName: 'Rival'});
    const theirs = (await invite(app, rival, 'x@example.com')).json().invitation.id as string;
    const accepted = (await invite(app, owner, 'joined@example.com')).json().invitation.id as string;
    await accept(
      app,
      await signedIn(app, mail, 'joined@example.com'),
      await invitationToken(mail, 'joined@example.com'),
    );
    const before = await rowCounts(app.db);
    for (const id of [theirs, accepted, NO_ID, 'not-a-uuid']) {
      expectError(await authed(app, owner, 'DELETE', `/api/team/invitations/${id}`), 404, 'NOT_FOUND');
      expectError(await authed(app, owner, 'POST', `/api/team/invitations/${id}/resend`), 404, 'NOT_FOUND');
    }
    expect(await rowCounts(app.db)).toEqual(before);
    expect((await lookup(app, await invitationToken(mail, 'x@example.com'))).statusCode).toBe(200);
  });
});

describe('POST /api/team/invitations/{id}/resend', () => {
  it('mails a new link with a new 7-day expiry; the old link stops working; at most once a minute with Retry-After', async () => {
    const {app, mail, clock} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const id = (await invite(app, owner, 'user@example.com')).json().invitation.id as string;
    const first = await invitationToken(mail, 'user@example.com');

    clock.advance(20_000);
    const early = await authed(app, owner, 'POST', `/api/team/invitations/${id}/resend`);
    expectError(early, 429, 'RATE_LIMIT_EXCEEDED');
    expect(early.headers['retry-after']).toBe('40');
    expect(await invitationMails(mail, 'user@example.com')).toHaveLength(1);

    clock.advance(40_000);
    const res = await authed(app, owner, 'POST', `/api/team/invitations/${id}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      invitation: {
        id,
        email: 'user@example.com',
        name: null,
        role: 'member',
        createdAt: at(0),
        sentAt: at(60_000),
        expiresAt: at(60_000 + 7 * DAY),
      },
    });
    expect(await invitationMails(mail, 'user@example.com')).toHaveLength(2);
    const second = await invitationToken(mail, 'user@example.com');
    expect(second).not.toBe(first);
    const user = await signedIn(app, mail, 'user@example.com');
    await expectDeadLink(app, user, first);
    expect((await lookup(app, second)).json().invitation.expiresAt).toBe(at(60_000 + 7 * DAY));
    expect((await accept(app, user, second)).statusCode).toBe(200);
  });
});

describe('expiry', () => {
  it('a link works until the second before expiresAt and never from it; the team can then invite again', async () => {
    const {app, mail, clock} = await build({config: LONG_SESSIONS});
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const user = await signedIn(app, mail, 'user@example.com');
    const {id, expiresAt} = (await invite(app, owner, 'user@example.com')).json().invitation;
    const token = await invitationToken(mail, 'user@example.com');
    clock.advance(Date.parse(expiresAt) - clock.now().getTime() - 1000);
    expect((await lookup(app, token)).statusCode).toBe(200);
    expect((await teamView(app, owner)).json().invitations).toHaveLength(1);
    clock.advance(1000);
    await expectDeadLink(app, user, token);
    expect((await teamView(app, owner)).json().invitations).toEqual([]);
    // An expired invitation is not pending: it can be neither revoked nor resent.
    expectError(await authed(app, owner, 'DELETE', `/api/team/invitations/${id}`), 404, 'NOT_FOUND');
    expectError(await authed(app, owner, 'POST', `/api/team/invitations/${id}/resend`), 404, 'NOT_FOUND');
    expect((await me(app, user)).team).toBeNull();

    expect((await invite(app, owner, 'user@example.com')).statusCode).toBe(201);
    expect((await accept(app, user, await invitationToken(mail, 'user@example.com'))).statusCode).toBe(200);
  });

  it('accepting one second before expiry succeeds', async () => {
    const {app, mail, clock} = await build({config: LONG_SESSIONS});
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const user = await signedIn(app, mail, 'user@example.com');
    await invite(app, owner, 'user@example.com');
    clock.advance(7 * DAY - 1000);
    expect((await accept(app, user, await invitationToken(mail, 'user@example.com'))).statusCode).toBe(200);
  });
});

describe('races', () => {
  it('concurrent accept and revoke: exactly one wins, the loser is told, and the state matches the winner', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    for (let i = 0; i < 6; i += 1) {
      const email = `race${i}@example.com`;
      const user = await signedIn(app, mail, email);
      const id = (await invite(app, owner, email)).json().invitation.id as string;
      const token = await invitationToken(mail, email);
      const [accepted, revoked] = await Promise.all([
        accept(app, user, token),
        authed(app, owner, 'DELETE', `/api/team/invitations/${id}`),
      ]);
      const team = (await me(app, user)).team;
      if (accepted.statusCode === 200) {
        expectError(revoked, 404, 'NOT_FOUND');
        expect(team?.name).toBe('Acme');
      } else {
        expect({accept: accepted.statusCode, error: accepted.json().error, revoke: revoked.statusCode}).toEqual({
          accept: 400,
          error: INVALID_LINK,
          revoke: 204,
        });
        expect(team).toBeNull();
      }
      expect((await teamView(app, owner)).json().invitations).toEqual([]);
    }
  });

  it('the same link accepted twice at once joins once', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const user = await signedIn(app, mail, 'user@example.com');
    const token = await invitedLink(app, mail, owner, 'user@example.com');
    const results = await Promise.all([accept(app, user, token), accept(app, user, token), accept(app, user, token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect((await teamView(app, owner)).json().users).toHaveLength(2);
  });

  it("two teams' invitations accepted at once: the person joins exactly one, the other answers ALREADY_IN_TEAM and stays pending", async () => {
    const {app, mail} = await build();
    const acme = await signedIn(app, mail, 'acme@example.com', {teamName: 'Acme'});
    const beta = await signedIn(app, mail, 'beta@example.com', {teamName: 'Beta'});
    const user = await signedIn(app, mail, 'user@example.com');
    const acmeToken = await invitedLink(app, mail, acme, 'user@example.com');
    const betaToken = await invitedLink(app, mail, beta, 'user@example.com');
    const results = await Promise.all([accept(app, user, acmeToken), accept(app, user, betaToken)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().error.code).toBe('ALREADY_IN_TEAM');
    const joined = (await me(app, user)).team!.name;
    const other = joined === 'Acme' ? beta : acme;
    expect((await teamView(app, other)).json().invitations.map((i: {email: string}) => i.email)).toEqual([
      'user@example.com',
    ]);
  });
});
