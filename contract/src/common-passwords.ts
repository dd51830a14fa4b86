/**
 * The common passwords refused although they pass the length and mix rule (password-policy.ts): the API refuses
 * them with PASSWORD_TOO_COMMON and the portal's meter and forms say so before sending. No imports, so the portal
 * loads this list on its own, when a password field is first used, and the sign-in pages' first visit stays small.
 */

/** Lower case: a password is compared without regard to case. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password123',
  'password1!',
  'password12',
  'password1234',
  'passw0rd123',
  'p@ssword123',
  'p@ssw0rd123',
  'qwerty12345',
  'qwerty123!',
  'qwertyuiop1',
  '1234567890a',
  'a1234567890',
  'abcdef12345',
  'abc1234567',
  'welcome123',
  'welcome123!',
  'letmein123',
  'iloveyou123',
  'admin12345',
  'administrator1',
  'changeme123',
  'football123',
  'baseball123',
  'sunshine123',
  'princess123',
  'monkey12345',
  'dragon12345',
  'master12345',
  'trustno1234',
  'superman123',
  'michael1234',
  'summer2024!',
  'winter2024!',
  'spring2025!',
  'autumn2025!',
  'password2024',
  'password2025',
  'password2026',
  'qwerty2024!',
  'intakekit123',
  'intakekit1!',
]);

/** One of the common passwords, in any case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
