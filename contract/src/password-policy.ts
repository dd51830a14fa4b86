/**
 * The password rule, shared by the API's check, the portal's form validation and its strength meter:
 * at least 10 characters (at most 256) with characters of at least 2 of 4 classes; its refusal is INVALID_PASSWORD.
 * A password that passes it may still be on the common list (common-passwords.ts, PASSWORD_TOO_COMMON), kept apart so
 * that the pages reading this rule load the list only when a password is typed.
 */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
/** How many of the 4 character classes a password needs. */
export const PASSWORD_MIN_CLASSES = 2;

export type PasswordClass = 'uppercase' | 'lowercase' | 'number' | 'symbol';

/** The 4 classes, in the order of PasswordClass. */
const CLASS_PATTERNS = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];

/** Which of the 4 classes the password has characters of. */
export function passwordClasses(password: string): Record<PasswordClass, boolean> {
  const [uppercase = false, lowercase = false, number = false, symbol = false] = CLASS_PATTERNS.map((pattern) =>
    pattern.test(password),
  );
  return {uppercase, lowercase, number, symbol};
}

/** How many of the 4 classes the password has characters of. */
export function countPasswordClasses(password: string): number {
  return CLASS_PATTERNS.filter((pattern) => pattern.test(password)).length;
}

/** Long enough (the upper bound is the API's, see meetsPasswordRule). */
export function isLongEnough(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}

/** Enough classes: at least 2 of upper case, lower case, number, symbol. */
export function hasClassMix(password: string): boolean {
  return countPasswordClasses(password) >= PASSWORD_MIN_CLASSES;
}

/** The length and mix rule, with the upper bound: what the API accepts before its common-password list. */
export function meetsPasswordRule(password: string): boolean {
  return isLongEnough(password) && password.length <= PASSWORD_MAX_LENGTH && hasClassMix(password);
}
