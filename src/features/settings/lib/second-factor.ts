import {normalizeRecoveryCode, normalizeTotpCode} from '@intakekit/contract/two-factor';

/** An authenticator code or a recovery code as typed, in the form the API takes; null when it is neither. */
export function secondFactorCode(input: string): string | null {
  return normalizeTotpCode(input) ?? normalizeRecoveryCode(input);
}
