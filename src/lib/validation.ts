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

/** A reset token in the address: missing, or present but not shaped like one. */
export function validateResetToken(token: string | null): string | null {
  if (token === null || token === '') return MESSAGES.noResetToken;
  if (!/^[A-Za-z0-9_-]{16,512}$/.test(token)) return MESSAGES.invalidResetLink;
  return null;
}
