// POST /api/auth/register with an invitationToken: signing up through a valid invitation link
// proves the mailbox (verified, no verification email) but joins nothing until Join is pressed.
// Any other token, or another address, is an ordinary sign-up.
import type {FastifyInstance} from 'fastify';
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {PASSWORD, TURNSTILE, authed, login, post, signedIn} from '../helpers/accounts.js';
import type {Mailbox} from '../helpers/mailbox.js';
import {DAY, accept, decline, invitationToken, invite, me} from './team-helpers.js';

function registerWith(app: FastifyInstance, email: string, token: string, extra: Record<string, string> = {}) {
  return post(app, '/api/auth/register', {
    email,
    password: PASSWORD,
    turnstileToken: TURNSTILE,
    invitationToken: token,
    ...extra,
  });
}

const ordinary = {message: 'Account created. Check your email to verify your address.', emailVerified: false};

async function verificationMails(mail: Mailbox, email: string) {
  return (await mail.to(email)).filter((m) => /\/verify\?token=/.test(m.text));
}

describe('sign-up through an invitation', () => {
  it('starts verified with no verification email, signs in at once, and is not in the team until Join', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    await invite(app, owner, 'new@example.com');
    const token = await invitationToken(mail, 'new@example.com');
    const res = await registerWith(app, 'New@Example.com', token, {name: 'Nia'});
    expect({status: res.statusCode, body: res.json()}).toEqual({
      status: 201,
      body: {message: 'Account created. You can sign in now.', emailVerified: true},
    });
    expect(await verificationMails(mail, 'new@example.com')).toEqual([]);
    const signIn = await login(app, 'new@example.com');
    expect(signIn.statusCode).toBe(200);
    const session = signIn.json().token as string;
    expect(await me(app, session)).toMatchObject({emailVerified: true, team: null});
    expect((await authed(app, owner, 'GET', '/api/team')).json().invitations).toHaveLength(1);
    expect((await accept(app, session, token)).json().team).toMatchObject({name: 'Acme', role: 'member'});
  });

  it('with a teamName creates their own team as today; the invitation then answers ALREADY_IN_TEAM', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    await invite(app, owner, 'new@example.com');
    const token = await invitationToken(mail, 'new@example.com');
    expect((await registerWith(app, 'new@example.com', token, {teamName: 'Mine'})).json().emailVerified).toBe(true);
    const session = (await login(app, 'new@example.com')).json().token as string;
    expect((await me(app, session)).team).toMatchObject({name: 'Mine', role: 'owner'});
    expect((await accept(app, session, token)).json().error.code).toBe('ALREADY_IN_TEAM');
  });

  it('another address, an unknown, revoked, declined or expired token: an ordinary sign-up with a verification email', async () => {
    const {app, mail, clock} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    await invite(app, owner, 'invited@example.com');
    const valid = await invitationToken(mail, 'invited@example.com');
    const revokedId = (await invite(app, owner, 'revoked@example.com')).json().invitation.id as string;
    const revoked = await invitationToken(mail, 'revoked@example.com');
    await authed(app, owner, 'DELETE', `/api/team/invitations/${revokedId}`);
    await invite(app, owner, 'declined@example.com');
    const declined = await invitationToken(mail, 'declined@example.com');
    await decline(app, declined);

    const cases: Array<[string, string]> = [
      ['other@example.com', valid],
      ['unknown@example.com', 'A'.repeat(43)],
      ['revoked@example.com', revoked],
      ['declined@example.com', declined],
    ];
    for (const [email, token] of cases) {
      const res = await registerWith(app, email, token);
      expect({email, status: res.statusCode, body: res.json()}).toEqual({email, status: 201, body: ordinary});
      expect(await verificationMails(mail, email)).toHaveLength(1);
      expect((await login(app, email)).json().error.code).toBe('EMAIL_NOT_VERIFIED');
    }
    clock.advance(7 * DAY);
    const expired = await registerWith(app, 'invited@example.com', valid);
    expect(expired.json()).toEqual(ordinary);
    expect((await login(app, 'invited@example.com')).json().error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('without a token the answer says emailVerified: false', async () => {
    const {app} = await build();
    const res = await post(app, '/api/auth/register', {
      email: 'plain@example.com',
      password: PASSWORD,
      turnstileToken: TURNSTILE,
    });
    expect({status: res.statusCode, body: res.json()}).toEqual({status: 201, body: ordinary});
  });
});
