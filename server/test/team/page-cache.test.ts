// GET /api/team serves a team's page from memory while nothing it lists changed (members_version, moved by
// triggers). Whatever changes the page, in this process or another, the next page shows it.
import {describe, expect, it, onTestFinished} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {buildApp} from '../../src/app.js';
import {build} from '../helpers/app.js';
import {authed, signedIn} from '../helpers/accounts.js';
import {accept, DAY, invitationToken, invite, LONG_SESSIONS} from './team-helpers.js';

interface Page {
  users: {email: string; name: string | null; role: string}[];
  invitations: {email: string; id: string}[];
}

async function page(app: FastifyInstance, token: string): Promise<Page> {
  const res = await authed(app, token, 'GET', '/api/team');
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the team page kept in memory', () => {
  // Once this process has heard another's change (its notice, on PostgreSQL a moment after the commit: the sessions
  // kept here carry the page's version). The window itself is measured across processes in two-processes.test.ts.
  it('shows what another API process changed once its notice is heard: invitations, joins, roles, names, removals', async () => {
    const {app, mail, config} = await build();
    const other = await buildApp(config, {db: app.db});
    onTestFinished(() => other.close());
    await other.ready();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    expect((await page(app, owner)).users.map((u) => u.email)).toEqual(['owner@example.com']);

    expect((await invite(other, owner, 'bo@example.com')).statusCode).toBe(201);
    await app.changeFeed.caughtUp();
    expect((await page(app, owner)).invitations.map((i) => i.email)).toEqual(['bo@example.com']);

    const bo = await signedIn(app, mail, 'bo@example.com');
    expect((await accept(other, bo, await invitationToken(mail, 'bo@example.com'))).statusCode).toBe(200);
    await app.changeFeed.caughtUp();
    const joined = await page(app, owner);
    expect(joined.users.map((u) => [u.email, u.role])).toEqual([
      ['owner@example.com', 'owner'],
      ['bo@example.com', 'member'],
    ]);
    expect(joined.invitations).toEqual([]);
    // A member sees the same page without the invitations.
    expect((await page(app, bo)).users).toHaveLength(2);

    const boId = (await authed(app, bo, 'GET', '/api/auth/me')).json().user.id as string;
    expect((await authed(other, owner, 'PATCH', `/api/team/${boId}`, {role: 'admin'})).statusCode).toBe(200);
    await app.changeFeed.caughtUp();
    expect((await page(app, owner)).users[1]!.role).toBe('admin');

    expect((await authed(other, bo, 'PATCH', '/api/auth/profile', {name: 'Bo Berg'})).statusCode).toBe(200);
    await app.changeFeed.caughtUp();
    expect((await page(app, owner)).users[1]!.name).toBe('Bo Berg');

    expect((await invite(other, owner, 'cy@example.com')).statusCode).toBe(201);
    await app.changeFeed.caughtUp();
    const cy = (await page(app, owner)).invitations[0]!;
    expect((await authed(other, owner, 'DELETE', `/api/team/invitations/${cy.id}`)).statusCode).toBe(204);
    await app.changeFeed.caughtUp();
    expect((await page(app, owner)).invitations).toEqual([]);

    expect((await authed(other, owner, 'DELETE', `/api/team/${boId}`)).statusCode).toBe(204);
    await app.changeFeed.caughtUp();
    expect((await page(app, owner)).users.map((u) => u.email)).toEqual(['owner@example.com']);
  });

  it('leaves out an invitation once it expires', async () => {
    const {app, mail, clock} = await build({config: LONG_SESSIONS});
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    expect((await invite(app, owner, 'bo@example.com')).statusCode).toBe(201);
    expect((await page(app, owner)).invitations).toHaveLength(1);
    clock.advance(7 * DAY);
    expect((await page(app, owner)).invitations).toEqual([]);
  });
});
