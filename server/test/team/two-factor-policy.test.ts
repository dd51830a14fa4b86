// A team's owner requires two-factor of every member: members without it are refused the team's keys and
// page until they turn it on; leaving stays open; only the owner, with two-factor on, sets the policy.
import type {FastifyInstance} from 'fastify';
import {describe, expect, it} from 'vitest';
import {totpCode} from '../../src/lib/totp.js';
import {build, type TestContext} from '../helpers/app.js';
import {PASSWORD, authed, signedIn} from '../helpers/accounts.js';
import {expectError, joinTeam, me} from './team-helpers.js';
import {startSdkSession} from '../helpers/sdk-session.js';

const policy = (app: FastifyInstance, token: string, requireTwoFactor: boolean) =>
  authed(app, token, 'PATCH', '/api/team/settings', {requireTwoFactor});

/** Turns two-factor on for the session's account; answers its secret. */
async function turnOnTwoFactor({app, clock}: TestContext, token: string): Promise<string> {
  const {secret} = (await authed(app, token, 'POST', '/api/auth/two-factor/setup')).json();
  const res = await authed(app, token, 'POST', '/api/auth/two-factor/enable', {code: totpCode(secret, clock.now())});
  expect(res.statusCode).toBe(200);
  return secret as string;
}

describe('PATCH /api/team/settings', () => {
  it("is the owner's, who must have two-factor on first; admins, members and people without a team are refused", async () => {
    const ctx = await build();
    const {app, mail} = ctx;
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const admin = await joinTeam(app, mail, owner, 'admin@example.com', {role: 'admin'});
    const solo = await signedIn(app, mail, 'solo@example.com');

    const first = await policy(app, owner, true);
    expectError(first, 409, 'OWNER_TWO_FACTOR_REQUIRED');
    expect(first.json().error.message).toBe(
      'Turn on two-factor authentication for your own account before requiring it of the team.',
    );
    await turnOnTwoFactor(ctx, admin.token);
    expectError(await policy(app, admin.token, true), 403, 'FORBIDDEN');
    expectError(await policy(app, solo, true), 404, 'NOT_FOUND');
    expect((await me(app, owner)).team?.requireTwoFactor).toBe(false);

    await turnOnTwoFactor(ctx, owner);
    const set = await policy(app, owner, true);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({requireTwoFactor: true});
    expect((await me(app, admin.token)).team).toMatchObject({name: 'Acme', requireTwoFactor: true});
  });
});

describe('a team that requires two-factor', () => {
  it('refuses its keys and page to a member without it, until the member turns it on; the SDK is not affected', async () => {
    const ctx = await build();
    const {app, mail} = ctx;
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const apiKey = (await authed(app, owner, 'POST', '/api/keys/sandbox')).json().apiKey;
    const member = await joinTeam(app, mail, owner, 'member@example.com');
    await turnOnTwoFactor(ctx, owner);
    expect((await policy(app, owner, true)).statusCode).toBe(200);

    for (const [method, url] of [
      ['GET', '/api/keys'],
      ['POST', '/api/keys/sandbox'],
      ['GET', '/api/team'],
    ] as const) {
      const res = await authed(app, member.token, method, url);
      expectError(res, 403, 'TWO_FACTOR_REQUIRED_BY_TEAM');
      expect(res.json().error.message).toBe(
        'Your team requires two-factor authentication. Turn it on in Settings to continue.',
      );
    }
    // The account's own pages stay open, so the member can turn it on; the owner, who has it, is not affected.
    expect((await authed(app, member.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await authed(app, owner, 'GET', '/api/keys')).statusCode).toBe(200);
    const sdk = await startSdkSession(app, apiKey, {flowId: 'symptom-check'});
    expect(sdk.statusCode).toBe(200);

    await turnOnTwoFactor(ctx, member.token);
    expect((await authed(app, member.token, 'GET', '/api/keys')).statusCode).toBe(200);
    expect((await authed(app, member.token, 'GET', '/api/team')).statusCode).toBe(200);
  });

  it("refuses the team's activity log and its export to an admin without it, until the admin turns it on", async () => {
    const ctx = await build();
    const {app, mail} = ctx;
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const admin = await joinTeam(app, mail, owner, 'admin@example.com', {role: 'admin'});
    await turnOnTwoFactor(ctx, owner);
    expect((await policy(app, owner, true)).statusCode).toBe(200);

    for (const url of ['/api/activity', '/api/activity/export']) {
      const res = await authed(app, admin.token, 'GET', url);
      expectError(res, 403, 'TWO_FACTOR_REQUIRED_BY_TEAM');
      expect(res.body).not.toContain('owner@example.com');
    }
    expect((await authed(app, owner, 'GET', '/api/activity')).statusCode).toBe(200);

    await turnOnTwoFactor(ctx, admin.token);
    const log = await authed(app, admin.token, 'GET', '/api/activity');
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain('owner@example.com');
    expect((await authed(app, admin.token, 'GET', '/api/activity/export')).statusCode).toBe(200);
  });

  it('lets a member without two-factor leave, and an owner who turned it off lift the requirement', async () => {
    const ctx = await build();
    const {app, mail, clock} = ctx;
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const member = await joinTeam(app, mail, owner, 'member@example.com');
    const secret = await turnOnTwoFactor(ctx, owner);
    expect((await policy(app, owner, true)).statusCode).toBe(200);
    expect((await authed(app, member.token, 'POST', '/api/team/leave')).statusCode).toBe(204);

    const off = await authed(app, owner, 'POST', '/api/auth/two-factor/disable', {
      password: PASSWORD,
      code: totpCode(secret, new Date(clock.now().getTime() + 30_000)),
    });
    expect(off.statusCode).toBe(204);
    expectError(await authed(app, owner, 'GET', '/api/keys'), 403, 'TWO_FACTOR_REQUIRED_BY_TEAM');
    expect((await policy(app, owner, false)).json()).toEqual({requireTwoFactor: false});
    expect((await authed(app, owner, 'GET', '/api/keys')).statusCode).toBe(200);
  });
});
