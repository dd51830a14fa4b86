import {describe, expect, it} from 'vitest';
import {RESEND_COOLDOWN_S, SIGN_IN_BANNER_MS, VERIFIED_REDIRECT_MS, resendDisabled, resendLabel} from './timing';

describe('account flow timing', () => {
  it('has the spec constants', () => {
    expect(RESEND_COOLDOWN_S).toBe(30);
    expect(VERIFIED_REDIRECT_MS).toBe(2000);
    expect(SIGN_IN_BANNER_MS).toBe(5000);
  });

  it('labels the resend button', () => {
    expect(resendLabel(false, 0)).toBe('Resend verification email');
    expect(resendLabel(true, 0)).toBe('Sending...');
    expect(resendLabel(false, 30)).toBe('Resend in 30s');
    expect(resendLabel(false, 1)).toBe('Resend in 1s');
  });

  it('disables it while sending and during the cooldown', () => {
    expect(resendDisabled(true, 0)).toBe(true);
    expect(resendDisabled(false, 12)).toBe(true);
    expect(resendDisabled(false, 0)).toBe(false);
  });
});
