import {apiClient} from '@site/src/lib/api-client';
import type {
  RecoveryCodesResponse,
  TwoFactorDisableBody,
  TwoFactorSetupResponse,
} from '@intakekit/contract/schemas/auth';

/** A new secret and its QR code; not in force until enableTwoFactor() confirms a code from it. */
export function beginTwoFactorSetup(): Promise<TwoFactorSetupResponse> {
  return apiClient.post<TwoFactorSetupResponse>('/api/auth/two-factor/setup');
}

/** Turns two-factor on with a code from the app; answers the recovery codes, shown this once. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  return (await apiClient.post<RecoveryCodesResponse>('/api/auth/two-factor/enable', {code})).recoveryCodes;
}

export async function regenerateRecoveryCodes(code: string): Promise<string[]> {
  return (await apiClient.post<RecoveryCodesResponse>('/api/auth/two-factor/recovery-codes', {code})).recoveryCodes;
}

export async function disableTwoFactor(input: TwoFactorDisableBody): Promise<void> {
  await apiClient.post('/api/auth/two-factor/disable', input);
}
