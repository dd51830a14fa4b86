// Pre-hijacking (Sudhodanan and Paverd, USENIX Security 2022): someone registers another person's address first,
// adds a way in of their own, and waits for the owner to take the account back. Recovery through the emailed link
// must give the account to the mailbox owner alone: nothing the registrant added may outlast it, and their two-factor
// may neither survive it nor keep the owner out (a waiting period nobody can sign in through, then it is removed).
import type {FastifyInstance} from 'fastify';
import {describe, expect, it} from 'vitest';
import {totpCode} from '../../src/lib/totp.js';
import {build, type TestContext} from '../helpers/app.js';
import {PASSWORD, authed, login, post, register, verify} from '../helpers/accounts.js';
import {SoftwareAuthenticator} from '../helpers/software-authenticator.js';
import {accept, invitationToken, invite} from '../team/team-helpers.js';
import {VERIFY_EMAIL_FOR_SIGN_IN_METHODS} from '@intakekit/contract/errors';

const VICTIM = 'dana@clinic.example';
const OWNER_PASSWORD = 'Owners-Own-Pass-91';
const STEP = 30_000;
const DAY = 24 * 60 * 60_000;
/** Sessions that outlive the days these tests move the clock by. */
const LONG_SESSIONS = {sessionIdleMs: 60 * DAY, sessionAbsoluteMs: 60 * DAY, sessionRotateAfterMs: 60 * DAY};

async function setUp(loginRequiresVerifiedEmail: boolean) {
  return build({
    env: {LOGIN_REQUIRES_VERIFIED_EMAIL: String(loginRequiresVerifiedEmail)},
    config: LONG_SESSIONS,
  });
}

const portalOrigin = (ctx: TestContext) => new URL(ctx.config.portalUrl).origin;

/** A team that has a key and invites VICTIM; the registrant signs up with VICTIM's address first. */
async function teamInvitesAndRegistrantSignsUp(ctx: TestContext): Promise<string> {
  const {app, mail} = ctx;
  await register(app, 'lead@clinic.example', {teamName: 'Clinic'});
  await verify(app, mail, 'lead@clinic.example');
  const lead = (await login(app, 'lead@clinic.example')).json().token as string;
  expect((await authed(app, lead, 'POST', '/api/keys/sandbox', {name: 'Clinic web'})).statusCode).toBe(201);
  expect((await invite(app, lead, VICTIM)).statusCode).toBe(201);
  await register(app, VICTIM, {name: 'Registrant'});
  return lead;
}

async function addPasskey(app: FastifyInstance, token: string, device: SoftwareAuthenticator) {
  const options = await authed(app, token, 'POST', '/api/auth/passkeys/options', {password: PASSWORD});
  if (options.statusCode !== 200) return options;
  return authed(app, token, 'POST', '/api/auth/passkeys', {credential: device.create(options.json()), name: 'Mine'});
}

async function passkeySignIn(app: FastifyInstance, device: SoftwareAuthenticator) {
  const options = await post(app, '/api/auth/login/passkey/options', {});
  return post(app, '/api/auth/login/passkey', {credential: device.get(options.json())});
}

