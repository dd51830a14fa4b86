// Who may do what in a team: invite (with a role), resend and revoke, remove, change roles,
// transfer ownership and leave. Every refusal changes nothing.
import type {FastifyInstance} from 'fastify';
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {PASSWORD, authed, signedIn} from '../helpers/accounts.js';
import type {Mailbox} from '../helpers/mailbox.js';
import {rowCounts} from '../helpers/database.js';
import {NO_ID, expectError, invite, joinTeam, me, teamView} from './team-helpers.js';

/** A team with an owner, two admins and two members, and a rival team with its owner. */
async function acme(app: FastifyInstance, mail: Mailbox) {
  const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
  const ownerId = (await me(app, owner)).id;
  const a1 = await joinTeam(app, mail, owner, 'a1@example.com', {role: 'admin'});
  const a2 = await joinTeam(app, mail, owner, 'a2@example.com', {role: 'admin'});
  const m1 = await joinTeam(app, mail, owner, 'm1@example.com');
  const m2 = await joinTeam(app, mail, owner, 'm2@example.com');
  const rival = await signedIn(app, mail, 'rival@example.com', {teamName: 'Rival'});
  const rivalMember = await joinTeam(app, mail, rival, 'rm@example.com');
  const solo = await signedIn(app, mail, 'solo@example.com');
  return {
    owner: {token: owner, id: ownerId},
    a1,
    a2,
    m1,
    m2,
    rival,
    rivalMember,
    solo: {token: solo, id: (await me(app, solo)).id},
  };
}

const roles = async (app: FastifyInstance, token: string) =>
  Object.fromEntries(
    ((await teamView(app, token)).json().users as Array<{email: string; role: string}>).map((u) => [u.email, u.role]),
  );

describe('invitations by role', () => {
  it('the owner invites members and admins; an admin invites members only; a member invites nobody', async () => {
    const {app, mail} = await build();
    const t = await acme(app, mail);
    expect((await invite(app, t.owner.token, 'x1@example.com', {role: 'admin'})).json().invitation.role).toBe('admin');
    expect((await invite(app, t.owner.token, 'x2@example.com')).json().invitation.role).toBe('member');
    expect((await invite(app, t.a1.token, 'x3@example.com', {role: 'member'})).json().invitation.role).toBe('member');
    expectError(await invite(app, t.a1.token, 'x4@example.com', {role: 'admin'}), 403, 'FORBIDDEN');
    expectError(await invite(app, t.m1.token, 'x5@example.com'), 403, 'FORBIDDEN');
    expect(
      ((await teamView(app, t.owner.token)).json().invitations as Array<{email: string}>).map((i) => i.email).sort(),
    ).toEqual(['x1@example.com', 'x2@example.com', 'x3@example.com']);
  });

  it('owners and admins resend and revoke; a member gets 403 and the invitation is untouched', async () => {
    const {app, mail, clock} = await build();
    const t = await acme(app, mail);
    const id = (await invite(app, t.owner.token, 'x@example.com')).json().invitation.id as string;
    clock.advance(60_000);
    const before = await rowCounts(app.db);
    expectError(await authed(app, t.m1.token, 'POST', `/api/team/invitations/${id}/resend`), 403, 'FORBIDDEN');
    expectError(await authed(app, t.m1.token, 'DELETE', `/api/team/invitations/${id}`), 403, 'FORBIDDEN');
    expectError(await authed(app, t.rival, 'DELETE', `/api/team/invitations/${id}`), 404, 'NOT_FOUND');
    expectError(await authed(app, t.solo.token, 'DELETE', `/api/team/invitations/${id}`), 404, 'NOT_FOUND');
    expect(await rowCounts(app.db)).toEqual(before);
    expect((await authed(app, t.a1.token, 'POST', `/api/team/invitations/${id}/resend`)).statusCode).toBe(200);
    expect((await authed(app, t.a2.token, 'DELETE', `/api/team/invitations/${id}`)).statusCode).toBe(204);
  });
});

