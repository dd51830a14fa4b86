// Passkeys (WebAuthn), because a passkey cannot be phished or reused the way a password can: the rules the API
// checks and the portal's Settings and sign-in screens share. No imports, so the portal reads it alone.

/** Passkeys one account may hold: one per device and a spare or two, with room to spare. */
export const PASSKEY_LIMIT = 10;
export const PASSKEY_NAME_MAX = 64;
/** How long the browser's passkey prompt may stay open, and the challenge behind it with it. */
export const PASSKEY_PROMPT_MINUTES = 5;

/** A name as stored: spaces collapsed and trimmed; null when empty or too long. */
export function normalizePasskeyName(input: string): string | null {
  const name = input.replace(/\s+/g, ' ').trim();
  return name.length >= 1 && name.length <= PASSKEY_NAME_MAX ? name : null;
}

/** What the portal says when the browser, not the API, ends a passkey prompt. */
export const PASSKEY_MESSAGES = {
  nameInvalid: `Name your passkey in 1 to ${PASSKEY_NAME_MAX} characters.`,
  cancelled: 'The passkey prompt was closed before it finished. Try again when you are ready.',
  unsupported: 'This browser cannot use passkeys. Sign in with your email and password instead.',
  alreadyRegistered: 'This device already holds a passkey for your account.',
  failed: 'Your browser could not use the passkey. Try again, or sign in with your email and password.',
} as const;
