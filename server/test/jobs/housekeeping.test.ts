// The housekeeping job: each purge removes what can no longer be used and keeps everything that can.
// Run through app.scheduler.run (under the job's lock, as a tick runs it) on the test clock.
import {describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {build, type TestContext} from '../helpers/app.js';
import {authed, signedIn} from '../helpers/accounts.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function housekeep(app: FastifyInstance) {
  const outcome = await app.scheduler.run('housekeeping');
  if (!outcome.ran) throw new Error('housekeeping did not run');
  return outcome.result;
}

async function userId(app: FastifyInstance, email: string): Promise<string> {
  return (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

function ago(ctx: TestContext, ms: number): Date {
  return new Date(ctx.clock.now().getTime() - ms);
}

/** Three rows keyed 'a', 'b' and 'c' (of `length` characters): expired a minute ago, expiring now, live a minute more. */
function aroundNow<Row>(ctx: TestContext, length: number, row: (key: string, expiresAt: Date) => Row): Row[] {
  const now = ctx.clock.now();
  return [
    row('a'.repeat(length), ago(ctx, MINUTE)),
    row('b'.repeat(length), now),
    row('c'.repeat(length), ago(ctx, -MINUTE)),
  ];
}

describe('housekeeping', () => {
  it('deletes idle, expired and replaced-past-grace sessions, and keeps live ones and those in their grace', async () => {
    const ctx = await build();
    const {app} = ctx;
    const token = await signedIn(app, ctx.mail, 'ada@example.com');
    const user = await userId(app, 'ada@example.com');
    const session = (hash: string, lastUsed: Date, absoluteExpires: Date, replaced: Date | null = null) => ({
      family_id: crypto.randomUUID(),
      user_id: user,
      token_hash: hash,
      created_at: ago(ctx, 2 * HOUR),
      last_used_at: lastUsed,
      absolute_expires_at: absoluteExpires,
      replaced_at: replaced,
    });
    const later = new Date(ctx.clock.now().getTime() + HOUR);
    await app.db
      .insertInto('sessions')
      .values([
        session('idle', ago(ctx, 31 * MINUTE), later),
        session('past-lifetime', ago(ctx, MINUTE), ago(ctx, 1)),
        session('replaced-long-ago', ago(ctx, 2 * MINUTE), later, ago(ctx, 2 * MINUTE)),
        session('in-grace', ago(ctx, 30_000), later, ago(ctx, 30_000)),
        session('recent', ago(ctx, 29 * MINUTE), later),
      ])
      .execute();

    expect(await housekeep(app)).toMatchObject({sessions: 3});
    const left = await app.db.selectFrom('sessions').select('token_hash').execute();
    expect(
      left
        .map((s) => s.token_hash)
        .filter((h) => h.length < 20)
        .sort(),
    ).toEqual(['in-grace', 'recent']);
    // The idle and the expired ones leave the reason their next request is told; the replaced one none.
    const ended = await app.db
      .selectFrom('ended_sessions')
      .select(['token_hash', 'reason'])
      .orderBy('token_hash')
      .execute();
    expect(ended).toEqual([
      {token_hash: 'idle', reason: 'idle'},
      {token_hash: 'past-lifetime', reason: 'expired'},
    ]);
    // The session of the sign-in is untouched and still works.
    expect(left).toHaveLength(3);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('deletes email links a day after they expired, used or not, and keeps younger ones', async () => {
    const ctx = await build();
    const {app} = ctx;
    await signedIn(app, ctx.mail, 'ada@example.com');
    const user = await userId(app, 'ada@example.com');
    // The sign-up's verification link, used a moment ago: kept (clicking it again still says ALREADY_USED).
    const before = await app.db.selectFrom('email_tokens').select('token_hash').execute();
    const token = (hash: string, expires: Date, used: Date | null, superseded: Date | null = null) => ({
      user_id: user,
      purpose: 'reset_password' as const,
      token_hash: hash,
      created_at: new Date(expires.getTime() - 15 * MINUTE),
      expires_at: expires,
      used_at: used,
      superseded_at: superseded,
    });
    await app.db
      .insertInto('email_tokens')
      .values([
        token('expired-unused', ago(ctx, DAY + MINUTE), null),
        token('expired-used', ago(ctx, 2 * DAY), ago(ctx, 2 * DAY + 5 * MINUTE)),
        token('expired-superseded', ago(ctx, 3 * DAY), null, ago(ctx, 3 * DAY + MINUTE)),
        token('used-an-hour-ago', ago(ctx, HOUR - 10 * MINUTE), ago(ctx, HOUR)),
        token('expired-an-hour-ago', ago(ctx, HOUR), null),
        token('current', new Date(ctx.clock.now().getTime() + 10 * MINUTE), null),
      ])
      .execute();

    expect(await housekeep(app)).toMatchObject({emailTokens: 3});
    const left = (await app.db.selectFrom('email_tokens').select('token_hash').execute()).map((t) => t.token_hash);
    expect(left.sort()).toEqual(
      [...before.map((t) => t.token_hash), 'current', 'expired-an-hour-ago', 'used-an-hour-ago'].sort(),
    );
  });

  it('deletes delivery records of emails sent or given up over a week ago, and keeps newer ones and those unsent', async () => {
    const ctx = await build();
    const {app} = ctx;
    const row = (kind: string, ended: Partial<{sent_at: Date; failed_at: Date}>) => ({
      kind,
      payload: null,
      created_at: ago(ctx, 9 * DAY),
      // Far off, so this app's worker leaves the unsent row alone during the test.
      next_attempt_at: new Date(ctx.clock.now().getTime() + DAY),
      ...ended,
    });
    await app.db
      .insertInto('mail_outbox')
      .values([
        row('sent-long-ago', {sent_at: ago(ctx, 8 * DAY)}),
        row('given-up-long-ago', {failed_at: ago(ctx, 8 * DAY)}),
        row('sent-yesterday', {sent_at: ago(ctx, DAY)}),
        row('given-up-yesterday', {failed_at: ago(ctx, DAY)}),
        row('unsent', {}),
      ])
      .execute();

    expect(await housekeep(app)).toMatchObject({sentMail: 2});
    const left = await app.db.selectFrom('mail_outbox').select('kind').orderBy('kind').execute();
    expect(left.map((r) => r.kind)).toEqual(['given-up-yesterday', 'sent-yesterday', 'unsent']);
  });

  it('deletes sign-in attempts outside the window with no lock in force, and keeps counting and locked addresses', async () => {
    const ctx = await build();
    const {app} = ctx;
    const row = (email: string, attempts: Date[], lockedUntil: Date | null) => ({
      email,
      // The schema types this column as an array of ColumnType, which Kysely's insert type cannot name.
      attempted_at: attempts as never,
      locked_until: lockedUntil,
    });
    await app.db
      .insertInto('sign_in_attempts')
      .values([
        row('old@example.com', [ago(ctx, 20 * MINUTE), ago(ctx, 16 * MINUTE)], null),
        row('lock-over@example.com', [], ago(ctx, MINUTE)),
        row('counting@example.com', [ago(ctx, 20 * MINUTE), ago(ctx, 14 * MINUTE)], null),
        row('locked@example.com', [], new Date(ctx.clock.now().getTime() + 10 * MINUTE)),
      ])
      .execute();

    expect(await housekeep(app)).toMatchObject({signInAttempts: 2});
    const left = await app.db.selectFrom('sign_in_attempts').select('email').orderBy('email').execute();
    expect(left.map((r) => r.email)).toEqual(['counting@example.com', 'locked@example.com']);
    // The lock still answers LOCKED.
    const locked = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {email: 'locked@example.com', password: 'Whatever-123', turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX'},
    });
    expect(locked.json().error.code).toBe('LOCKED');
  });

  it("forgets the tokens of answered, revoked and expired invitations, and keeps a pending one's", async () => {
    const ctx = await build();
    const {app} = ctx;
    await signedIn(app, ctx.mail, 'owner@example.com', {teamName: 'Acme'});
    const team = await app.db.selectFrom('teams').select('id').executeTakeFirstOrThrow();
    const invitation = (email: string, hash: string, status: 'pending' | 'accepted' | 'revoked', expires: Date) => ({
      team_id: team.id,
      email,
      role: 'member' as const,
      token_hash: hash,
      status,
      created_at: ago(ctx, 8 * DAY),
      sent_at: ago(ctx, 8 * DAY),
      expires_at: expires,
    });
    const later = new Date(ctx.clock.now().getTime() + DAY);
    await app.db
      .insertInto('invitations')
      .values([
        invitation('accepted@example.com', 'a'.repeat(64), 'accepted', later),
        invitation('revoked@example.com', 'b'.repeat(64), 'revoked', later),
        invitation('expired@example.com', 'c'.repeat(64), 'pending', ago(ctx, MINUTE)),
        invitation('pending@example.com', 'd'.repeat(64), 'pending', later),
      ])
      .execute();

    expect(await housekeep(app)).toMatchObject({invitationTokens: 3});
    const rows = await app.db
      .selectFrom('invitations')
      .select(['email', 'token_hash', 'status'])
      .orderBy('email')
      .execute();
    // Every row stays (the team's history); only the pending one keeps its token.
    expect(rows.map((r) => [r.email, /^[0-9a-f]{64}$/.test(r.token_hash)])).toEqual([
      ['accepted@example.com', false],
      ['expired@example.com', false],
      ['pending@example.com', true],
      ['revoked@example.com', false],
    ]);
    // A second run finds nothing more to do.
    expect(await housekeep(app)).toEqual({
      sessions: 0,
      emailTokens: 0,
      invitationTokens: 0,
      signInAttempts: 0,
      linkMailSends: 0,
      sentMail: 0,
      signInChallenges: 0,
      passkeyChallenges: 0,
      endedSessions: 0,
      activity: 0,
      submissions: 0,
      webhookInbox: 0,
      webhookLog: 0,
    });
  });

  it('deletes the two-factor sign-in challenges and the passkey prompts that expired, and keeps live ones', async () => {
    const ctx = await build();
    const {app} = ctx;
    const user = await app.db
      .insertInto('users')
      .values({email: 'two@example.com', password_hash: 'x', created_at: ctx.clock.now(), updated_at: ctx.clock.now()})
      .returning('id')
      .executeTakeFirstOrThrow();
    const challenge = (token_hash: string, expires_at: Date) => ({token_hash, user_id: user.id, expires_at});
    const prompt = (challenge: string, expires_at: Date) => ({challenge, purpose: 'sign-in' as const, expires_at});
    await app.db
      .insertInto('sign_in_challenges')
      .values(aroundNow(ctx, 64, challenge))
      .execute();
    await app.db
      .insertInto('passkey_challenges')
      .values(aroundNow(ctx, 43, prompt))
      .execute();
    expect(await housekeep(app)).toMatchObject({signInChallenges: 2, passkeyChallenges: 2});
    const challengesLeft = await app.db.selectFrom('sign_in_challenges').select('token_hash').execute();
    expect(challengesLeft).toEqual([{token_hash: 'c'.repeat(64)}]);
    const promptsLeft = await app.db.selectFrom('passkey_challenges').select('challenge').execute();
    expect(promptsLeft).toEqual([{challenge: 'c'.repeat(43)}]);
  });

  it('runs on its interval once the app is ready and stops when the app closes', async () => {
    const ctx = await build({config: {housekeepingIntervalMs: 200, scheduledJobs: true}});
    const runs = () =>
      ctx.logs
        .entries()
        .filter((e) => e.job === 'housekeeping' && e.msg === 'scheduled job ran')
        .map((e) => e.slot);
    const deadline = Date.now() + 10_000;
    while (runs().length < 2) {
      if (Date.now() > deadline) throw new Error(`housekeeping ran ${runs().length} time(s) in 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // One run per tick, each tick a multiple of the interval.
    const slots = runs() as string[];
    expect(new Set(slots).size).toBe(slots.length);
    for (const slot of slots) expect(Date.parse(slot) % 200).toBe(0);
    await ctx.app.close();
    const after = runs().length;
    // Closed: the timer is gone (nothing pending keeps the app, and no tick comes after the close).
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(runs().length).toBe(after);
  });
});
