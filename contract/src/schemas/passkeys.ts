// Request and response shapes of the passkey routes (/api/auth/passkeys, /api/auth/login/passkey*). The WebAuthn
// shapes are the W3C's JSON forms (PublicKeyCredential.toJSON()), which the browser library produces and the
// server library reads; only what the API relies on is spelled out, the rest passes through.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {AnyPassword, NAME_PATTERN, NAME_RULE, Timestamp, Uuid} from './common.js';

const Base64Url = (maxLength: number) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'Base64url without padding: letters, digits, - and _.',
  });
const Open = {additionalProperties: true} as const;

/** One passkey of the account, as Settings lists it. */
export const PasskeyBody = Type.Object({
  id: Uuid,
  name: Type.String(),
  createdAt: Timestamp,
  lastUsedAt: Type.Union([Timestamp, Type.Null()]),
  /** Synced by its provider (iCloud Keychain, Google Password Manager...), so it survives a lost device. */
  backedUp: Type.Boolean(),
});
export const PasskeyListResponse = Type.Object({passkeys: Type.Array(PasskeyBody)});
export const PasskeyIdParams = Type.Object({id: Uuid});
// No control characters (a NUL is not even storable): refused as INVALID_PASSKEY_NAME.
export const PasskeyName = Type.String({maxLength: 200, pattern: NAME_PATTERN, description: NAME_RULE});
export const RenamePasskeyBody = Type.Object({name: PasskeyName});

/** Adding a passkey asks for the password, so a session left open cannot plant a way back in. */
export const PasskeyRegistrationOptionsBody = Type.Object({password: AnyPassword});

const CredentialDescriptor = Type.Object({
  id: Type.String(),
  type: Type.Literal('public-key'),
  transports: Type.Optional(Type.Array(Type.String())),
});

/** What navigator.credentials.create() takes, in JSON (PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyRegistrationOptions = Type.Object(
  {
    challenge: Type.String(),
    rp: Type.Object({name: Type.String(), id: Type.Optional(Type.String())}),
    user: Type.Object({id: Type.String(), name: Type.String(), displayName: Type.String()}),
    pubKeyCredParams: Type.Array(Type.Object({alg: Type.Number(), type: Type.Literal('public-key')})),
    timeout: Type.Optional(Type.Number()),
    excludeCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
    authenticatorSelection: Type.Optional(Type.Object({}, Open)),
    attestation: Type.Optional(Type.String()),
    extensions: Type.Optional(Type.Object({}, Open)),
  },
  Open,
);

/** What navigator.credentials.get() takes, in JSON (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyAuthenticationOptions = Type.Object(
  {
    challenge: Type.String(),
    rpId: Type.Optional(Type.String()),
    timeout: Type.Optional(Type.Number()),
    allowCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
    userVerification: Type.Optional(Type.String()),
    extensions: Type.Optional(Type.Object({}, Open)),
  },
  Open,
);

const CredentialFields = {
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: Type.Literal('public-key'),
  clientExtensionResults: Type.Object({}, Open),
  authenticatorAttachment: Type.Optional(Type.String({maxLength: 32})),
};

/** The browser's answer to navigator.credentials.create() (RegistrationResponseJSON). */
export const PasskeyRegistrationResponse = Type.Object({
  ...CredentialFields,
  response: Type.Object(
    {
      clientDataJSON: Base64Url(4096),
      attestationObject: Base64Url(65_536),
      transports: Type.Optional(Type.Array(Type.String({maxLength: 32}), {maxItems: 10})),
    },
    Open,
  ),
});

/** The browser's answer to navigator.credentials.get() (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponse = Type.Object({
  ...CredentialFields,
  response: Type.Object(
    {
      clientDataJSON: Base64Url(4096),
      authenticatorData: Base64Url(4096),
      signature: Base64Url(2048),
      userHandle: Type.Optional(Type.String({maxLength: 128})),
    },
    Open,
  ),
});

export const AddPasskeyBody = Type.Object({
  /** Optional: the API names it after the browser and system it was added from ('Chrome on macOS'). */
  name: Type.Optional(PasskeyName),
  credential: PasskeyRegistrationResponse,
});

/** Options for a passkey sign-in; with the challenge of a password step, for that account's second step. */
export const PasskeySignInOptionsBody = Type.Object({
  challengeToken: Type.Optional(Type.String({minLength: 1, maxLength: 128})),
});
export const PasskeySignInBody = Type.Object({
  challengeToken: Type.Optional(Type.String({minLength: 1, maxLength: 128})),
  credential: PasskeyAuthenticationResponse,
});

export type PasskeyBody = Static<typeof PasskeyBody>;
export type PasskeyListResponse = Static<typeof PasskeyListResponse>;
export type RenamePasskeyBody = Static<typeof RenamePasskeyBody>;
export type PasskeyRegistrationOptionsBody = Static<typeof PasskeyRegistrationOptionsBody>;
export type PasskeyRegistrationOptions = Static<typeof PasskeyRegistrationOptions>;
export type PasskeyAuthenticationOptions = Static<typeof PasskeyAuthenticationOptions>;
export type PasskeyRegistrationResponse = Static<typeof PasskeyRegistrationResponse>;
export type PasskeyAuthenticationResponse = Static<typeof PasskeyAuthenticationResponse>;
export type AddPasskeyBody = Static<typeof AddPasskeyBody>;
export type PasskeySignInOptionsBody = Static<typeof PasskeySignInOptionsBody>;
export type PasskeySignInBody = Static<typeof PasskeySignInBody>;
