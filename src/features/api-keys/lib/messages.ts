import type {KeyType} from '@site/src/lib/api/keys';

/** The API Keys page's texts that tests and several components share. */
export const CONFIRM_REVOKE = 'Are you sure you want to revoke this API key?';
export const LOCKED_HINT = 'Email verification required';
export const KEY_LIMIT_FALLBACK = 'You have reached the limit of active API keys.';

/**
 * What a revoke stops, said in its confirmation: the SDK refuses the key at once; a sandbox key also fed the guide's
 * snippets and the demo, which move to another sandbox key or none.
 */
export function revokeConsequence(key: {keyType: KeyType}): string {
  const pages = 'Pages that use this key stop starting intakes at once.';
  return key.keyType === 'sandbox' ? `${pages} The guide's snippets and the demo stop using it.` : pages;
}

/** The page's word after a revoke that went through. */
export function revokedMessage(key: {name: string}): string {
  return `${key.name} was revoked. Pages that use it can no longer start intakes.`;
}

/**
 * What a button that changes keys carries while the email is unverified: the hint as its tooltip and as its
 * description for a screen reader (the element with `hintId` holds the same words).
 */
export function lockedProps(canChange: boolean, hintId: string): {title?: string; 'aria-describedby'?: string} {
  return canChange ? {} : {title: LOCKED_HINT, 'aria-describedby': hintId};
}
