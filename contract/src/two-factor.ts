// Two-factor sign-in, since a stolen password alone must not open a clinic's keys: the rules the API checks, the portal's forms and the sign-in screen share.
// No imports, so the portal reads it without pulling anything else into a page.

/** RFC 6238 as every authenticator app applies it by default: SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too: a phone's clock may drift. */
export const TOTP_WINDOW_STEPS = 1;
export const TOTP_ISSUER = 'IntakeKit';

/** Single-use codes for a lost phone, given when two-factor is turned on and shown once. */
export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code: no 0/O, 1/I/L, so a code copied by hand reads back one way. */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_LENGTH = 10;

/** How long the second step of a sign-in may take after the password was accepted. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

/** The 6 digits of an authenticator code, or null: spaces (apps show '123 456') are dropped. */
export function normalizeTotpCode(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits) ? digits : null;
}

/** A recovery code in its stored form (upper case, no spaces or dashes), or null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== RECOVERY_CODE_LENGTH) return null;
  return [...code].every((c) => RECOVERY_CODE_ALPHABET.includes(c)) ? code : null;
}

/** A recovery code as people see it: two groups of five ('K7M2Q-9XPWD'). */
export function formatRecoveryCode(code: string): string {
  const half = Math.ceil(code.length / 2);
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  recoveryCodeRequired: 'Enter one of your recovery codes, like K7M2Q-9XPWD.',
} as const;

/** The text file the portal offers to download (the codes as the API gives them), with how to use them. */
export function recoveryCodesFile(email: string, codes: readonly string[], createdAt: Date): string {
  return [
    `IntakeKit recovery codes for ${email}`,
    `Created ${createdAt.toISOString().slice(0, 10)}. Each code signs you in once, in place of an authenticator code.`,
    'Keep them somewhere safe. Making new codes in Settings makes these stop working.',
    '',
    ...codes,
    '',
  ].join('\n');
}
