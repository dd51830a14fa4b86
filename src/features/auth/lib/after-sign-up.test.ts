import {describe, expect, it} from 'vitest';
import {afterSignUp} from './after-sign-up';

describe('afterSignUp', () => {
  it('a plain sign-up goes to the verify-email-sent page, whatever the answer says', () => {
    expect(afterSignUp({email: 'a+b@clinic.test', invitationPath: null, emailVerified: false})).toEqual({
      kind: 'verify-email',
      href: '/verify-email-sent?email=a%2Bb%40clinic.test',
    });
    expect(afterSignUp({email: 'a@clinic.test', invitationPath: null, emailVerified: true}).kind).toBe('verify-email');
  });

  it('through an invitation that proved the address: sign in and go back to the invitation', () => {
    expect(
      afterSignUp({email: 'a@clinic.test', invitationPath: '/accept-invitation?token=t', emailVerified: true}),
    ).toEqual({
      kind: 'sign-in',
      href: '/accept-invitation?token=t',
    });
  });

  it('through an invitation that did not (another address, a used link, an older API): verify by email as before', () => {
    for (const emailVerified of [false, undefined]) {
      expect(
        afterSignUp({email: 'a@clinic.test', invitationPath: '/accept-invitation?token=t', emailVerified}),
      ).toEqual({
        kind: 'verify-email',
        href: '/verify-email-sent?email=a%40clinic.test',
      });
    }
  });
});
