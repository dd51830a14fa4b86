// Passkeys through the real routes and @simplewebauthn/server's verification, with a software authenticator:
// adding one (behind the password), naming and removing it, a sign-in without a password, the second step of
// a sign-in with two-factor on, and the answers that must be refused (replayed, wrong origin, unverified
// user, a cloned authenticator, another account's passkey).
import type {FastifyInstance} from 'fastify';
import {describe, expect, it} from 'vitest';
import {totpCode} from '../../src/lib/totp.js';
import {build, type TestContext} from '../helpers/app.js';
import {PASSWORD, authed, login, post, signedIn} from '../helpers/accounts.js';
import {SoftwareAuthenticator} from '../helpers/software-authenticator.js';
import {PASSKEY_LIMIT} from '@intakekit/contract/passkeys';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The portal's origin, where a browser would make and use the passkeys. */
let PORTAL = '';
async function setUp() {
  const ctx = await build();
  PORTAL = new URL(ctx.config.portalUrl).origin;
  return ctx;
}

async function addPasskey(app: FastifyInstance, token: string, device: SoftwareAuthenticator, name?: string) {
  const options = await authed(app, token, 'POST', '/api/auth/passkeys/options', {password: PASSWORD});
  expect(options.statusCode, options.body).toBe(200);
  const credential = device.create(options.json());
  return app.inject({
    method: 'POST',
    url: '/api/auth/passkeys',
    headers: {authorization: `Bearer ${token}`, 'user-agent': CHROME_MAC},
    payload: {credential, ...(name !== undefined && {name})},
  });
}

async function passkeySignIn(app: FastifyInstance, device: SoftwareAuthenticator, challengeToken?: string) {
  const options = await post(app, '/api/auth/login/passkey/options', challengeToken ? {challengeToken} : {});
  expect(options.statusCode, options.body).toBe(200);
  return {
    options: options.json(),
    answer: (credential: unknown) =>
      post(app, '/api/auth/login/passkey', {credential, ...(challengeToken && {challengeToken})}),
  };
}

async function withPasskey(ctx: TestContext, email = 'ada@example.com') {
  const token = await signedIn(ctx.app, ctx.mail, email, {name: 'Ada'});
  const device = new SoftwareAuthenticator({origin: PORTAL});
  const added = await addPasskey(ctx.app, token, device);
  expect(added.statusCode, added.body).toBe(201);
  return {token, device, passkey: added.json()};
}

