// /api/team: show, invite, remove.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build } from '../helpers/app.js';
import { authed, signedIn } from '../helpers/accounts.js';
import { rowCounts } from '../helpers/database.js';

async function userId(app: FastifyInstance, token: string): Promise<string> {
  return (await authed(app, token, 'GET', '/api/auth/me')).json().user.id as string;
}

async function setRole(app: FastifyInstance, id: string, role: 'admin' | 'member') {
  await app.db.updateTable('team_members').set({ role }).where('user_id', '=', id).execute();
}

describe('GET /api/team', () => {
  it('answers 404 NOT_FOUND for a user without a team', async () => {
    const { app, mail } = await build();
    const token = await signedIn(app, mail, 'solo@example.com');
    const res = await authed(app, token, 'GET', '/api/team');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('lists members by role and seniority, then invitations', async () => {
    const { app, mail, clock } = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', { name: 'Olive', teamName: 'Acme' });
    clock.advance(1000);
    await signedIn(app, mail, 'mem@example.com');
    await authed(app, owner, 'POST', '/api/team/add', { email: 'mem@example.com' });
    clock.advance(1000);
    await authed(app, owner, 'POST', '/api/team/add', { email: 'Later@Example.com', name: ' Lee ' });
    const res = await authed(app, owner, 'GET', '/api/team');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      team: { id: expect.any(String), name: 'Acme' },
      users: [
        { id: expect.any(String), name: 'Olive', email: 'owner@example.com', role: 'owner' },
        { id: expect.any(String), name: null, email: 'mem@example.com', role: 'member' },
        { id: expect.any(String), name: 'Lee', email: 'later@example.com', role: 'invited' },
      ],
    });
  });
});

