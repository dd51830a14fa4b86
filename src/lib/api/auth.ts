/** The account calls of spec §7 that are not held in the auth store (sign-in and sign-out live there). */
import {apiClient} from '@site/src/lib/api-client';
import {TURNSTILE_PLACEHOLDER_TOKEN} from '@intakekit/contract/constants';
import type {MessageBody as MessageResponse, RegisterResponse} from '@intakekit/contract/schemas/auth';
import {normalizeEmail, type SignUpPayload} from '@site/src/lib/validation';

export type {RegisterResponse};

/**
 * POST /api/auth/register. Success leads to the verify-email-sent page, except after signing up through an
 * invitation (`invitationToken`), whose answer says whether the account starts verified.
 */
export function registerAccount(payload: SignUpPayload & {invitationToken?: string}): Promise<RegisterResponse> {
  return apiClient.post('/api/auth/register', {...payload, turnstileToken: TURNSTILE_PLACEHOLDER_TOKEN});
}

/** POST /api/auth/resend-verification: same answer whether or not the account exists. */
export function resendVerification(email: string): Promise<MessageResponse> {
  return apiClient.post('/api/auth/resend-verification', {email: normalizeEmail(email)});
}

/** GET /api/auth/verify?token= */
export function verifyEmail(token: string): Promise<MessageResponse> {
  return apiClient.get(`/api/auth/verify?token=${encodeURIComponent(token)}`);
}

/** POST /api/auth/forgot-password: same answer whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return apiClient.post('/api/auth/forgot-password', {email: normalizeEmail(email)});
}

/** POST /api/auth/reset-password */
export function resetPassword(token: string, newPassword: string): Promise<MessageResponse> {
  return apiClient.post('/api/auth/reset-password', {token, newPassword});
}
