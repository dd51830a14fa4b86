/** The account flow's resend cooldown, redirect and banner delays, and the resend button's words. */

export const RESEND_COOLDOWN_S = 30;
export const VERIFIED_REDIRECT_MS = 2000;
export const SIGN_IN_BANNER_MS = 5000;

/** 'Sending...' while in flight, 'Resend in {n}s' during the cooldown (disabled in both). */
export function resendLabel(sending: boolean, remaining: number): string {
  if (sending) return 'Sending...';
  if (remaining > 0) return `Resend in ${remaining}s`;
  return 'Resend verification email';
}

export function resendDisabled(sending: boolean, remaining: number): boolean {
  return sending || remaining > 0;
}