async function turnOnTwoFactor(ctx: TestContext, token: string): Promise<{secret: string; codes: string[]}> {
  const setup = await authed(ctx.app, token, 'POST', '/api/auth/two-factor/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().secret as string;
  const enable = await authed(ctx.app, token, 'POST', '/api/auth/two-factor/enable', {
    code: totpCode(secret, ctx.clock.now()),
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return {secret, codes: enable.json().recoveryCodes as string[]};
}

async function resetLink(ctx: TestContext, email = VICTIM): Promise<string> {
  expect((await post(ctx.app, '/api/auth/forgot-password', {email})).statusCode).toBe(200);
  return ctx.mail.lastToken(email, 'reset-password');
}

/** The token of the newest cancel link of a recovery mailed to the address. */
async function cancelToken(ctx: TestContext, email = VICTIM): Promise<string> {
  for (const m of (await ctx.mail.to(email)).reverse()) {
    const match = /\/cancel-recovery\?token=([A-Za-z0-9_-]+)/.exec(m.text);
    if (match) return match[1]!;
  }
  throw new Error(`No recovery cancel link was sent to ${email}`);
}

async function actions(app: FastifyInstance, userEmail: string): Promise<string[]> {
  const rows = await app.db
    .selectFrom('activity_events')
    .select('action')
    .where('actor_email', '=', userEmail)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

describe.each([true, false])('with LOGIN_REQUIRES_VERIFIED_EMAIL=%s', (required) => {
  it("the owner's reset removes the registrant's passkey, lists it in the notice, and the registrant stays out of the team", async () => {
    const ctx = await setUp(required);
    const {app, mail} = ctx;
    const lead = await teamInvitesAndRegistrantSignsUp(ctx);
    // The mailbox owner clicks the verification email they did not ask for.
    await verify(app, mail, VICTIM);
    const registrant = (await login(app, VICTIM)).json().token as string;
    const device = new SoftwareAuthenticator({origin: portalOrigin(ctx)});
    expect((await addPasskey(app, registrant, device)).statusCode).toBe(201);

    // Told 'This email is already registered', the owner resets the password and accepts the invitation.
    const reset = await post(app, '/api/auth/reset-password', {
      token: await resetLink(ctx),
      newPassword: OWNER_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await authed(app, registrant, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const owner = (await login(app, VICTIM, OWNER_PASSWORD)).json().token as string;
    expect((await accept(app, owner, await invitationToken(mail, VICTIM))).statusCode).toBe(200);
    expect((await authed(app, lead, 'GET', '/api/team')).json().users).toHaveLength(2);

    const again = await passkeySignIn(app, device);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('PASSKEY_NOT_REGISTERED');
    expect((await authed(app, owner, 'GET', '/api/auth/passkeys')).json().passkeys).toEqual([]);
    const notice = (await mail.to(VICTIM)).find((m) => m.subject === 'Your IntakeKit password was changed');
    expect(notice?.text).toContain('removed these passkeys, which can no longer sign in: “Mine”');
    expect(await actions(app, VICTIM)).toEqual(expect.arrayContaining(['password.reset', 'passkey.removed']));
  });

  it("the registrant's two-factor neither survives the owner's recovery nor keeps the owner out", async () => {
    const ctx = await setUp(required);
    const {app, mail, clock} = ctx;
    await teamInvitesAndRegistrantSignsUp(ctx);
    await verify(app, mail, VICTIM);
    const registrant = (await login(app, VICTIM)).json().token as string;
    const device = new SoftwareAuthenticator({origin: portalOrigin(ctx)});
    expect((await addPasskey(app, registrant, device)).statusCode).toBe(201);
    await turnOnTwoFactor(ctx, registrant);

    // The owner has no code: the reset asks for one, and the link still works for the recovery.
    const token = await resetLink(ctx);
    const asked = await post(app, '/api/auth/reset-password', {token, newPassword: OWNER_PASSWORD});
    expect(asked.statusCode).toBe(400);
    expect(asked.json().error.code).toBe('TWO_FACTOR_CODE_REQUIRED');
    const started = await post(app, '/api/auth/account-recovery', {token, newPassword: OWNER_PASSWORD});
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().endsAt).toBe(new Date(clock.now().getTime() + 7 * DAY).toISOString());
    expect((await authed(app, registrant, 'GET', '/api/auth/me')).statusCode).toBe(401);

    // The waiting period: nobody signs in, with the password, the passkey or a code, and trying does not end it.
    clock.advance(6 * DAY);
    const byPassword = await login(app, VICTIM);
    expect(byPassword.statusCode).toBe(423);
    expect(byPassword.json().error.code).toBe('ACCOUNT_RECOVERY_PENDING');
    expect((await passkeySignIn(app, device)).json().error.code).toBe('ACCOUNT_RECOVERY_PENDING');
    expect((await login(app, VICTIM, OWNER_PASSWORD)).statusCode).toBe(401);
    expect((await app.scheduler.run('account-recovery')).ran).toBe(true);
    expect((await login(app, VICTIM)).json().error.code).toBe('ACCOUNT_RECOVERY_PENDING');

    clock.advance(DAY);
    expect((await app.scheduler.run('account-recovery')).ran).toBe(true);
    const owner = await login(app, VICTIM, OWNER_PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().user.twoFactorEnabled).toBe(false);
    expect((await login(app, VICTIM)).statusCode).toBe(401);
    expect((await passkeySignIn(app, device)).json().error.code).toBe('PASSKEY_NOT_REGISTERED');
    // The registrant's authenticator and recovery codes are worth nothing: two-factor is gone with them.
    expect(await app.db.selectFrom('two_factor_recovery_codes').select('code_hash').execute()).toEqual([]);
    expect(await app.db.selectFrom('two_factor_secrets').select('user_id').execute()).toEqual([]);

    const subjects = (await mail.to(VICTIM)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Your IntakeKit account recovery has started',
        'Your IntakeKit account recovery is complete',
      ]),
    );
    const done = (await mail.to(VICTIM)).find((m) => m.subject === 'Your IntakeKit account recovery is complete');
    expect(done?.text).toContain('“Mine”');
    expect(await actions(app, VICTIM)).toEqual(
      expect.arrayContaining(['account-recovery.started', 'account-recovery.completed', 'passkey.removed']),
    );
  });
});

describe('while the address is unverified', () => {
  it('refuses passkeys, two-factor and recovery codes, saying why', async () => {
    const ctx = await setUp(false);
    const {app} = ctx;
    await teamInvitesAndRegistrantSignsUp(ctx);
    // The owner does nothing: the registrant signs in unverified.
    const registrant = (await login(app, VICTIM)).json().token as string;
    const refusal = {error: {code: 'EMAIL_NOT_VERIFIED', message: VERIFY_EMAIL_FOR_SIGN_IN_METHODS}};
    const passkey = await addPasskey(app, registrant, new SoftwareAuthenticator({origin: portalOrigin(ctx)}));
    expect(passkey.statusCode).toBe(403);
    expect(passkey.json()).toEqual(refusal);
    const setup = await authed(app, registrant, 'POST', '/api/auth/two-factor/setup');
    expect(setup.statusCode).toBe(403);
    expect(setup.json()).toEqual(refusal);
    const enable = await authed(app, registrant, 'POST', '/api/auth/two-factor/enable', {code: '123456'});
    expect(enable.json()).toEqual(refusal);
    const codes = await authed(app, registrant, 'POST', '/api/auth/two-factor/recovery-codes', {code: '123456'});
    expect(codes.json()).toEqual(refusal);
    expect(await app.db.selectFrom('passkeys').select('id').execute()).toEqual([]);
    expect(await app.db.selectFrom('two_factor_secrets').select('user_id').execute()).toEqual([]);
  });
});

describe('a reset with two-factor on', () => {
  async function ownerWithTwoFactor() {
    const ctx = await setUp(true);
    await register(ctx.app, VICTIM);
    await verify(ctx.app, ctx.mail, VICTIM);
    const session = (await login(ctx.app, VICTIM)).json().token as string;
    return {ctx, session, ...(await turnOnTwoFactor(ctx, session))};
  }

  it('sets the password only with a code: a missing or wrong one changes nothing and keeps the link', async () => {
    const {ctx, session, secret} = await ownerWithTwoFactor();
    const {app, clock} = ctx;
    const token = await resetLink(ctx);
    const missing = await post(app, '/api/auth/reset-password', {token, newPassword: OWNER_PASSWORD});
    expect(missing.json().error).toEqual({
      code: 'TWO_FACTOR_CODE_REQUIRED',
      message: 'Enter a code from your authenticator app, or one of your recovery codes, to set a new password.',
    });
    const wrong = await post(app, '/api/auth/reset-password', {token, newPassword: OWNER_PASSWORD, code: '000000'});
    expect(wrong.json().error.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await authed(app, session, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await login(app, VICTIM)).json().twoFactorRequired).toBe(true);

    const code = totpCode(secret, new Date(clock.now().getTime() + STEP));
    const right = await post(app, '/api/auth/reset-password', {token, newPassword: OWNER_PASSWORD, code});
    expect(right.statusCode, right.body).toBe(200);
    expect((await authed(app, session, 'GET', '/api/auth/me')).statusCode).toBe(401);
    // Two-factor stays on: the code proved it is the owner's.
    expect((await login(app, VICTIM, OWNER_PASSWORD)).json().twoFactorRequired).toBe(true);
  });

  it('takes a recovery code, once', async () => {
    const {ctx, codes} = await ownerWithTwoFactor();
    const {app} = ctx;
    const first = await post(app, '/api/auth/reset-password', {
      token: await resetLink(ctx),
      newPassword: OWNER_PASSWORD,
      code: codes[0],
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await post(app, '/api/auth/reset-password', {
      token: await resetLink(ctx),
      newPassword: 'Third-Password-55',
      code: codes[0],
    });
    expect(second.json().error.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect(await actions(app, VICTIM)).toContain('two-factor.recovery-code-used');
  });

  it('stops the link after LOGIN_LOCK_ATTEMPTS wrong codes', async () => {
    const {ctx, secret} = await ownerWithTwoFactor();
    const {app, clock} = ctx;
    const token = await resetLink(ctx);
    for (let i = 0; i < 5; i++) {
      const wrong = await post(app, '/api/auth/reset-password', {token, newPassword: OWNER_PASSWORD, code: '000000'});
      expect(wrong.json().error.code).toBe('INVALID_TWO_FACTOR_CODE');
    }
    const code = totpCode(secret, new Date(clock.now().getTime() + STEP));
    const late = await post(app, '/api/auth/reset-password', {token, newPassword: OWNER_PASSWORD, code});
    expect(late.json().error.code).toBe('INVALID_OR_EXPIRED');
  });
});

describe('the lost-authenticator recovery', () => {
  it('can be cancelled by the mailbox owner from the email, and the account works as before', async () => {
    const ctx = await setUp(true);
    const {app, clock} = ctx;
    await register(app, VICTIM);
    await verify(app, ctx.mail, VICTIM);
    const session = (await login(app, VICTIM)).json().token as string;
    const {secret} = await turnOnTwoFactor(ctx, session);
    const token = await resetLink(ctx);
    // A refused password does not spend the link.
    const common = await post(app, '/api/auth/account-recovery', {token, newPassword: 'Password123'});
    expect(common.json().error.code).toBe('PASSWORD_TOO_COMMON');
    const started = await post(app, '/api/auth/account-recovery', {token, newPassword: OWNER_PASSWORD});
    expect(started.statusCode, started.body).toBe(202);
    const startMail = (await ctx.mail.to(VICTIM)).find(
      (m) => m.subject === 'Your IntakeKit account recovery has started',
    );
    expect(startMail?.text).toContain('nobody can sign in');

    const cancelled = await post(app, '/api/auth/account-recovery/cancel', {token: await cancelToken(ctx)});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await post(app, '/api/auth/account-recovery/cancel', {token: await cancelToken(ctx)});
    expect(again.json().error.code).toBe('INVALID_OR_EXPIRED');

    clock.advance(8 * DAY);
    await app.scheduler.run('account-recovery');
    const challenge = await login(app, VICTIM);
    expect(challenge.json().twoFactorRequired).toBe(true);
    const signedIn = await post(app, '/api/auth/login/two-factor', {
      challengeToken: challenge.json().challengeToken,
      code: totpCode(secret, clock.now()),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await actions(app, VICTIM)).toEqual(
      expect.arrayContaining(['account-recovery.started', 'account-recovery.cancelled']),
    );
  });

  it('waits ACCOUNT_RECOVERY_WAIT_DAYS, and is refused for an account without two-factor', async () => {
    const ctx = await build({env: {ACCOUNT_RECOVERY_WAIT_DAYS: '2'}, config: LONG_SESSIONS});
    const {app, clock} = ctx;
    await register(app, VICTIM);
    await verify(app, ctx.mail, VICTIM);
    const token = await resetLink(ctx);
    const plain = await post(app, '/api/auth/account-recovery', {token, newPassword: OWNER_PASSWORD});
    expect(plain.json().error.code).toBe('TWO_FACTOR_NOT_ENABLED');

    const session = (await login(app, VICTIM)).json().token as string;
    await turnOnTwoFactor(ctx, session);
    const started = await post(app, '/api/auth/account-recovery', {token, newPassword: OWNER_PASSWORD});
    expect(started.json().endsAt).toBe(new Date(clock.now().getTime() + 2 * DAY).toISOString());
    clock.advance(2 * DAY);
    await app.scheduler.run('account-recovery');
    expect((await login(app, VICTIM, OWNER_PASSWORD)).json().token).toEqual(expect.any(String));
  });
});