describe('adding passkeys', () => {
  it('asks for the password, then stores the credential named after the browser, listed with its dates', async () => {
    const {app, mail, clock} = await setUp();
    const token = await signedIn(app, mail, 'ada@example.com', {name: 'Ada'});
    const wrong = await authed(app, token, 'POST', '/api/auth/passkeys/options', {password: 'Not-The-Password-1'});
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_CURRENT_PASSWORD');

    const options = (await authed(app, token, 'POST', '/api/auth/passkeys/options', {password: PASSWORD})).json();
    expect(options).toMatchObject({
      rp: {name: 'IntakeKit', id: 'localhost'},
      user: {name: 'ada@example.com', displayName: 'Ada'},
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: {residentKey: 'required'},
    });
    const device = new SoftwareAuthenticator({origin: PORTAL});
    const credential = device.create(options);
    const added = await app.inject({
      method: 'POST',
      url: '/api/auth/passkeys',
      headers: {authorization: `Bearer ${token}`, 'user-agent': CHROME_MAC},
      payload: {credential},
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({
      id: expect.any(String),
      name: 'Chrome on macOS',
      createdAt: clock.now().toISOString(),
      lastUsedAt: null,
      backedUp: false,
    });
    expect((await authed(app, token, 'GET', '/api/auth/passkeys')).json().passkeys).toEqual([added.json()]);

    // The same answer again is refused: its challenge is spent.
    const again = await authed(app, token, 'POST', '/api/auth/passkeys', {credential});
    expect(again.json().error.code).toBe('PASSKEY_PROMPT_EXPIRED');
    // The next prompt tells the browser not to make a second passkey on the same device.
    const next = (await authed(app, token, 'POST', '/api/auth/passkeys/options', {password: PASSWORD})).json();
    expect(next.excludeCredentials).toEqual([{id: credential.id, type: 'public-key', transports: ['internal']}]);
  });

  it('refuses an answer made for another site, one whose prompt timed out, and a bad name; stores nothing', async () => {
    const {app, mail, clock} = await setUp();
    const token = await signedIn(app, mail, 'ada@example.com');
    const phished = await addPasskey(app, token, new SoftwareAuthenticator({origin: 'https://intakekit.example.net'}));
    expect(phished.statusCode).toBe(400);
    expect(phished.json().error).toEqual({
      code: 'PASSKEY_NOT_VERIFIED',
      message: 'Your passkey could not be verified. Try again, or sign in with your email and password.',
    });

    const options = (await authed(app, token, 'POST', '/api/auth/passkeys/options', {password: PASSWORD})).json();
    const credential = new SoftwareAuthenticator({origin: PORTAL}).create(options);
    const tooLong = await authed(app, token, 'POST', '/api/auth/passkeys', {credential, name: 'x'.repeat(65)});
    expect(tooLong.json().error).toEqual({
      code: 'INVALID_PASSKEY_NAME',
      message: 'Name your passkey in 1 to 64 characters.',
    });
    clock.advance(5 * 60_000);
    const late = await authed(app, token, 'POST', '/api/auth/passkeys', {credential, name: 'Laptop'});
    expect(late.json().error.code).toBe('PASSKEY_PROMPT_EXPIRED');
    expect((await authed(app, token, 'GET', '/api/auth/passkeys')).json().passkeys).toEqual([]);
  });

  it(`holds at most ${PASSKEY_LIMIT} passkeys an account`, async () => {
    const {app, mail} = await setUp();
    const token = await signedIn(app, mail, 'ada@example.com');
    const device = new SoftwareAuthenticator({origin: PORTAL});
    for (let i = 0; i < PASSKEY_LIMIT; i++)
      expect((await addPasskey(app, token, device, `Key ${i}`)).statusCode).toBe(201);
    const over = await authed(app, token, 'POST', '/api/auth/passkeys/options', {password: PASSWORD});
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('PASSKEY_LIMIT_REACHED');
  });

  it('renames and removes only the account’s own passkeys; a removed one signs in no more', async () => {
    const ctx = await setUp();
    const {app} = ctx;
    const {token, device, passkey} = await withPasskey(ctx);
    const stranger = await signedIn(app, ctx.mail, 'eve@example.com');
    expect((await authed(app, stranger, 'PATCH', `/api/auth/passkeys/${passkey.id}`, {name: 'Mine'})).statusCode).toBe(
      404,
    );
    expect((await authed(app, stranger, 'DELETE', `/api/auth/passkeys/${passkey.id}`)).statusCode).toBe(404);

    const renamed = await authed(app, token, 'PATCH', `/api/auth/passkeys/${passkey.id}`, {name: '  Work   laptop '});
    expect(renamed.json()).toMatchObject({id: passkey.id, name: 'Work laptop'});
    for (const name of ['   ', 'a\u0000b', 'tab\there']) {
      const refused = await authed(app, token, 'PATCH', `/api/auth/passkeys/${passkey.id}`, {name});
      expect(refused.json().error.code, JSON.stringify(name)).toBe('INVALID_PASSKEY_NAME');
    }

    expect((await authed(app, token, 'DELETE', `/api/auth/passkeys/${passkey.id}`)).statusCode).toBe(204);
    expect((await authed(app, token, 'GET', '/api/auth/passkeys')).json().passkeys).toEqual([]);
    const {options, answer} = await passkeySignIn(app, device);
    const refused = await answer(device.get(options));
    expect(refused.json().error.code).toBe('PASSKEY_NOT_REGISTERED');

    const actions = await app.db.selectFrom('activity_events').select(['action', 'target_label']).execute();
    expect(actions).toEqual(
      expect.arrayContaining([
        {action: 'passkey.added', target_label: 'Chrome on macOS'},
        {action: 'passkey.removed', target_label: 'Work laptop'},
      ]),
    );
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a password, records the use, and refuses the same answer twice', async () => {
    const ctx = await setUp();
    const {app, clock} = ctx;
    const {device, passkey} = await withPasskey(ctx);
    clock.advance(60_000);
    const {options, answer} = await passkeySignIn(app, device);
    expect(options).toMatchObject({rpId: 'localhost', userVerification: 'required'});
    expect(options.allowCredentials ?? []).toEqual([]);
    const credential = device.get(options);
    const res = await answer(credential);
    expect(res.statusCode, res.body).toBe(200);
    const me = await authed(app, res.json().token, 'GET', '/api/auth/me');
    expect(me.json().user.email).toBe('ada@example.com');
    const listed = (await authed(app, res.json().token, 'GET', '/api/auth/passkeys')).json().passkeys;
    expect(listed).toEqual([{...passkey, lastUsedAt: clock.now().toISOString()}]);

    const replay = await answer(credential);
    expect(replay.json().error.code).toBe('PASSKEY_PROMPT_EXPIRED');
    const event = await app.db
      .selectFrom('activity_events')
      .select(['action', 'actor_email', 'target_type', 'target_label'])
      .where('action', '=', 'sign-in')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      action: 'sign-in',
      actor_email: 'ada@example.com',
      target_type: 'passkey',
      target_label: 'Chrome on macOS',
    });
  });

  it('refuses a passkey that did not verify its user, one from another site, and a cloned authenticator', async () => {
    const ctx = await setUp();
    const {app} = ctx;
    const {device} = await withPasskey(ctx);
    const unverified = await passkeySignIn(app, device);
    expect((await unverified.answer(device.get(unverified.options, {userVerified: false}))).json().error.code).toBe(
      'PASSKEY_NOT_VERIFIED',
    );
    const phished = await passkeySignIn(app, device);
    const fake = device.get(phished.options, {origin: 'https://intakekit.example.net'});
    expect((await phished.answer(fake)).json().error.code).toBe('PASSKEY_NOT_VERIFIED');

    // A copy of the authenticator answers with a counter that does not move past the one last seen.
    const first = await passkeySignIn(app, device);
    expect((await first.answer(device.get(first.options, {counterStep: 5}))).statusCode).toBe(200);
    const cloned = await passkeySignIn(app, device);
    const stale = device.get(cloned.options, {counterStep: -3});
    expect((await cloned.answer(stale)).json().error.code).toBe('PASSKEY_NOT_VERIFIED');
  });

  it('lets a passkey in while wrong passwords have locked the address, and leaves the lock for passwords', async () => {
    const ctx = await setUp();
    const {app} = ctx;
    const {device} = await withPasskey(ctx);
    for (let i = 0; i < 5; i++) await login(app, 'ada@example.com', 'Wrong-Password-9');
    expect((await login(app, 'ada@example.com')).json().error.code).toBe('LOCKED');
    const {options, answer} = await passkeySignIn(app, device);
    expect((await answer(device.get(options))).statusCode).toBe(200);
    expect((await login(app, 'ada@example.com')).json().error.code).toBe('LOCKED');
  });

  it('is the second step of a password sign-in with two-factor on, with the account’s own passkeys only', async () => {
    const ctx = await setUp();
    const {app, clock} = ctx;
    const {token, device} = await withPasskey(ctx);
    const {secret} = (await authed(app, token, 'POST', '/api/auth/two-factor/setup')).json();
    await authed(app, token, 'POST', '/api/auth/two-factor/enable', {code: totpCode(secret, clock.now())});
    const eve = await withPasskey(ctx, 'eve@example.com');

    const passwordStep = (await login(app, 'ada@example.com')).json();
    // The password step tells the portal a passkey may stand in for the code.
    expect(passwordStep).toMatchObject({twoFactorRequired: true, passkey: true});
    const challengeToken = passwordStep.challengeToken as string;
    const step = await passkeySignIn(app, device, challengeToken);
    expect(step.options.allowCredentials).toEqual([
      {id: device.credentials[0]!.id, type: 'public-key', transports: ['internal']},
    ]);
    // Another account's passkey cannot stand in for Ada's, even signed over her prompt's challenge.
    const intruder = await step.answer(eve.device.get({...step.options, allowCredentials: []}));
    expect(intruder.json().error.code).toBe('PASSKEY_NOT_REGISTERED');

    const ok = await passkeySignIn(app, device, challengeToken);
    // Presence is enough after the password: no PIN asked.
    const res = await ok.answer(device.get(ok.options, {userVerified: false}));
    expect(res.statusCode, res.body).toBe(200);
    expect((await authed(app, res.json().token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    // The challenge signed in once.
    const code = totpCode(secret, new Date(clock.now().getTime() + 30_000));
    const reuse = await post(app, '/api/auth/login/two-factor', {challengeToken, code});
    expect(reuse.json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    const stale = await post(app, '/api/auth/login/passkey/options', {challengeToken});
    expect(stale.json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('answers PASSKEY_NOT_REGISTERED at the second step of an account without passkeys', async () => {
    const {app, mail, clock} = await setUp();
    const token = await signedIn(app, mail, 'ada@example.com');
    const {secret} = (await authed(app, token, 'POST', '/api/auth/two-factor/setup')).json();
    await authed(app, token, 'POST', '/api/auth/two-factor/enable', {code: totpCode(secret, clock.now())});
    const challengeToken = (await login(app, 'ada@example.com')).json().challengeToken;
    const res = await post(app, '/api/auth/login/passkey/options', {challengeToken});
    expect(res.json().error.code).toBe('PASSKEY_NOT_REGISTERED');
  });
});
