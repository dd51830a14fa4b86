/** The account calls (/api/auth/...) that are not held in the auth store (sign-in and sign-out live there). */
import {apiClient} from '@site/src/lib/api-client';
import {TURNSTILE_PLACEHOLDER_TOKEN} from '@intakekit/contract/constants';
import type {
  AccountRecoveryBody,
  AccountRecoveryStartedResponse,
  CancelAccountRecoveryBody,
  EmailOnlyBody,
  MessageBody as MessageResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
} from '@intakekit/contract/schemas/auth';
import {normalizeEmail, type SignUpPayload} from '@site/src/lib/validation';

export type {RegisterResponse};

/**
 * POST /api/auth/register. Success leads to the verify-email-sent page, except after signing up through an
 * invitation (`invitationToken`), whose answer says whether the account starts verified.
 */
export function registerAccount(
  payload: SignUpPayload & Pick<RegisterBody, 'invitationToken'>,
): Promise<RegisterResponse> {
  const body: RegisterBody = {...payload, turnstileToken: TURNSTILE_PLACEHOLDER_TOKEN};
  return apiClient.post('/api/auth/register', body);
}

/** POST /api/auth/resend-verification: same answer whether or not the account exists. */
export function resendVerification(email: string): Promise<MessageResponse> {
  const body: EmailOnlyBody = {email: normalizeEmail(email)};
  return apiClient.post('/api/auth/resend-verification', body);
}

/** GET /api/auth/verify?token= */
export function verifyEmail(token: string): Promise<MessageResponse> {
  return apiClient.get(`/api/auth/verify?token=${encodeURIComponent(token)}`);
}

/** POST /api/auth/forgot-password: same answer whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  const body: EmailOnlyBody = {email: normalizeEmail(email)};
  return apiClient.post('/api/auth/forgot-password', body);
}

/** POST /api/auth/reset-password; `code` (authenticator or recovery code) when the account has two-factor on. */
export function resetPassword(token: string, newPassword: string, code?: string): Promise<MessageResponse> {
  const body: ResetPasswordBody = {token, newPassword, ...(code !== undefined && {code})};
  return apiClient.post('/api/auth/reset-password', body);
}

/** POST /api/auth/account-recovery: 'I can't use my authenticator' (a wait, then two-factor is removed). */
export function startAccountRecovery(token: string, newPassword: string): Promise<AccountRecoveryStartedResponse> {
  const body: AccountRecoveryBody = {token, newPassword};
  return apiClient.post('/api/auth/account-recovery', body);
}

/** POST /api/auth/account-recovery/cancel, with the token of the emailed cancel link. */
export function cancelAccountRecovery(token: string): Promise<MessageResponse> {
  const body: CancelAccountRecoveryBody = {token};
  return apiClient.post('/api/auth/account-recovery/cancel', body);
}