describe('POST /api/team/add', () => {
  it('invites an address without an account by email; it joins the team when it signs up', async () => {
    const { app, mail } = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', { name: 'Olive', teamName: 'Acme' });
    const res = await authed(app, owner, 'POST', '/api/team/add', { email: 'new@example.com', name: 'Nia' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ user: { id: expect.any(String), name: 'Nia', email: 'new@example.com', role: 'invited' } });
    const [invite] = await mail.to('new@example.com');
    expect(invite!.subject).toBe("You're invited to join Acme on IntakeKit");
    expect(invite!.text).toContain('http://localhost:3000/register?email=new%40example.com');
    expect(invite!.text).toContain('Olive invited you');
    const member = await signedIn(app, mail, 'new@example.com');
    expect((await authed(app, member, 'GET', '/api/auth/me')).json().user.team).toMatchObject({ name: 'Acme', role: 'member' });
    const users = (await authed(app, owner, 'GET', '/api/team')).json().users;
    expect(users.map((u: { email: string; role: string }) => `${u.email}:${u.role}`)).toEqual([
      'owner@example.com:owner',
      'new@example.com:member',
    ]);
  });

  it('adds an existing account without a team at once', async () => {
    const { app, mail } = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', { teamName: 'Acme' });
    const other = await signedIn(app, mail, 'other@example.com');
    const res = await authed(app, owner, 'POST', '/api/team/add', { email: 'other@example.com' });
    expect(res.json().user).toMatchObject({ email: 'other@example.com', role: 'member' });
    expect((await authed(app, other, 'GET', '/api/auth/me')).json().user.team.name).toBe('Acme');
    expect((await mail.to('other@example.com')).map((m) => m.subject)).toContain("You're invited to join Acme on IntakeKit");
  });

  it('answers 409 EMAIL_IN_USE for a member, a member of another team, or an address already invited', async () => {
    const { app, mail } = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', { teamName: 'Acme' });
    const rival = await signedIn(app, mail, 'rival@example.com', { teamName: 'Rival' });
    await authed(app, rival, 'POST', '/api/team/add', { email: 'pending@example.com' });
    const before = await rowCounts(app.db);
    for (const email of ['owner@example.com', 'rival@example.com', 'pending@example.com']) {
      const res = await authed(app, owner, 'POST', '/api/team/add', { email });
      expect(res.statusCode, email).toBe(409);
      expect(res.json().error.code).toBe('EMAIL_IN_USE');
    }
    expect(await rowCounts(app.db)).toEqual(before);
  });

  it('answers 400 for a bad email, 403 for a plain member, 404 without a team', async () => {
    const { app, mail } = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', { teamName: 'Acme' });
    for (const payload of [{}, { email: 'nope' }, { email: "x'; DROP TABLE teams; --" }, { email: `${'x'.repeat(10_000)}@a.io` }]) {
      const res = await authed(app, owner, 'POST', '/api/team/add', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toMatch(/^(MISSING_FIELDS|INVALID_EMAIL)$/);
    }
    await authed(app, owner, 'POST', '/api/team/add', { email: 'mem@example.com' });
    const member = await signedIn(app, mail, 'mem@example.com');
    const forbidden = await authed(app, member, 'POST', '/api/team/add', { email: 'x@example.com' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    const solo = await signedIn(app, mail, 'solo@example.com');
    expect((await authed(app, solo, 'POST', '/api/team/add', { email: 'x@example.com' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/team/{id}', () => {
  it('lets the owner remove members and admins, and cancel invitations', async () => {
    const { app, mail } = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', { teamName: 'Acme' });
    for (const email of ['a@example.com', 'm@example.com']) await authed(app, owner, 'POST', '/api/team/add', { email });
    const admin = await signedIn(app, mail, 'a@example.com');
    const member = await signedIn(app, mail, 'm@example.com');
    await setRole(app, await userId(app, admin), 'admin');
    const invited = (await authed(app, owner, 'POST', '/api/team/add', { email: 'inv@example.com' })).json().user.id as string;

    expect((await authed(app, owner, 'DELETE', `/api/team/${await userId(app, member)}`)).statusCode).toBe(204);
    expect((await authed(app, member, 'GET', '/api/auth/me')).json().user.team).toBeNull();
    expect((await authed(app, owner, 'DELETE', `/api/team/${await userId(app, admin)}`)).statusCode).toBe(204);
    expect((await authed(app, owner, 'DELETE', `/api/team/${invited}`)).statusCode).toBe(204);
    expect((await authed(app, owner, 'GET', '/api/team')).json().users).toHaveLength(1);
  });

  it('refuses removing yourself, the owner, an admin (for an admin), and anything for a member', async () => {
    const { app, mail } = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', { teamName: 'Acme' });
    for (const email of ['a1@example.com', 'a2@example.com', 'm@example.com']) await authed(app, owner, 'POST', '/api/team/add', { email });
    const a1 = await signedIn(app, mail, 'a1@example.com');
    const a2 = await signedIn(app, mail, 'a2@example.com');
    const m = await signedIn(app, mail, 'm@example.com');
    await setRole(app, await userId(app, a1), 'admin');
    await setRole(app, await userId(app, a2), 'admin');
    const ids = { owner: await userId(app, owner), a1: await userId(app, a1), a2: await userId(app, a2), m: await userId(app, m) };
    const before = await rowCounts(app.db);
    const refusals: Array<[string, string]> = [
      [owner, ids.owner],
      [a1, ids.a1],
      [a1, ids.owner],
      [a1, ids.a2],
      [m, ids.a1],
      [m, ids.m],
    ];
    for (const [token, id] of refusals) {
      const res = await authed(app, token, 'DELETE', `/api/team/${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await rowCounts(app.db)).toEqual(before);
    // An admin may remove a member.
    expect((await authed(app, a1, 'DELETE', `/api/team/${ids.m}`)).statusCode).toBe(204);
  });

  it('answers 404 for an unknown or malformed id and for someone in another team', async () => {
    const { app, mail } = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', { teamName: 'Acme' });
    const rival = await signedIn(app, mail, 'rival@example.com', { teamName: 'Rival' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', await userId(app, rival)]) {
      const res = await authed(app, owner, 'DELETE', `/api/team/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});
