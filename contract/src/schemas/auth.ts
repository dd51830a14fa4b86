// Request and response shapes of /api/auth/* (the contract's table).
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {
  AnyPassword,
  Email,
  MessageBody,
  NewPassword,
  PersonName,
  Timestamp,
  TurnstileToken,
  UserBody,
  Uuid,
} from './common.js';
import {PERSON_NAME_PATTERN, PERSON_NAME_RULE} from '../names.js';

// Query tokens: any non-empty string is accepted by the schema; the handler tells a malformed
// token (INVALID_TOKEN) from an unknown one, as the contract distinguishes them.
const LinkToken = Type.String({minLength: 1, maxLength: 512});

export const RegisterBody = Type.Object({
  email: Email,
  password: NewPassword,
  name: Type.Optional(PersonName),
  teamName: Type.Optional(PersonName),
  turnstileToken: TurnstileToken,
  /** The token of the invitation link the person signs up through (see routes/auth/register.ts). */
  invitationToken: Type.Optional(Type.String({maxLength: 512})),
});

export const RegisterResponse = Type.Object({
  message: Type.String(),
  emailVerified: Type.Boolean({
    description: 'true when an invitation link proved the address: the account can sign in now',
  }),
});

export const LoginBody = Type.Object({email: Email, password: AnyPassword, turnstileToken: TurnstileToken});
export const SignedInResponse = Type.Object({token: Type.String(), user: UserBody});
/** The password was right and the account has two-factor on: no session yet, a challenge for the second step. */
export const TwoFactorChallengeResponse = Type.Object({
  twoFactorRequired: Type.Literal(true),
  challengeToken: Type.String(),
  expiresAt: Type.String({format: 'date-time'}),
  /** The account has a passkey, which may stand in for the code (POST /api/auth/login/passkey). */
  passkey: Type.Boolean(),
});
export const LoginResponse = Type.Union([SignedInResponse, TwoFactorChallengeResponse]);

// An authenticator code ('123 456' is accepted) or a recovery code ('K7M2Q-9XPWD'); two-factor.ts tells which.
const SecondFactorCode = Type.String({minLength: 1, maxLength: 32});
export const TwoFactorLoginBody = Type.Object({
  challengeToken: Type.String({minLength: 1, maxLength: 128}),
  code: SecondFactorCode,
});
export const TwoFactorSetupResponse = Type.Object({
  /** The shared secret in base32, for typing into an app that cannot scan. */
  secret: Type.String(),
  otpauthUrl: Type.String(),
  /** The otpauth URL as a QR code, an SVG document. */
  qrSvg: Type.String(),
});
export const TwoFactorCodeBody = Type.Object({code: SecondFactorCode});
export const TwoFactorDisableBody = Type.Object({password: AnyPassword, code: SecondFactorCode});
export const RecoveryCodesResponse = Type.Object({recoveryCodes: Type.Array(Type.String())});

export const EmailOnlyBody = Type.Object({email: Email});
export const VerifyQuery = Type.Object({token: LinkToken});
/** With two-factor on, `code` (an authenticator or recovery code) is needed too: TWO_FACTOR_CODE_REQUIRED says so. */
export const ResetPasswordBody = Type.Object({
  token: LinkToken,
  newPassword: NewPassword,
  code: Type.Optional(SecondFactorCode),
});
/** 'I can't use my authenticator': the reset link and the new password, which takes effect when the wait ends. */
export const AccountRecoveryBody = Type.Object({token: LinkToken, newPassword: NewPassword});
export const AccountRecoveryStartedResponse = Type.Object({
  message: Type.String(),
  /** When two-factor is removed and the new password takes effect. */
  endsAt: Type.String({format: 'date-time'}),
});
/** The token of the cancel link in the email that announced the recovery. */
export const CancelAccountRecoveryBody = Type.Object({token: LinkToken});
export const ChangePasswordBody = Type.Object({currentPassword: AnyPassword, newPassword: NewPassword});
export const ProfileBody = Type.Object({
  name: Type.String({minLength: 1, maxLength: 80, pattern: PERSON_NAME_PATTERN, description: PERSON_NAME_RULE}),
});
export const DeleteAccountBody = Type.Object({password: AnyPassword});

export const UserResponse = Type.Object({user: UserBody});

/** One signed-in browser of the account: a sign-in and the tokens rotated from it. */
export const SessionBody = Type.Object({
  id: Uuid,
  /** 'Chrome 131', or null when the User-Agent says nothing recognisable. */
  browser: Type.Union([Type.String(), Type.Null()]),
  /** 'macOS', 'Windows 11', 'iOS 18'..., or null. */
  os: Type.Union([Type.String(), Type.Null()]),
  ipAddress: Type.Union([Type.String(), Type.Null()]),
  signedInAt: Timestamp,
  lastActiveAt: Timestamp,
  /** The session this request was made with ('This device'). */
  current: Type.Boolean(),
});
export const SessionListResponse = Type.Object({sessions: Type.Array(SessionBody)});
export const SessionIdParams = Type.Object({id: Uuid});
export const SignedOutCountResponse = Type.Object({signedOut: Type.Integer({minimum: 0})});
export {MessageBody};

export type RegisterBody = Static<typeof RegisterBody>;
export type RegisterResponse = Static<typeof RegisterResponse>;
export type LoginBody = Static<typeof LoginBody>;
export type LoginResponse = Static<typeof LoginResponse>;
export type SignedInResponse = Static<typeof SignedInResponse>;
export type TwoFactorChallengeResponse = Static<typeof TwoFactorChallengeResponse>;
export type TwoFactorLoginBody = Static<typeof TwoFactorLoginBody>;
export type TwoFactorSetupResponse = Static<typeof TwoFactorSetupResponse>;
export type TwoFactorCodeBody = Static<typeof TwoFactorCodeBody>;
export type TwoFactorDisableBody = Static<typeof TwoFactorDisableBody>;
export type RecoveryCodesResponse = Static<typeof RecoveryCodesResponse>;
export type EmailOnlyBody = Static<typeof EmailOnlyBody>;
export type VerifyQuery = Static<typeof VerifyQuery>;
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;
export type AccountRecoveryBody = Static<typeof AccountRecoveryBody>;
export type AccountRecoveryStartedResponse = Static<typeof AccountRecoveryStartedResponse>;
export type CancelAccountRecoveryBody = Static<typeof CancelAccountRecoveryBody>;
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
export type ProfileBody = Static<typeof ProfileBody>;
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;
export type UserResponse = Static<typeof UserResponse>;
export type SessionBody = Static<typeof SessionBody>;
export type SessionListResponse = Static<typeof SessionListResponse>;
export type SignedOutCountResponse = Static<typeof SignedOutCountResponse>;
