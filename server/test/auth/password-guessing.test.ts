// Wrong current passwords on change-password and delete-account count
// toward the sign-in lock (and end the session at the limit); a password change cancels outstanding reset links;
// a successful reset lifts the lock.
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {PASSWORD, authed, login, post, signedIn} from '../helpers/accounts.js';

const NEW_PASSWORD = 'Brand-New-Pass-7';
const WRONG = 'Wrong-Password-1';

describe('guessing the current password with a session', () => {
  it('counts wrong current passwords with failed sign-ins, and the guess that reaches the limit ends the session', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    // Two wrong sign-ins, then three guesses through the signed-in routes: five in all.
    for (let i = 0; i < 2; i++) expect((await login(app, 'ada@example.com', WRONG)).statusCode).toBe(401);
    const change = () =>
      authed(app, token, 'POST', '/api/auth/change-password', {currentPassword: WRONG, newPassword: NEW_PASSWORD});
    expect((await change()).json().error.code).toBe('INVALID_CURRENT_PASSWORD');
    expect((await authed(app, token, 'DELETE', '/api/auth/account', {password: WRONG})).json().error.code).toBe(
      'INVALID_CURRENT_PASSWORD',
    );
    const fifth = await change();
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error.code).toBe('LOCKED');
    expect(Number(fifth.headers['retry-after'])).toBe(900);
    // The session that guessed is over, and the address is locked for sign-in too.
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await login(app, 'ada@example.com')).statusCode).toBe(423);
  });

  it('refuses the right current password while the address is locked, unchecked, and ends that session', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    for (let i = 0; i < 5; i++) await login(app, 'ada@example.com', WRONG);
    const res = await authed(app, token, 'DELETE', '/api/auth/account', {password: PASSWORD});
    expect(res.statusCode).toBe(423);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const users = await app.db.selectFrom('users').select('email').execute();
    expect(users).toEqual([{email: 'ada@example.com'}]);
  });

  it('lets the right current password reset the count', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    for (let i = 0; i < 4; i++) await login(app, 'ada@example.com', WRONG);
    const changed = await authed(app, token, 'POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(app, 'ada@example.com', WRONG)).statusCode).toBe(401);
  });

  it('checks at most LOGIN_LOCK_ATTEMPTS current passwords however many arrive at once', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    const answers = await Promise.all(
      Array.from({length: 20}, () => authed(app, token, 'DELETE', '/api/auth/account', {password: WRONG})),
    );
    const codes = answers.map((res) => res.json().error.code);
    expect(codes.filter((c) => c === 'INVALID_CURRENT_PASSWORD')).toHaveLength(4);
    // The rest find the address locked, or (once the lock ended the guessing session) say why it ended.
    expect(codes.filter((c) => c === 'LOCKED').length + codes.filter((c) => c === 'SESSION_LOCKED').length).toBe(16);
  });
});

describe('reset links and the lock', () => {
  it('cancels an outstanding reset link when the password is changed', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    await post(app, '/api/auth/forgot-password', {email: 'ada@example.com'});
    const link = await mail.lastToken('ada@example.com', 'reset-password');
    const changed = await authed(app, token, 'POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const reset = await post(app, '/api/auth/reset-password', {token: link, newPassword: 'Someone-Elses-9'});
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.code).toBe('INVALID_OR_EXPIRED');
    expect((await login(app, 'ada@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lifts the sign-in lock when the owner resets the password', async () => {
    const {app, mail} = await build();
    await signedIn(app, mail, 'ada@example.com');
    for (let i = 0; i < 5; i++) await login(app, 'ada@example.com', WRONG);
    expect((await login(app, 'ada@example.com')).statusCode).toBe(423);
    await post(app, '/api/auth/forgot-password', {email: 'ada@example.com'});
    const link = await mail.lastToken('ada@example.com', 'reset-password');
    expect((await post(app, '/api/auth/reset-password', {token: link, newPassword: NEW_PASSWORD})).statusCode).toBe(
      200,
    );
    expect((await login(app, 'ada@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });
});
