// Verification and password-reset emails per address: LINK_EMAILS_PER_ADDRESS_PER_HOUR (3) and
// LINK_EMAILS_PER_ADDRESS_PER_DAY (10), each kind counted on its own, whoever asks and from wherever. A request
// over a cap is answered exactly as one that sends: same status, same body, and the answer still leaves before
// any lookup or mail work.
import type {FastifyInstance, LightMyRequestResponse} from 'fastify';
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {PASSWORD, TURNSTILE, authed, post, register, signedIn} from '../helpers/accounts.js';
import type {Mailbox} from '../helpers/mailbox.js';

const HOUR = 3600_000;
const RESET_SUBJECT = 'Reset your IntakeKit password';
const VERIFY_SUBJECT = 'Verify your IntakeKit email address';

async function sent(mail: Mailbox, email: string, subject: string): Promise<number> {
  return (await mail.to(email)).filter((m) => m.subject === subject).length;
}

/** `count` requests at once; answers what a client can tell them apart by, once their emails are out. */
async function burst(mail: Mailbox, count: number, request: () => Promise<LightMyRequestResponse>) {
  const answers = await Promise.all(Array.from({length: count}, request));
  // The work runs after the answers: let it run at this moment of the test's clock.
  await mail.all();
  return answers.map((res) => ({status: res.statusCode, type: res.headers['content-type'], body: res.body}));
}

/** Every request was answered 200 and exactly alike (status, type, body), whether it sent an email or not. */
function expectAnsweredAlike(answers: Awaited<ReturnType<typeof burst>>): void {
  expect(answers[0]!.status).toBe(200);
  expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
}

/** Signs up ada@example.com and answers a call asking `url` to mail her a link. */
async function linkRequester(app: FastifyInstance, url: string) {
  await register(app, 'ada@example.com');
  return () => post(app, url, {email: 'ada@example.com'});
}

describe('password-reset emails per address', () => {
  it('60 forgot-password requests send 3 emails an hour and 10 a day, each answered like the first', async () => {
    const {app, mail, clock} = await build();
    const forgot = await linkRequester(app, '/api/auth/forgot-password');
    const first = await burst(mail, 1, forgot);
    expectAnsweredAlike([...first, ...(await burst(mail, 59, forgot))]);
    expect(await sent(mail, 'ada@example.com', RESET_SUBJECT)).toBe(3);
    // Another address has its own count.
    await register(app, 'bob@example.com');
    await post(app, '/api/auth/forgot-password', {email: 'bob@example.com'});
    expect(await sent(mail, 'bob@example.com', RESET_SUBJECT)).toBe(1);

    const perHour = [3];
    for (let hour = 1; hour < 4; hour += 1) {
      clock.advance(HOUR);
      await burst(mail, 10, forgot);
      perHour.push(await sent(mail, 'ada@example.com', RESET_SUBJECT));
    }
    expect(perHour).toEqual([3, 6, 9, 10]);
    // The newest link sent still works: a request over the cap replaces no token.
    await burst(mail, 5, forgot);
    const token = await mail.lastToken('ada@example.com', 'reset-password');
    const reset = await post(app, '/api/auth/reset-password', {token, newPassword: 'Brand-New-Pass-7'});
    expect(reset.statusCode).toBe(200);
    clock.advance(21 * HOUR - 1000);
    await burst(mail, 5, forgot);
    expect(await sent(mail, 'ada@example.com', RESET_SUBJECT)).toBe(10);
    // A day after the first sends, their slots free.
    clock.advance(1000);
    await burst(mail, 5, forgot);
    expect(await sent(mail, 'ada@example.com', RESET_SUBJECT)).toBe(13);
  });

  it('is configurable with LINK_EMAILS_PER_ADDRESS_PER_HOUR and _PER_DAY', async () => {
    const {app, mail, clock} = await build({
      env: {LINK_EMAILS_PER_ADDRESS_PER_HOUR: '1', LINK_EMAILS_PER_ADDRESS_PER_DAY: '2'},
    });
    const forgot = await linkRequester(app, '/api/auth/forgot-password');
    const counts: number[] = [];
    for (let hour = 0; hour < 3; hour += 1) {
      await burst(mail, 5, forgot);
      counts.push(await sent(mail, 'ada@example.com', RESET_SUBJECT));
      clock.advance(HOUR);
    }
    expect(counts).toEqual([1, 2, 2]);
  });
});

describe('verification emails per address', () => {
  it('40 resends send at most 3 verification emails an hour, the sign-up email included, each answered alike', async () => {
    const {app, mail, clock} = await build();
    const resend = await linkRequester(app, '/api/auth/resend-verification');
    expectAnsweredAlike(await burst(mail, 40, resend));
    expect(await sent(mail, 'ada@example.com', VERIFY_SUBJECT)).toBe(3);
    // Password-reset emails have their own count.
    await post(app, '/api/auth/forgot-password', {email: 'ada@example.com'});
    expect(await sent(mail, 'ada@example.com', RESET_SUBJECT)).toBe(1);

    for (let hour = 1; hour < 4; hour += 1) {
      clock.advance(HOUR);
      await burst(mail, 10, resend);
    }
    expect(await sent(mail, 'ada@example.com', VERIFY_SUBJECT)).toBe(10);
    clock.advance(HOUR / 2);
    await burst(mail, 10, resend);
    expect(await sent(mail, 'ada@example.com', VERIFY_SUBJECT)).toBe(10);
    // The newest link sent still verifies the address: a resend over the cap replaces no token.
    const token = await mail.lastToken('ada@example.com', 'verify');
    expect((await app.inject({method: 'GET', url: `/api/auth/verify?token=${token}`})).statusCode).toBe(200);
  });

  it('counts sign-up emails of an address whose account is deleted and registered again', async () => {
    const {app, mail} = await build({env: {LINK_EMAILS_PER_ADDRESS_PER_HOUR: '1'}});
    const session = await signedIn(app, mail, 'ada@example.com');
    expect((await authed(app, session, 'DELETE', '/api/auth/account', {password: PASSWORD})).statusCode).toBe(204);
    const again = await post(app, '/api/auth/register', {
      email: 'ada@example.com',
      password: PASSWORD,
      turnstileToken: TURNSTILE,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({
      message: 'Account created. Check your email to verify your address.',
      emailVerified: false,
    });
    expect(await sent(mail, 'ada@example.com', VERIFY_SUBJECT)).toBe(1);
  });
});
