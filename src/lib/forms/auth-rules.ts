/**
 * The account forms' rules: the contract's body schema (what the API validates), the policy checks the schema does
 * not hold (the password rule, the name rule, a confirmation), and the spec's message for each, in the order the
 * messages take precedence.
 */
import {
  ChangePasswordBody,
  EmailOnlyBody,
  LoginBody,
  ProfileBody,
  RegisterBody,
} from '@intakekit/contract/schemas/auth';
import {
  CHANGE_PASSWORD_MIN,
  MESSAGES,
  normalizeEmail,
  signUpPayload,
  validateName,
  validatePassword,
  type SignUpPayload,
} from '../validation';
import {commonPasswordMessage, loadCommonPasswords} from '../common-password-list';
import type {ContractRules, FormCheck} from './contract-resolver';

/** A new password: the rule, then the common list (loaded by the form's `load` before its checks run). */
function newPasswordMessage(password: string): string | null {
  return validatePassword(password) ?? commonPasswordMessage(password);
}

type SignIn = {email: string; password: string};

export const SIGN_IN: ContractRules<SignIn, Pick<LoginBody, 'email' | 'password'>> = {
  schema: LoginBody,
  toBody: ({email, password}) => ({email: normalizeEmail(email), password}),
  checks: [
    {field: 'email', failed: 'minLength', message: MESSAGES.emailAndPasswordRequired},
    {field: 'password', failed: 'minLength', message: MESSAGES.emailAndPasswordRequired},
    {field: 'email', failed: 'pattern', message: MESSAGES.invalidEmail},
    {field: 'email', failed: 'maxLength', message: MESSAGES.invalidEmail},
  ],
};

type SignUp = SignIn & {name: string; teamName: string};

export const SIGN_UP: ContractRules<SignUp, SignUpPayload> = {
  load: loadCommonPasswords,
  schema: RegisterBody,
  toBody: signUpPayload,
  checks: [
    ...(SIGN_IN.checks as FormCheck<SignUp>[]),
    {field: 'password', rule: ({password}) => newPasswordMessage(password)},
    {field: 'name', rule: ({name}) => validateName(name)},
    {field: 'teamName', rule: ({teamName}) => validateName(teamName)},
  ],
};

export const FORGOT_PASSWORD: ContractRules<{email: string}, {email: string}> = {
  schema: EmailOnlyBody,
  toBody: ({email}) => ({email: normalizeEmail(email)}),
  checks: [
    {field: 'email', failed: 'minLength', message: MESSAGES.emailRequired},
    {field: 'email', failed: 'pattern', message: MESSAGES.invalidEmail},
    {field: 'email', failed: 'maxLength', message: MESSAGES.invalidEmail},
  ],
};

/** The reset form: the new password twice, and the two-factor code once the API asks for it. */
type NewPassword = {password: string; confirm: string; code: string};

/** The link's token is checked before the form shows; the code goes with the body only when asked for. */
export const RESET_PASSWORD: ContractRules<NewPassword, {newPassword: string}> = {
  load: loadCommonPasswords,
  schema: ChangePasswordBody,
  toBody: ({password}) => ({newPassword: password}),
  checks: [
    {field: 'password', failed: 'minLength', at: 'newPassword', message: MESSAGES.fillAllFields},
    {field: 'confirm', rule: ({confirm}) => (confirm ? null : MESSAGES.fillAllFields)},
    {field: 'confirm', rule: ({password, confirm}) => (password === confirm ? null : MESSAGES.passwordsDoNotMatch)},
    {field: 'password', rule: ({password}) => newPasswordMessage(password)},
  ],
};

type ChangePassword = {current: string; next: string; confirm: string};

export const CHANGE_PASSWORD: ContractRules<ChangePassword, ChangePasswordBody> = {
  load: loadCommonPasswords,
  schema: ChangePasswordBody,
  toBody: ({current, next}) => ({currentPassword: current, newPassword: next}),
  checks: [
    {field: 'current', failed: 'minLength', at: 'currentPassword', message: MESSAGES.fillAllFields},
    {field: 'next', failed: 'minLength', at: 'newPassword', message: MESSAGES.fillAllFields},
    {field: 'confirm', rule: ({confirm}) => (confirm ? null : MESSAGES.fillAllFields)},
    {field: 'confirm', rule: ({next, confirm}) => (next === confirm ? null : MESSAGES.newPasswordsDoNotMatch)},
    {field: 'next', rule: ({next}) => (next.length < CHANGE_PASSWORD_MIN ? MESSAGES.newPasswordTooShort : null)},
    // Past the form's 8-character minimum, the rule the API enforces (10, a mix, not common), in its words, unsent.
    {field: 'next', rule: ({next}) => newPasswordMessage(next)},
  ],
};

/** The change-password button stays disabled until all three fields are filled. */
export function canSubmitChangePassword(input: ChangePassword): boolean {
  return Boolean(input.current && input.next && input.confirm);
}

export const PROFILE: ContractRules<{name: string}, ProfileBody> = {
  schema: ProfileBody,
  toBody: ({name}) => ({name: name.trim()}),
  checks: [
    {field: 'name', failed: 'minLength', message: MESSAGES.nameEmpty},
    {field: 'name', rule: ({name}) => validateName(name)},
  ],
};
