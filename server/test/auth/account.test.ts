// PATCH /api/auth/profile, POST /api/auth/change-password, DELETE /api/auth/account
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {PASSWORD, authed, login, signedIn} from '../helpers/accounts.js';
import {rowCounts} from '../helpers/database.js';

const NEW_PASSWORD = 'Brand-New-Pass-7';

describe('PATCH /api/auth/profile', () => {
  it('updates the trimmed name and answers the user', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const res = await authed(app, token, 'PATCH', '/api/auth/profile', {name: '  Ada Lovelace  '});
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({name: 'Ada Lovelace', email: 'ada@example.com'});
    const unicode = await authed(app, token, 'PATCH', '/api/auth/profile', {name: 'Zoë Ñandú 李雷 👩‍⚕️'});
    expect(unicode.json().user.name).toBe('Zoë Ñandú 李雷 👩‍⚕️');
    expect((await authed(app, token, 'GET', '/api/auth/me')).json().user.name).toBe('Zoë Ñandú 李雷 👩‍⚕️');
  });

  it('accepts 80 characters and refuses 0 or 81 with INVALID_NAME', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com', {name: 'Ada'});
    expect((await authed(app, token, 'PATCH', '/api/auth/profile', {name: 'n'.repeat(80)})).statusCode).toBe(200);
    for (const payload of [{name: ''}, {name: '   '}, {name: 'n'.repeat(81)}, {}, {name: 'x'.repeat(10_000)}]) {
      const res = await authed(app, token, 'PATCH', '/api/auth/profile', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {code: 'INVALID_NAME', message: 'Please enter a valid name (1-80 characters).'},
      });
    }
    expect((await authed(app, token, 'PATCH', '/api/auth/profile', {name: 42})).json().error.code).toBe(
      'MISSING_FIELDS',
    );
    expect((await authed(app, token, 'GET', '/api/auth/me')).json().user.name).toBe('n'.repeat(80));
  });

  it('answers 401 without a session', async () => {
    const {app} = await build();
    expect((await app.inject({method: 'PATCH', url: '/api/auth/profile', payload: {name: 'x'}})).statusCode).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes the password, revokes other sessions, returns x-new-token and sends a notice', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const other = (await login(app, 'ada@example.com')).json().token as string;
    const res = await authed(app, token, 'POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({message: 'Password changed successfully! A confirmation email has been sent.'});
    const fresh = res.headers['x-new-token'] as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await authed(app, fresh, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await authed(app, other, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await login(app, 'ada@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await mail.to('ada@example.com')).map((m) => m.subject)).toContain('Your IntakeKit password was changed');
  });

  it('answers 400 INVALID_CURRENT_PASSWORD (not 401) for a wrong current password, keeping the session', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    // A wrong current password is a recorded guess (sign_in_attempts); nothing else may change.
    const before = await rowCounts(app.db, ['sign_in_attempts']);
    const res = await authed(app, token, 'POST', '/api/auth/change-password', {
      currentPassword: 'Wrong-Password-1',
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    // Said of the current password, not in the sign-in form's words ('email or password').
    expect(res.json().error).toEqual({
      code: 'INVALID_CURRENT_PASSWORD',
      message: 'That is not your current password. Please try again.',
    });
    expect(await rowCounts(app.db, ['sign_in_attempts'])).toEqual(before);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('answers INVALID_PASSWORD, PASSWORD_TOO_COMMON and MISSING_FIELDS', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const weak = await authed(app, token, 'POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(weak.json().error.code).toBe('INVALID_PASSWORD');
    const common = await authed(app, token, 'POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Password123',
    });
    expect(common.json().error.code).toBe('PASSWORD_TOO_COMMON');
    for (const payload of [
      {},
      {currentPassword: PASSWORD},
      {newPassword: NEW_PASSWORD},
      {currentPassword: 1, newPassword: 2},
    ]) {
      const res = await authed(app, token, 'POST', '/api/auth/change-password', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('MISSING_FIELDS');
    }
    expect((await login(app, 'ada@example.com')).statusCode).toBe(200);
  });
});

describe('DELETE /api/auth/account', () => {
  it('deletes the account and its sessions with the right password', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const res = await authed(app, token, 'DELETE', '/api/auth/account', {password: PASSWORD});
    expect(res.statusCode).toBe(204);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await login(app, 'ada@example.com')).statusCode).toBe(401);
    expect(await rowCounts(app.db)).toMatchObject({users: 0, sessions: 0, email_tokens: 0});
  });

  it('refuses a wrong or missing password with 400 and changes nothing', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    // A wrong current password is a recorded guess (sign_in_attempts); nothing else may change.
    const before = await rowCounts(app.db, ['sign_in_attempts']);
    const wrong = await authed(app, token, 'DELETE', '/api/auth/account', {password: 'Wrong-Password-1'});
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_CURRENT_PASSWORD');
    const missing = await authed(app, token, 'DELETE', '/api/auth/account', {});
    expect(missing.json().error.code).toBe('MISSING_FIELDS');
    expect(await rowCounts(app.db, ['sign_in_attempts'])).toEqual(before);
  });

  it('deletes a team its owner was alone in', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com', {teamName: 'Solo'});
    await authed(app, token, 'DELETE', '/api/auth/account', {password: PASSWORD});
    expect(await rowCounts(app.db)).toMatchObject({teams: 0, team_members: 0});
  });

  it('passes ownership to the oldest admin, else the oldest member', async () => {
    const {app, mail, clock} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const team = await app.db.selectFrom('teams').select('id').executeTakeFirstOrThrow();
    const join = async (email: string, role: 'admin' | 'member') => {
      clock.advance(60_000);
      const token = await signedIn(app, mail, email);
      const user = (await authed(app, token, 'GET', '/api/auth/me')).json().user as {id: string};
      await app.db
        .insertInto('team_members')
        .values({team_id: team.id, user_id: user.id, role, created_at: clock.now()})
        .execute();
      return token;
    };
    const oldestMember = await join('m1@example.com', 'member');
    const admin = await join('a1@example.com', 'admin');
    await join('a2@example.com', 'admin');

    await authed(app, owner, 'DELETE', '/api/auth/account', {password: PASSWORD});
    expect((await authed(app, admin, 'GET', '/api/auth/me')).json().user.team).toMatchObject({
      name: 'Acme',
      role: 'owner',
    });

    await authed(app, admin, 'DELETE', '/api/auth/account', {password: PASSWORD});
    expect(
      (await authed(app, await loginToken(app, 'a2@example.com'), 'GET', '/api/auth/me')).json().user.team.role,
    ).toBe('owner');
    expect((await authed(app, oldestMember, 'GET', '/api/auth/me')).json().user.team.role).toBe('member');
  });

  it('passes ownership to the oldest member when there is no admin', async () => {
    const {app, mail, clock} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const team = await app.db.selectFrom('teams').select('id').executeTakeFirstOrThrow();
    const ids: string[] = [];
    for (const email of ['m1@example.com', 'm2@example.com']) {
      clock.advance(60_000);
      const token = await signedIn(app, mail, email);
      const id = (await authed(app, token, 'GET', '/api/auth/me')).json().user.id as string;
      ids.push(id);
      await app.db
        .insertInto('team_members')
        .values({team_id: team.id, user_id: id, role: 'member', created_at: clock.now()})
        .execute();
    }
    await authed(app, owner, 'DELETE', '/api/auth/account', {password: PASSWORD});
    const roles = await app.db.selectFrom('team_members').select(['user_id', 'role']).orderBy('created_at').execute();
    expect(roles).toEqual([
      {user_id: ids[0], role: 'owner'},
      {user_id: ids[1], role: 'member'},
    ]);
  });
});

async function loginToken(app: Awaited<ReturnType<typeof build>>['app'], email: string) {
  return (await login(app, email)).json().token as string;
}
