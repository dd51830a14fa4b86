/**
 * The browser's side of passkeys: @simplewebauthn/browser, loaded only when a passkey button is pressed so the
 * sign-in page's first download stays small, and the browser's refusals put in words people can act on.
 */
import {PASSKEY_MESSAGES} from '@intakekit/contract/passkeys';
import type {
  PasskeyAuthenticationOptions,
  PasskeyAuthenticationResponse,
  PasskeyRegistrationOptions,
  PasskeyRegistrationResponse,
} from '@intakekit/contract/schemas/passkeys';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/** The browser ended the prompt (closed, timed out, refused): the message says what to do. */
export class PasskeyPromptError extends Error {
  override name = 'PasskeyPromptError';
}

/** Whether this browser has WebAuthn at all (false during the server render). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

function promptError(error: unknown): PasskeyPromptError {
  const name = error instanceof Error ? error.name : '';
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.name : '';
  const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || cause === 'InvalidStateError') {
    return new PasskeyPromptError(PASSKEY_MESSAGES.alreadyRegistered);
  }
  if (name === 'NotAllowedError' || cause === 'NotAllowedError' || name === 'AbortError') {
    return new PasskeyPromptError(PASSKEY_MESSAGES.cancelled);
  }
  return new PasskeyPromptError(PASSKEY_MESSAGES.failed);
}

/** Runs a browser prompt with the library once it has loaded; the browser's refusal becomes a PasskeyPromptError. */
async function prompt<T>(run: (library: typeof import('@simplewebauthn/browser')) => Promise<T>): Promise<T> {
  if (!passkeysSupported()) throw new PasskeyPromptError(PASSKEY_MESSAGES.unsupported);
  const library = await import('@simplewebauthn/browser');
  try {
    return await run(library);
  } catch (error) {
    throw promptError(error);
  }
}

// The contract spells out only the fields of the options the API relies on; the rest of the W3C shape passes through.

/** navigator.credentials.create() with the API's options. Throws PasskeyPromptError. */
export function createPasskey(options: PasskeyRegistrationOptions): Promise<PasskeyRegistrationResponse> {
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  return prompt(async ({startRegistration}) => (await startRegistration({optionsJSON})) as PasskeyRegistrationResponse);
}

/** navigator.credentials.get() with the API's options. Throws PasskeyPromptError. */
export function getPasskey(options: PasskeyAuthenticationOptions): Promise<PasskeyAuthenticationResponse> {
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  return prompt(
    async ({startAuthentication}) => (await startAuthentication({optionsJSON})) as PasskeyAuthenticationResponse,
  );
}
