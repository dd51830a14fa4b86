/**
 * The settings forms' rules: the contract's body schema of each call, and the messages the forms show, in the
 * order they take precedence (see src/lib/forms/contract-resolver.ts).
 */
import {DeleteAccountBody, TwoFactorCodeBody, TwoFactorDisableBody} from '@intakekit/contract/schemas/auth';
import {PasskeyRegistrationOptionsBody, RenamePasskeyBody} from '@intakekit/contract/schemas/passkeys';
import {PASSKEY_MESSAGES, normalizePasskeyName} from '@intakekit/contract/passkeys';
import {TWO_FACTOR_MESSAGES, normalizeTotpCode} from '@intakekit/contract/two-factor';
import type {ContractRules} from '@site/src/lib/forms/contract-resolver';
import {secondFactorCode} from './second-factor';
import {CURRENT_PASSWORD_REQUIRED} from './messages';

/** A code form: a 6-digit authenticator code, or (`acceptRecoveryCode`) a recovery code too. */
export function codeRules(acceptRecoveryCode: boolean): ContractRules<{code: string}, {code: string}> {
  return {
    schema: TwoFactorCodeBody,
    toBody: ({code}) => ({code: (acceptRecoveryCode ? secondFactorCode(code) : normalizeTotpCode(code)) ?? ''}),
    checks: [{field: 'code', failed: 'minLength', message: TWO_FACTOR_MESSAGES.codeRequired}],
  };
}

export const TURN_OFF_TWO_FACTOR: ContractRules<{password: string; code: string}, TwoFactorDisableBody> = {
  schema: TwoFactorDisableBody,
  toBody: ({password, code}) => ({password, code: secondFactorCode(code) ?? ''}),
  checks: [
    {field: 'password', failed: 'minLength', message: CURRENT_PASSWORD_REQUIRED},
    {field: 'code', failed: 'minLength', message: TWO_FACTOR_MESSAGES.codeRequired},
  ],
};

const passkeyName = (name: string) => (normalizePasskeyName(name) ? null : PASSKEY_MESSAGES.nameInvalid);

export const RENAME_PASSKEY: ContractRules<{name: string}, RenamePasskeyBody> = {
  schema: RenamePasskeyBody,
  toBody: ({name}) => ({name: normalizePasskeyName(name) ?? ''}),
  checks: [{field: 'name', rule: ({name}) => passkeyName(name)}],
};

/** The name is optional (the browser's name stands in); the password opens the browser's passkey prompt. */
export const ADD_PASSKEY: ContractRules<{name: string; password: string}, PasskeyRegistrationOptionsBody> = {
  schema: PasskeyRegistrationOptionsBody,
  toBody: ({password}) => ({password}),
  checks: [
    {field: 'name', rule: ({name}) => (name.trim() ? passkeyName(name) : null)},
    {field: 'password', failed: 'minLength', message: CURRENT_PASSWORD_REQUIRED},
  ],
};

/** No message: the button waits for the password and the typed word (canDeleteAccount). */
export const DELETE_ACCOUNT: ContractRules<{password: string; typed: string}, DeleteAccountBody> = {
  schema: DeleteAccountBody,
  toBody: ({password}) => ({password}),
  checks: [],
};
