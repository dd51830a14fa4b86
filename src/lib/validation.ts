/** The client-side form rules. Each validator returns the first message that applies, or null. */
import {PASSWORD_MIN_LENGTH, hasClassMix} from '@intakekit/contract/password-policy';
import type {RegisterBody} from '@intakekit/contract/schemas/auth';
import {ERROR_CATALOGUE} from '@intakekit/contract/errors';
import {nameProblem} from '@intakekit/contract/names';

export const MESSAGES = {
  emailAndPasswordRequired: 'Email and password are required',
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 10 characters',
  passwordMix: 'Password must contain at least 2 of: uppercase, lowercase, number, or symbol',
  invalidPasswordFallback: 'Invalid password',
  emailRequired: 'Email address is required',
  noResetToken: 'No reset token provided',
  invalidResetLink: 'Invalid reset link',
  fillAllFields: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordsDoNotMatch: 'New passwords do not match',
  newPasswordTooShort: 'New password must be at least 8 characters long',
  nameEmpty: 'Name cannot be empty',
  noVerificationToken: 'No verification token provided',
} as const;

export const SIGN_UP_MIN_PASSWORD = PASSWORD_MIN_LENGTH;
export const CHANGE_PASSWORD_MIN = 8;

// One address rule with the API (contract/src/email.ts): trimmed, lowercased, the domain in punycode.
import {isValidEmail, normalizeEmail} from '@intakekit/contract/email';
export {isValidEmail, normalizeEmail};

/** Trimmed value, or undefined when nothing is left (so the field is omitted). */
export function optionalTrimmed(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The password validator: required, at least 10 characters, at least 2 of the 4 classes. */
export function validatePassword(password: string): string | null {
  if (!password) return MESSAGES.passwordRequired;
  if (password.length < SIGN_UP_MIN_PASSWORD) return MESSAGES.passwordTooShort;
  if (!hasClassMix(password)) return MESSAGES.passwordMix;
  return null;
}

/** The shared strength check the reset page applies; it shows `message`, else 'Invalid password'. */
export function sharedPasswordCheck(password: string): {valid: boolean; message?: string} {
  const message = validatePassword(password);
  return message ? {valid: false, message} : {valid: true};
}

export function validateSignIn(input: {email: string; password: string}): string | null {
  if (!input.email.trim() || !input.password) return MESSAGES.emailAndPasswordRequired;
  if (!isValidEmail(input.email)) return MESSAGES.invalidEmail;
  return null;
}

export function validateSignUp(input: {
  email: string;
  password: string;
  name?: string;
  teamName?: string;
}): string | null {
  if (!input.email.trim() || !input.password) return MESSAGES.emailAndPasswordRequired;
  if (!isValidEmail(input.email)) return MESSAGES.invalidEmail;
  if (input.password.length < SIGN_UP_MIN_PASSWORD) return MESSAGES.passwordTooShort;
  // Decision: sign-up also applies the mix rule, which the API enforces anyway (contract).
  return validatePassword(input.password) ?? validateName(input.name) ?? validateName(input.teamName);
}

/**
 * The name rule of the API (contract/src/names.ts), in the API's words: no characters that hide or reorder text,
 * nothing that reads as a web or email address. An empty or absent name is not this rule's business.
 */
export function validateName(name: string | undefined): string | null {
  const problem = name?.trim() ? nameProblem(name.trim()) : undefined;
  return problem ? ERROR_CATALOGUE[problem].message : null;
}

/** The register body the form fills in: the bot-check and invitation tokens are added when it is sent. */
export type SignUpPayload = Omit<RegisterBody, 'turnstileToken' | 'invitationToken'>;

/** The register body without the bot-check token: email normalised, optional fields trimmed or omitted. */
export function signUpPayload(input: {
  email: string;
  password: string;
  name?: string;
  teamName?: string;
}): SignUpPayload {
  const payload: SignUpPayload = {email: normalizeEmail(input.email), password: input.password};
  const name = optionalTrimmed(input.name);
  const teamName = optionalTrimmed(input.teamName);
  if (name) payload.name = name;
  if (teamName) payload.teamName = teamName;
  return payload;
}

export function validateForgotPassword(email: string): string | null {
  if (!email.trim()) return MESSAGES.emailRequired;
  if (!isValidEmail(email)) return MESSAGES.invalidEmail;
  return null;
}

/** A reset token in the address: missing, or present but not shaped like one. */
export function validateResetToken(token: string | null): string | null {
  if (token === null || token === '') return MESSAGES.noResetToken;
  if (!/^[A-Za-z0-9_-]{16,512}$/.test(token)) return MESSAGES.invalidResetLink;
  return null;
}

export function validateResetPassword(input: {token: string | null; password: string; confirm: string}): string | null {
  const tokenError = validateResetToken(input.token);
  if (tokenError) return tokenError;
  if (!input.password || !input.confirm) return MESSAGES.fillAllFields;
  if (input.password !== input.confirm) return MESSAGES.passwordsDoNotMatch;
  const check = sharedPasswordCheck(input.password);
  if (!check.valid) return check.message ?? MESSAGES.invalidPasswordFallback;
  return null;
}

export function validateChangePassword(input: {current: string; next: string; confirm: string}): string | null {
  if (!input.current || !input.next || !input.confirm) return MESSAGES.fillAllFields;
  if (input.next !== input.confirm) return MESSAGES.newPasswordsDoNotMatch;
  if (input.next.length < CHANGE_PASSWORD_MIN) return MESSAGES.newPasswordTooShort;
  // Past the form's 8-character minimum, the rule the API enforces (10 and a mix) is checked here too, in its words,
  // rather than after a round trip.
  return validatePassword(input.next);
}

/** The change-password button stays disabled until all three fields are filled. */
export function canSubmitChangePassword(input: {current: string; next: string; confirm: string}): boolean {
  return Boolean(input.current && input.next && input.confirm);
}

export function validateProfileName(name: string): string | null {
  return name.trim() ? validateName(name) : MESSAGES.nameEmpty;
}
