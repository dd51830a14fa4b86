// A team of three signed in: its owner (who named it Acme), a member and an admin who accepted their invitations.
import {expect} from 'vitest';
import type {TestContext} from './app.js';
import {authed, signedIn} from './accounts.js';

export async function teamOfThree({app, mail}: Pick<TestContext, 'app' | 'mail'>) {
  const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
  const join = async (email: string, role: 'member' | 'admin') => {
    expect((await authed(app, owner, 'POST', '/api/team/add', {email, role})).statusCode).toBe(201);
    const token = await signedIn(app, mail, email);
    const invitation = await mail.lastToken(email, 'accept-invitation');
    expect((await authed(app, token, 'POST', '/api/invitations/accept', {token: invitation})).statusCode).toBe(200);
    return token;
  };
  const member = await join('member@example.com', 'member');
  const admin = await join('admin@example.com', 'admin');
  return {owner, member, admin};
}