describe('DELETE /api/team/{id}', () => {
  it('the owner removes admins and members; an admin removes members; removed people lose access at once', async () => {
    const {app, mail} = await build();
    const t = await acme(app, mail);
    const teamKey = (await authed(app, t.owner.token, 'POST', '/api/keys/sandbox')).json().key;
    expect((await authed(app, t.a1.token, 'GET', '/api/keys')).json().keys).toEqual([teamKey]);
    expect((await authed(app, t.owner.token, 'DELETE', `/api/team/${t.a1.id}`)).statusCode).toBe(204);
    expect((await authed(app, t.a2.token, 'DELETE', `/api/team/${t.m1.id}`)).statusCode).toBe(204);
    for (const gone of [t.a1, t.m1]) {
      expect((await me(app, gone.token)).team).toBeNull();
      expectError(await teamView(app, gone.token), 404, 'NOT_FOUND');
      expect((await authed(app, gone.token, 'GET', '/api/keys')).json().keys).toEqual([]);
      expectError(await authed(app, gone.token, 'POST', `/api/keys/${teamKey.id}/rotate`), 404, 'NOT_FOUND');
      expectError(await authed(app, gone.token, 'DELETE', `/api/keys/${teamKey.id}/revoke`), 404, 'NOT_FOUND');
    }
    expect(await roles(app, t.owner.token)).toEqual({
      'owner@example.com': 'owner',
      'a2@example.com': 'admin',
      'm2@example.com': 'member',
    });
    // The team's key still works and is still the team's.
    expect((await authed(app, t.m2.token, 'GET', '/api/keys')).json().keys).toEqual([teamKey]);
  });

  it('refuses removing the owner, yourself, an admin (for an admin) and anyone (for a member) with 403; outsiders and invitations are 404', async () => {
    const {app, mail} = await build();
    const t = await acme(app, mail);
    const invitationId = (await invite(app, t.owner.token, 'x@example.com')).json().invitation.id as string;
    const before = await rowCounts(app.db);
    /** What removing `id` as `token` answers, named `what` so a failure says which case. */
    const removal = async (what: string, token: string, id: string) => {
      const res = await authed(app, token, 'DELETE', `/api/team/${id}`);
      return {what, status: res.statusCode, code: res.json().error?.code};
    };
    const forbidden: Array<[string, string, string]> = [
      ['owner removes self', t.owner.token, t.owner.id],
      ['admin removes owner', t.a1.token, t.owner.id],
      ['admin removes self', t.a1.token, t.a1.id],
      ['admin removes admin', t.a1.token, t.a2.id],
      ['member removes owner', t.m1.token, t.owner.id],
      ['member removes admin', t.m1.token, t.a1.id],
      ['member removes member', t.m1.token, t.m2.id],
      ['member removes self', t.m1.token, t.m1.id],
    ];
    for (const [what, token, id] of forbidden) {
      expect(await removal(what, token, id)).toEqual({what, status: 403, code: 'FORBIDDEN'});
    }
    const notFound: Array<[string, string, string]> = [
      ['another team', t.owner.token, t.rivalMember.id],
      ['another owner', t.owner.token, (await me(app, t.rival)).id],
      ['no team', t.owner.token, t.solo.id],
      ['an invitation id', t.owner.token, invitationId],
      ['nobody', t.owner.token, NO_ID],
      ['malformed', t.owner.token, 'not-a-uuid'],
      ['without a team', t.solo.token, t.m1.id],
    ];
    for (const [what, token, id] of notFound) {
      expect(await removal(what, token, id)).toEqual({what, status: 404, code: 'NOT_FOUND'});
    }
    expect(await rowCounts(app.db)).toEqual(before);
  });
});

