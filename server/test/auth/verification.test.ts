// GET /api/auth/verify and POST /api/auth/resend-verification
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {login, post, register} from '../helpers/accounts.js';
import {rowCounts} from '../helpers/database.js';

const MINUTE = 60_000;

describe('GET /api/auth/verify', () => {
  it('verifies the address once; opening the link again says the address is verified', async () => {
    const {app, mail} = await build();
    await register(app, 'ada@example.com');
    const token = await mail.lastToken('ada@example.com', 'verify');
    const first = await app.inject({method: 'GET', url: `/api/auth/verify?token=${token}`});
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({message: expect.any(String)});
    expect((await login(app, 'ada@example.com')).statusCode).toBe(200);
    const second = await app.inject({method: 'GET', url: `/api/auth/verify?token=${token}`});
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: {code: 'ALREADY_VERIFIED', message: 'Your email address is already verified. You can sign in.'},
    });
  });

  it('lets exactly one of several concurrent uses succeed', async () => {
    const {app, mail} = await build();
    await register(app, 'ada@example.com');
    const token = await mail.lastToken('ada@example.com', 'verify');
    const results = await Promise.all(
      Array.from({length: 5}, () => app.inject({method: 'GET', url: `/api/auth/verify?token=${token}`})),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().error.code)).toEqual(
      Array(4).fill('ALREADY_VERIFIED'),
    );
  });

  it('answers EXPIRED after 60 minutes', async () => {
    const {app, mail, clock} = await build();
    await register(app, 'ada@example.com');
    const token = await mail.lastToken('ada@example.com', 'verify');
    clock.advance(60 * MINUTE);
    const res = await app.inject({method: 'GET', url: `/api/auth/verify?token=${token}`});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({code: 'EXPIRED', message: 'This link has expired. Please request a new one.'});
  });

  it('still works at 59 minutes', async () => {
    const {app, mail, clock} = await build();
    await register(app, 'ada@example.com');
    const token = await mail.lastToken('ada@example.com', 'verify');
    clock.advance(59 * MINUTE);
    expect((await app.inject({method: 'GET', url: `/api/auth/verify?token=${token}`})).statusCode).toBe(200);
  });

  it('answers INVALID_OR_EXPIRED for an unknown token and for one superseded by a resend', async () => {
    const {app, mail} = await build();
    await register(app, 'ada@example.com');
    const old = await mail.lastToken('ada@example.com', 'verify');
    await post(app, '/api/auth/resend-verification', {email: 'ada@example.com'});
    const fresh = await mail.lastToken('ada@example.com', 'verify');
    expect(fresh).not.toBe(old);
    const superseded = await app.inject({method: 'GET', url: `/api/auth/verify?token=${old}`});
    expect(superseded.json().error).toEqual({
      code: 'INVALID_OR_EXPIRED',
      message: 'This link is invalid or has expired. Please request a new one.',
    });
    const unknown = await app.inject({method: 'GET', url: `/api/auth/verify?token=${'A'.repeat(43)}`});
    expect(unknown.json().error.code).toBe('INVALID_OR_EXPIRED');
    expect((await app.inject({method: 'GET', url: `/api/auth/verify?token=${fresh}`})).statusCode).toBe(200);
    // Once the address is verified, the replaced link says so rather than 'invalid'; an unknown one does not.
    expect((await app.inject({method: 'GET', url: `/api/auth/verify?token=${old}`})).json()).toEqual({
      error: {code: 'ALREADY_VERIFIED', message: 'Your email address is already verified. You can sign in.'},
    });
    expect((await app.inject({method: 'GET', url: `/api/auth/verify?token=${'A'.repeat(43)}`})).json().error.code).toBe(
      'INVALID_OR_EXPIRED',
    );
  });

  it('says a link past its hour is expired, or that the address is verified once it is', async () => {
    const {app, mail, clock} = await build();
    await register(app, 'ada@example.com');
    const first = await mail.lastToken('ada@example.com', 'verify');
    clock.advance(61 * MINUTE);
    expect((await app.inject({method: 'GET', url: `/api/auth/verify?token=${first}`})).json().error.code).toBe(
      'EXPIRED',
    );
    await post(app, '/api/auth/resend-verification', {email: 'ada@example.com'});
    const second = await mail.lastToken('ada@example.com', 'verify');
    expect((await app.inject({method: 'GET', url: `/api/auth/verify?token=${second}`})).statusCode).toBe(200);
    const again = await app.inject({method: 'GET', url: `/api/auth/verify?token=${first}`});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: {code: 'ALREADY_VERIFIED', message: 'Your email address is already verified. You can sign in.'},
    });
  });

  it('answers TOKEN_REQUIRED without a token and INVALID_TOKEN for a malformed one', async () => {
    const {app} = await build();
    for (const url of ['/api/auth/verify', '/api/auth/verify?token=']) {
      const res = await app.inject({method: 'GET', url});
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({code: 'TOKEN_REQUIRED', message: 'Verification token is required.'});
    }
    for (const token of ['abc', "' OR 1=1 --", '%F0%9F%98%80'.repeat(5), 'x'.repeat(600)]) {
      const res = await app.inject({method: 'GET', url: `/api/auth/verify?token=${token}`});
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_TOKEN');
    }
  });

  it('does not let a reset token verify an address', async () => {
    const {app, mail} = await build();
    await register(app, 'ada@example.com');
    await post(app, '/api/auth/forgot-password', {email: 'ada@example.com'});
    const reset = await mail.lastToken('ada@example.com', 'reset-password');
    const res = await app.inject({method: 'GET', url: `/api/auth/verify?token=${reset}`});
    expect(res.json().error.code).toBe('INVALID_OR_EXPIRED');
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('sends a new link to an unverified account', async () => {
    const {app, mail} = await build();
    await register(app, 'ada@example.com');
    const res = await post(app, '/api/auth/resend-verification', {email: ' ADA@example.com'});
    expect(res.statusCode).toBe(200);
    expect(await mail.to('ada@example.com')).toHaveLength(2);
  });

  it('answers the same, and sends nothing, for unknown and verified addresses', async () => {
    const {app, mail} = await build();
    await register(app, 'ada@example.com');
    const token = await mail.lastToken('ada@example.com', 'verify');
    await app.inject({method: 'GET', url: `/api/auth/verify?token=${token}`});
    const known = await post(app, '/api/auth/resend-verification', {email: 'ada@example.com'});
    const unknown = await post(app, '/api/auth/resend-verification', {email: 'ghost@example.com'});
    const unverified = await post(app, '/api/auth/resend-verification', {email: 'ada@example.com'});
    expect(known.body).toBe(unknown.body);
    expect(unverified.body).toBe(unknown.body);
    expect(await mail.all()).toHaveLength(1);
  });

  it('leaves exactly one current link when resends race', async () => {
    // Caps high enough that every resend sends (link-mail-caps.test.ts tests them).
    const {app, mail} = await build({env: {LINK_EMAILS_PER_ADDRESS_PER_HOUR: '10'}});
    await register(app, 'ada@example.com');
    await Promise.all(
      Array.from({length: 5}, () => post(app, '/api/auth/resend-verification', {email: 'ada@example.com'})),
    );
    await mail.all();
    const current = await app.db
      .selectFrom('email_tokens')
      .select('id')
      .where('used_at', 'is', null)
      .where('superseded_at', 'is', null)
      .execute();
    expect(current).toHaveLength(1);
    expect(await mail.to('ada@example.com')).toHaveLength(6);
  });

  it('answers EMAIL_REQUIRED and INVALID_EMAIL', async () => {
    const {app} = await build();
    const before = await rowCounts(app.db);
    for (const payload of [{}, {email: ''}, {email: '   '}]) {
      const res = await post(app, '/api/auth/resend-verification', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({code: 'EMAIL_REQUIRED', message: 'Email address is required.'});
    }
    const bad = await post(app, '/api/auth/resend-verification', {email: 'not-an-email'});
    expect(bad.json().error).toEqual({code: 'INVALID_EMAIL', message: 'Please enter a valid email address.'});
    expect(await rowCounts(app.db)).toEqual(before);
  });
});
