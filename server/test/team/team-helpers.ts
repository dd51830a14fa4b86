// Shortcuts for the team tests, through the real routes as a person would use them: invite, read
// the invitation's link from the mailbox, look it up, accept or decline it.
import type {UserBody} from '@intakekit/contract/schemas/common';
import type {FastifyInstance, LightMyRequestResponse} from 'fastify';
import {expect} from 'vitest';
import {authed, post, signedIn} from '../helpers/accounts.js';
import type {Mailbox, ReceivedMail} from '../helpers/mailbox.js';

export const INVALID_LINK = {
  code: 'INVALID_OR_EXPIRED',
  message: 'This link is invalid or has expired. Please request a new one.',
};
export const DAY = 24 * 60 * 60_000;
export const NO_ID = '00000000-0000-4000-8000-000000000000';
/** For tests that move the clock by hours or days: sessions that neither expire nor rotate meanwhile. */
export const LONG_SESSIONS = {sessionIdleMs: 60 * DAY, sessionAbsoluteMs: 60 * DAY, sessionRotateAfterMs: 60 * DAY};

const LINK = /\/accept-invitation\?token=([A-Za-z0-9_-]+)/;

export function invite(
  app: FastifyInstance,
  token: string,
  email: string,
  extra: {name?: string; role?: string} = {},
): Promise<LightMyRequestResponse> {
  return authed(app, token, 'POST', '/api/team/add', {email, ...extra});
}

/** The invitation emails sent to an address, oldest first. */
export async function invitationMails(mail: Mailbox, email: string): Promise<ReceivedMail[]> {
  return (await mail.to(email)).filter((m) => LINK.test(m.text));
}

/** The token of the newest invitation link mailed to the address. */
export async function invitationToken(mail: Mailbox, email: string): Promise<string> {
  const mails = await invitationMails(mail, email);
  const last = mails.at(-1);
  if (!last) throw new Error(`No invitation link was sent to ${email}`);
  return LINK.exec(last.text)![1]!;
}

/** `manager` invites `email`; answers the token of the link mailed to it. */
export async function invitedLink(
  app: FastifyInstance,
  mail: Mailbox,
  manager: string,
  email: string,
): Promise<string> {
  await invite(app, manager, email);
  return invitationToken(mail, email);
}

export function lookup(app: FastifyInstance, token: string) {
  return post(app, '/api/invitations/lookup', {token});
}

export function accept(app: FastifyInstance, session: string, token: string) {
  return post(app, '/api/invitations/accept', {token}, session);
}

export function decline(app: FastifyInstance, token: string) {
  return post(app, '/api/invitations/decline', {token});
}

export async function me(app: FastifyInstance, session: string) {
  const res = await authed(app, session, 'GET', '/api/auth/me');
  expect(res.statusCode).toBe(200);
  return res.json().user as UserBody;
}

export async function teamView(app: FastifyInstance, session: string) {
  return authed(app, session, 'GET', '/api/team');
}

/** The id of a team member as the team list shows it. */
export async function memberId(app: FastifyInstance, session: string, email: string): Promise<string> {
  const users = (await teamView(app, session)).json().users as Array<{id: string; email: string}>;
  const found = users.find((u) => u.email === email);
  if (!found) throw new Error(`${email} is not in the team list`);
  return found.id;
}

/** The id of a pending invitation as the team list shows it to a manager. */
export async function invitationId(app: FastifyInstance, session: string, email: string): Promise<string> {
  const invitations = (await teamView(app, session)).json().invitations as Array<{id: string; email: string}>;
  const found = invitations.find((i) => i.email === email);
  if (!found) throw new Error(`${email} has no pending invitation in the list`);
  return found.id;
}

export function expectError(res: LightMyRequestResponse, status: number, code: string): void {
  expect({status: res.statusCode, code: res.json().error?.code}).toEqual({status, code});
}

/**
 * Signs up (verified) an account for `email` unless `session` is given, has `manager` invite it
 * with `role`, and accepts through the mailed link. Returns the member's session and id.
 */
export async function joinTeam(
  app: FastifyInstance,
  mail: Mailbox,
  manager: string,
  email: string,
  options: {role?: 'admin' | 'member'; session?: string; name?: string} = {},
): Promise<{token: string; id: string}> {
  const token =
    options.session ?? (await signedIn(app, mail, email, options.name === undefined ? {} : {name: options.name}));
  const sent = await invite(app, manager, email, options.role ? {role: options.role} : {});
  if (sent.statusCode !== 201) throw new Error(`invite ${email}: ${sent.statusCode} ${sent.body}`);
  const joined = await accept(app, token, await invitationToken(mail, email));
  if (joined.statusCode !== 200) throw new Error(`accept ${email}: ${joined.statusCode} ${joined.body}`);
  return {token, id: (await me(app, token)).id};
}
