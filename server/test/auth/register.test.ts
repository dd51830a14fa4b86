// POST /api/auth/register
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {PASSWORD, TURNSTILE, authed, login, post, register, signedIn, verify} from '../helpers/accounts.js';
import {rowCounts} from '../helpers/database.js';
import {expectRefusal} from '../helpers/refusals.js';

const body = (extra: Record<string, unknown> = {}) => ({
  email: 'new@example.com',
  password: PASSWORD,
  turnstileToken: TURNSTILE,
  ...extra,
});

describe('POST /api/auth/register', () => {
  it('creates an unverified account and emails a 60-minute verification link to the portal', async () => {
    const {app, mail} = await build();
    const res = await post(app, '/api/auth/register', body({email: '  New@Example.COM ', name: '  Ada Lovelace '}));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Account created. Check your email to verify your address.',
      emailVerified: false,
    });
    const mails = await mail.to('new@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Verify your IntakeKit email address');
    expect(mails[0]!.text).toContain('Hi Ada Lovelace,');
    expect(mails[0]!.text).toMatch(/http:\/\/localhost:3000\/verify\?token=[A-Za-z0-9_-]{43}\b/);
    expect(mails[0]!.text).toContain('60 minutes');
    await verify(app, mail, 'new@example.com');
    const me = await login(app, 'new@example.com');
    expect(me.json().user).toMatchObject({
      email: 'new@example.com',
      name: 'Ada Lovelace',
      emailVerified: true,
      team: null,
    });
  });

  it('refuses an address SMTP cannot carry with INVALID_EMAIL, creating and sending nothing', async () => {
    const {app, mail} = await build();
    for (const email of ['😀@example.com', '<b>x</b>@example.com', 'ada..l@example.com', 'ada@localhost']) {
      const res = await post(app, '/api/auth/register', body({email}));
      expect(res.statusCode, email).toBe(400);
      expect(res.json(), email).toEqual({
        error: {code: 'INVALID_EMAIL', message: 'Please enter a valid email address.'},
      });
      expect(await mail.to(email.toLowerCase())).toHaveLength(0);
    }
    expect((await rowCounts(app.db)).users).toBe(0);
  });

  it('takes an internationalised domain in its punycode form, and finds the account by either', async () => {
    const {app, mail} = await build();
    expect((await post(app, '/api/auth/register', body({email: 'Ada@Bücher.Example'}))).statusCode).toBe(201);
    expect(await mail.to('ada@xn--bcher-kva.example')).toHaveLength(1);
    await verify(app, mail, 'ada@xn--bcher-kva.example');
    expect((await login(app, 'ada@bücher.example')).json().user.email).toBe('ada@xn--bcher-kva.example');
    expect((await post(app, '/api/auth/register', body({email: 'ada@xn--bcher-kva.example'}))).json().error.code).toBe(
      'EMAIL_IN_USE',
    );
  });

  it('stores the password with argon2id, never in clear', async () => {
    const {app} = await build();
    await register(app, 'hash@example.com');
    const row = await app.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('creates the team with the user as owner when a team name is given', async () => {
    const {app, mail} = await build();
    await register(app, 'owner@example.com', {teamName: ' Acme Health '});
    await verify(app, mail, 'owner@example.com');
    const res = await login(app, 'owner@example.com');
    expect(res.json().user.team).toEqual({
      id: expect.any(String),
      name: 'Acme Health',
      role: 'owner',
      requireTwoFactor: false,
    });
  });

  it('treats empty name and team name as not given', async () => {
    const {app, mail} = await build();
    await register(app, 'blank@example.com', {name: '   ', teamName: ''});
    await verify(app, mail, 'blank@example.com');
    const res = await login(app, 'blank@example.com');
    expect(res.json().user).toMatchObject({name: null, team: null});
    expect(await rowCounts(app.db)).toMatchObject({teams: 0});
  });

  it('answers 409 EMAIL_IN_USE for a registered address, whatever its case', async () => {
    const {app} = await build();
    await register(app, 'taken@example.com');
    const before = await rowCounts(app.db);
    const res = await post(app, '/api/auth/register', body({email: 'TAKEN@example.com'}));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {code: 'EMAIL_IN_USE', message: 'This email is already registered. Try logging in instead.'},
    });
    expect(await rowCounts(app.db)).toEqual(before);
  });

  it('gives one account when two sign-ups race on one address', async () => {
    const {app} = await build();
    const results = await Promise.all(
      [1, 2, 3].map(() => post(app, '/api/auth/register', body({email: 'race@example.com'}))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await rowCounts(app.db)).toMatchObject({users: 1});
  });

  it.each([
    ['short', 'Ab1!short'],
    ['one class only', 'abcdefghijkl'],
    ['too long', `Aa1!${'x'.repeat(253)}`],
  ])('refuses a %s password with INVALID_PASSWORD', async (_label, password) => {
    const {app} = await build();
    const res = await post(app, '/api/auth/register', body({password}));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'INVALID_PASSWORD',
      message: 'Password must be at least 10 characters and include a mix of characters.',
    });
    expect(await rowCounts(app.db)).toMatchObject({users: 0});
  });

  // Long enough and mixed, so the length-and-mix message would name the wrong reason.
  it.each(['Password123', 'PASSWORD123', 'Welcome123!'])(
    'refuses the common password %s with PASSWORD_TOO_COMMON',
    async (password) => {
      const {app} = await build();
      const res = await post(app, '/api/auth/register', body({password}));
      expectRefusal(res, 400, {
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is too common. Choose one that is harder to guess.',
      });
      expect(await rowCounts(app.db)).toMatchObject({users: 0});
    },
  );

  it('refuses a wrong bot-check token with TURNSTILE_FAILED', async () => {
    const {app} = await build();
    const res = await post(app, '/api/auth/register', body({turnstileToken: 'forged'}));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('TURNSTILE_FAILED');
  });

  it('never joins a team by itself, even for an invited address', async () => {
    const {app, mail} = await build();
    const boss = await signedIn(app, mail, 'boss@example.com', {name: 'Boss', teamName: 'Acme'});
    expect((await authed(app, boss, 'POST', '/api/team/add', {email: 'invitee@example.com'})).statusCode).toBe(201);
    await register(app, 'invitee@example.com');
    await verify(app, mail, 'invitee@example.com');
    const res = await login(app, 'invitee@example.com');
    expect(res.json().user.team).toBeNull();
    // The invitation waits for its Join button.
    expect(await app.db.selectFrom('invitations').select('status').execute()).toEqual([{status: 'pending'}]);
  });

  it('starts verified, without a verification email, when signing up through an invitation for the address', async () => {
    const {app, mail} = await build();
    const boss = await signedIn(app, mail, 'boss@example.com', {name: 'Boss', teamName: 'Acme'});
    await authed(app, boss, 'POST', '/api/team/add', {email: 'invitee@example.com'});
    const invitationToken = await mail.lastToken('invitee@example.com', 'accept-invitation');
    const res = await post(app, '/api/auth/register', body({email: ' Invitee@Example.com ', invitationToken}));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({message: 'Account created. You can sign in now.', emailVerified: true});
    expect((await mail.to('invitee@example.com')).map((m) => m.subject)).toEqual([
      'A teammate invited you to join the team “Acme” on IntakeKit',
    ]);
    const me = await login(app, 'invitee@example.com');
    expect(me.json().user).toMatchObject({emailVerified: true, team: null});
  });

  it.each([
    ['for another address', (token: string) => token],
    ['that is unknown', () => 'x'.repeat(43)],
    ['that is malformed', () => 'not a token'],
  ])('registers as usual with an invitation token %s', async (_label, pick) => {
    const {app, mail} = await build();
    const boss = await signedIn(app, mail, 'boss@example.com', {name: 'Boss', teamName: 'Acme'});
    await authed(app, boss, 'POST', '/api/team/add', {email: 'invitee@example.com'});
    const invitationToken = pick(await mail.lastToken('invitee@example.com', 'accept-invitation'));
    const res = await post(app, '/api/auth/register', body({email: 'someone@example.com', invitationToken}));
    expect(res.json()).toEqual({
      message: 'Account created. Check your email to verify your address.',
      emailVerified: false,
    });
    expect((await mail.to('someone@example.com')).map((m) => m.subject)).toEqual([
      'Verify your IntakeKit email address',
    ]);
    expect((await login(app, 'someone@example.com')).json().error.code).toBe('EMAIL_NOT_VERIFIED');
  });
});
