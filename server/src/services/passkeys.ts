// Passkeys (WebAuthn) with @simplewebauthn/server: adding one in Settings, a sign-in without a password, and the
// second step of a sign-in with two-factor on. The relying party is the portal: its ID is PORTAL_URL's host name
// and every answer must come from PORTAL_URL's origin, so a passkey made for IntakeKit works nowhere else.
//
// Each prompt gets a challenge of its own, stored with its purpose (and account) and spent by the one answer
// signed over it. A passwordless sign-in demands user verification (the device's PIN or biometrics), which makes
// the passkey two factors on its own; as the second step after a password, presence is enough.
//
// A passkey cannot be guessed, so its sign-ins neither count toward nor wait out the password lock: someone
// locked out by another's guessing can still come in with their passkey. Adding one asks for the password,
// counted like a sign-in, so a session left open cannot plant a way back in, and a verified address, so someone who
// registered another person's address cannot either (a reset by link removes every passkey: password-reset.ts).
import {generateRegistrationOptions, verifyRegistrationResponse} from '@simplewebauthn/server';
import {ApiError} from '../errors.js';
import {describeUserAgent} from '../lib/user-agent.js';
import {
  countPasskeys,
  deletePasskey,
  insertPasskey,
  listPasskeys,
  renamePasskey,
} from '../repositories/passkeys-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {checkCurrentPassword} from './login-throttle.js';
import {
  ALGORITHMS,
  PROMPT_MS,
  notVerified,
  savePrompt,
  signedChallenge,
  spendPrompt,
  toPasskeyBody,
  verifiedInfo,
  type PasskeysContext,
} from './passkey-prompts.js';
import {requireVerifiedToAddSignInMethod} from './sign-in-methods.js';
import type {SessionClient} from './sessions.js';
import {PASSKEY_LIMIT, normalizePasskeyName} from '@intakekit/contract/passkeys';
import type {
  PasskeyBody,
  PasskeyRegistrationOptions,
  PasskeyRegistrationResponse,
} from '@intakekit/contract/schemas/passkeys';

export {passkeysContext, toPasskeyBody, type PasskeysContext} from './passkey-prompts.js';

/** A passkey's name when none is given: where it was added ('Chrome on macOS'). */
export function defaultPasskeyName(userAgent: string | null): string {
  const {browser, os} = describeUserAgent(userAgent);
  const family = (name: string | null) => name?.replace(/ [\d.]+$/, '') ?? null;
  const [b, o] = [family(browser), family(os)];
  return b && o ? `${b} on ${o}` : (b ?? o ?? 'Passkey');
}

export async function listUserPasskeys(context: PasskeysContext, userId: string): Promise<PasskeyBody[]> {
  return (await listPasskeys(context.db, userId)).map(toPasskeyBody);
}

/** The options of the browser's prompt to add a passkey, once the password is confirmed. */
export async function passkeyRegistrationOptions(
  context: PasskeysContext,
  session: {familyId: string; user: UserWithTeam},
  password: string,
): Promise<PasskeyRegistrationOptions> {
  const {user} = session;
  requireVerifiedToAddSignInMethod(user);
  await checkCurrentPassword(context.db, context.config, session, password);
  const existing = await listPasskeys(context.db, user.id);
  if (existing.length >= PASSKEY_LIMIT) throw new ApiError('PASSKEY_LIMIT_REACHED');
  const options = await generateRegistrationOptions({
    rpName: 'IntakeKit',
    rpID: context.rpId,
    userName: user.email,
    userDisplayName: user.name ?? user.email,
    userID: Buffer.from(user.id, 'utf8'),
    timeout: PROMPT_MS,
    attestationType: 'none',
    // The browser refuses to make a second passkey on an authenticator that already holds one for this account.
    excludeCredentials: existing.map((p) => ({id: p.credential_id, transports: p.transports})),
    authenticatorSelection: {residentKey: 'required', userVerification: 'preferred'},
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await savePrompt(context, options.challenge, 'register', user.id);
  return options as PasskeyRegistrationOptions;
}

/** Verifies the browser's new credential and stores it, named `name` or after the browser it was made in. */
export async function addPasskey(
  context: PasskeysContext,
  user: UserWithTeam,
  credential: PasskeyRegistrationResponse,
  name: string | undefined,
  client: SessionClient,
): Promise<PasskeyBody> {
  requireVerifiedToAddSignInMethod(user);
  const given = name?.trim() ? normalizePasskeyName(name) : defaultPasskeyName(client.userAgent);
  if (!given) throw new ApiError('INVALID_PASSKEY_NAME');
  const challenge = signedChallenge(credential.response.clientDataJSON);
  await spendPrompt(context, challenge, 'register', user.id);
  const info = await verifiedInfo(async () => {
    const verification = await verifyRegistrationResponse({
      // The schema checked the fields the API reads; the library checks every one.
      response: credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: context.origin,
      expectedRPID: context.rpId,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    return verification.verified ? verification.registrationInfo : undefined;
  });
  if (!info) throw notVerified();
  if ((await countPasskeys(context.db, user.id)) >= PASSKEY_LIMIT) throw new ApiError('PASSKEY_LIMIT_REACHED');
  const row = await insertPasskey(context.db, {
    userId: user.id,
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    signCount: info.credential.counter,
    transports: info.credential.transports ?? [],
    name: given,
    backedUp: info.credentialBackedUp,
    now: context.config.now(),
  });
  // The same credential registered twice (an answer replayed from another account's prompt) is refused.
  if (!row) throw notVerified();
  return toPasskeyBody(row);
}

export async function renameUserPasskey(
  context: PasskeysContext,
  userId: string,
  id: string,
  input: string,
): Promise<PasskeyBody> {
  const name = normalizePasskeyName(input);
  if (!name) throw new ApiError('INVALID_PASSKEY_NAME');
  const row = await renamePasskey(context.db, userId, id, name);
  if (!row) throw new ApiError('NOT_FOUND');
  return toPasskeyBody(row);
}

export async function removeUserPasskey(context: PasskeysContext, userId: string, id: string): Promise<PasskeyBody> {
  const row = await deletePasskey(context.db, userId, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return toPasskeyBody(row);
}
