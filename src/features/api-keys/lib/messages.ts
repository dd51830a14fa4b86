/** The API Keys page's texts that tests and several components share. */
export const CONFIRM_REVOKE = 'Are you sure you want to revoke this API key?';
export const LOCKED_HINT = 'Email verification required';
export const KEY_LIMIT_FALLBACK = 'You have reached the limit of active API keys.';

/**
 * What a button that changes keys carries while the email is unverified: the hint as its tooltip and as its
 * description for a screen reader (the element with `hintId` holds the same words).
 */
export function lockedProps(canChange: boolean, hintId: string): {title?: string; 'aria-describedby'?: string} {
  return canChange ? {} : {title: LOCKED_HINT, 'aria-describedby': hintId};
}