describe('PATCH /api/team/{id}', () => {
  it('the owner makes a member an admin and back', async () => {
    const {app, mail} = await build();
    const t = await acme(app, mail);
    const res = await authed(app, t.owner.token, 'PATCH', `/api/team/${t.m1.id}`, {role: 'admin'});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {id: t.m1.id, name: null, email: 'm1@example.com', role: 'admin', joinedAt: expect.any(String)},
    });
    expect((await me(app, t.m1.token)).team!.role).toBe('admin');
    // Now an admin, they may invite.
    expect((await invite(app, t.m1.token, 'x@example.com')).statusCode).toBe(201);
    expect((await authed(app, t.owner.token, 'PATCH', `/api/team/${t.a1.id}`, {role: 'member'})).json().user.role).toBe(
      'member',
    );
    expectError(await invite(app, t.a1.token, 'y@example.com'), 403, 'FORBIDDEN');
    expect((await authed(app, t.owner.token, 'PATCH', `/api/team/${t.m2.id}`, {role: 'member'})).json().user.role).toBe(
      'member',
    );
  });

  it('refuses admins, members, the owner row and bad roles; 404 outside the team; nothing changes', async () => {
    const {app, mail} = await build();
    const t = await acme(app, mail);
    const before = await rowCounts(app.db);
    const rolesBefore = await roles(app, t.owner.token);
    const cases: Array<[string, string, string, unknown, number, string]> = [
      ['admin promotes member', t.a1.token, t.m1.id, {role: 'admin'}, 403, 'FORBIDDEN'],
      ['admin demotes admin', t.a1.token, t.a2.id, {role: 'member'}, 403, 'FORBIDDEN'],
      ['member promotes self', t.m1.token, t.m1.id, {role: 'admin'}, 403, 'FORBIDDEN'],
      ['owner demotes self', t.owner.token, t.owner.id, {role: 'admin'}, 403, 'FORBIDDEN'],
      ['another team', t.owner.token, t.rivalMember.id, {role: 'admin'}, 404, 'NOT_FOUND'],
      ['no team', t.owner.token, t.solo.id, {role: 'admin'}, 404, 'NOT_FOUND'],
      ['nobody', t.owner.token, NO_ID, {role: 'admin'}, 404, 'NOT_FOUND'],
    ];
    for (const [what, token, id, body, status, code] of cases) {
      const res = await authed(app, token, 'PATCH', `/api/team/${id}`, body);
      expect({what, status: res.statusCode, code: res.json().error?.code}).toEqual({what, status, code});
    }
    for (const body of [{role: 'owner'}, {role: 'boss'}, {}]) {
      expect(
        (await authed(app, t.owner.token, 'PATCH', `/api/team/${t.m1.id}`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect(await rowCounts(app.db)).toEqual(before);
    expect(await roles(app, t.owner.token)).toEqual(rolesBefore);
  });
});

describe('POST /api/team/transfer', () => {
  it('with the password, the owner hands the team to a member and becomes an admin', async () => {
    const {app, mail} = await build();
    const t = await acme(app, mail);
    const teamId = (await me(app, t.owner.token)).team!.id;
    const res = await authed(app, t.owner.token, 'POST', '/api/team/transfer', {userId: t.m1.id, password: PASSWORD});
    expect({status: res.statusCode, body: res.json()}).toEqual({
      status: 200,
      body: {team: {id: teamId, name: 'Acme', role: 'admin'}},
    });
    expect(await roles(app, t.m1.token)).toEqual({
      'm1@example.com': 'owner',
      'owner@example.com': 'admin',
      'a1@example.com': 'admin',
      'a2@example.com': 'admin',
      'm2@example.com': 'member',
    });
    expect((await me(app, t.owner.token)).team).toEqual({
      id: teamId,
      name: 'Acme',
      role: 'admin',
      requireTwoFactor: false,
    });
    // The new owner has the owner's powers; the former owner may now leave.
    expect((await authed(app, t.m1.token, 'PATCH', `/api/team/${t.owner.id}`, {role: 'member'})).statusCode).toBe(200);
    expect((await authed(app, t.owner.token, 'POST', '/api/team/leave')).statusCode).toBe(204);
    expectError(await authed(app, t.m1.token, 'POST', '/api/team/leave'), 403, 'OWNER_MUST_TRANSFER');
  });

  it.each([
    ['to two people', 'm1', 'm2'],
    ['to the same person twice', 'm1', 'm1'],
  ] as const)(
    'answers one of two transfers at once (%s) with 409 OWNERSHIP_CHANGED, which changes nothing',
    async (_what, first, second) => {
      const {app, mail} = await build();
      const t = await acme(app, mail);
      const answers = await Promise.all(
        [t[first], t[second]].map((target) =>
          authed(app, t.owner.token, 'POST', '/api/team/transfer', {userId: target.id, password: PASSWORD}),
        ),
      );
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const won = answers.findIndex((res) => res.statusCode === 200);
      expect(answers[1 - won]!.json().error).toEqual({
        code: 'OWNERSHIP_CHANGED',
        message: 'Ownership of this team has just changed. Reload the page to see who owns it now.',
      });
      const owner = won === 0 ? first : second;
      const other = first === second ? null : won === 0 ? second : first;
      const after = await roles(app, t[owner].token);
      expect(Object.entries(after).filter(([, role]) => role === 'owner')).toEqual([[`${owner}@example.com`, 'owner']]);
      expect(after['owner@example.com']).toBe('admin');
      if (other) expect(after[`${other}@example.com`]).toBe('member');
    },
  );

  it('refuses a wrong password with 400 INVALID_CURRENT_PASSWORD (the session stays), non-owners with 403, outsiders with 404', async () => {
    const {app, mail} = await build();
    const t = await acme(app, mail);
    const before = await rowCounts(app.db);
    const wrong = await authed(app, t.owner.token, 'POST', '/api/team/transfer', {
      userId: t.m1.id,
      password: 'Wrong-Horse-42',
    });
    expect({status: wrong.statusCode, error: wrong.json().error}).toEqual({
      status: 400,
      error: {code: 'INVALID_CURRENT_PASSWORD', message: 'That is not your current password. Please try again.'},
    });
    expect((await me(app, t.owner.token)).team!.role).toBe('owner');
    const cases: Array<[string, string, string, number, string]> = [
      ['admin transfers', t.a1.token, t.m1.id, 403, 'FORBIDDEN'],
      ['member transfers', t.m1.token, t.m2.id, 403, 'FORBIDDEN'],
      ['to another team', t.owner.token, t.rivalMember.id, 404, 'NOT_FOUND'],
      ['to no team', t.owner.token, t.solo.id, 404, 'NOT_FOUND'],
      ['to self', t.owner.token, t.owner.id, 404, 'NOT_FOUND'],
      ['to nobody', t.owner.token, NO_ID, 404, 'NOT_FOUND'],
    ];
    for (const [what, token, userId, status, code] of cases) {
      const res = await authed(app, token, 'POST', '/api/team/transfer', {userId, password: PASSWORD});
      expect({what, status: res.statusCode, code: res.json().error?.code}).toEqual({what, status, code});
    }
    expectError(
      await authed(app, t.solo.token, 'POST', '/api/team/transfer', {userId: t.m1.id, password: PASSWORD}),
      404,
      'NOT_FOUND',
    );
    expect(await rowCounts(app.db)).toEqual(before);
    expect((await me(app, t.owner.token)).team!.role).toBe('owner');
  });
});

describe('POST /api/team/leave', () => {
  it('members and admins leave at once; keys stay with the team; the owner must transfer first; no team is 404', async () => {
    const {app, mail} = await build();
    const t = await acme(app, mail);
    const teamKey = (await authed(app, t.a1.token, 'POST', '/api/keys/sandbox')).json().key;
    for (const leaver of [t.m1, t.a1]) {
      expect((await authed(app, leaver.token, 'POST', '/api/team/leave')).statusCode).toBe(204);
      expect((await me(app, leaver.token)).team).toBeNull();
      expectError(await teamView(app, leaver.token), 404, 'NOT_FOUND');
      expect((await authed(app, leaver.token, 'GET', '/api/keys')).json().keys).toEqual([]);
      expectError(await authed(app, leaver.token, 'DELETE', `/api/keys/${teamKey.id}/revoke`), 404, 'NOT_FOUND');
      expectError(await authed(app, leaver.token, 'POST', '/api/team/leave'), 404, 'NOT_FOUND');
    }
    expect((await authed(app, t.owner.token, 'GET', '/api/keys')).json().keys).toEqual([teamKey]);
    expect(Object.keys(await roles(app, t.owner.token))).toEqual([
      'owner@example.com',
      'a2@example.com',
      'm2@example.com',
    ]);

    const before = await rowCounts(app.db);
    const res = await authed(app, t.owner.token, 'POST', '/api/team/leave');
    expect({status: res.statusCode, error: res.json().error}).toEqual({
      status: 403,
      error: {code: 'OWNER_MUST_TRANSFER', message: 'Transfer ownership to another member before leaving the team.'},
    });
    expect(await rowCounts(app.db)).toEqual(before);
    expectError(await authed(app, t.solo.token, 'POST', '/api/team/leave'), 404, 'NOT_FOUND');
    expect((await app.inject({method: 'POST', url: '/api/team/leave'})).statusCode).toBe(401);
  });
});
