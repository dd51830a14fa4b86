// Signing in with a passkey: without a password (the passkey must verify its user: PIN or biometrics, which
// makes it two factors on its own), or as the second step after a password (presence is enough). A passkey
// cannot be guessed, so its sign-ins neither count toward nor wait out the password lock.
import {generateAuthenticationOptions, verifyAuthenticationResponse} from '@simplewebauthn/server';
import {ApiError} from '../errors.js';
import {hashToken, isWellFormedToken} from '../lib/tokens.js';
import {findPasskeyByCredential, listPasskeys, recordPasskeyUse} from '../repositories/passkeys-repository.js';
import {findChallenge, spendChallenge} from '../repositories/two-factor-repository.js';
import {findUser, type UserWithTeam} from '../repositories/users-repository.js';
import {refuseWhileRecovering} from './account-recovery.js';
import {successfulSignIn} from './login-throttle.js';
import * as prompts from './passkey-prompts.js';
import type {PasskeysContext} from './passkey-prompts.js';
import type {
  PasskeyAuthenticationOptions,
  PasskeyAuthenticationResponse,
  PasskeyBody,
} from '@intakekit/contract/schemas/passkeys';

/** The WebAuthn user handle of an account: its id, which says nothing about the person. */
const userHandleOf = (userId: string) => Buffer.from(userId, 'utf8').toString('base64url');

/**
 * The options of a sign-in prompt. Without a challenge token, any passkey of any account may answer (the
 * browser offers the ones it holds for IntakeKit); with the token of a password step, only that account's.
 */
export async function passkeySignInOptions(
  context: PasskeysContext,
  challengeToken: string | undefined,
): Promise<PasskeyAuthenticationOptions> {
  if (challengeToken === undefined) {
    const options = await generateAuthenticationOptions({
      rpID: context.rpId,
      timeout: prompts.PROMPT_MS,
      userVerification: 'required',
    });
    await prompts.savePrompt(context, options.challenge, 'sign-in', null);
    return options as PasskeyAuthenticationOptions;
  }
  const user = await challengedUser(context, challengeToken);
  const passkeys = await listPasskeys(context.db, user.id);
  if (passkeys.length === 0) throw new ApiError('PASSKEY_NOT_REGISTERED');
  const options = await generateAuthenticationOptions({
    rpID: context.rpId,
    timeout: prompts.PROMPT_MS,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((p) => ({id: p.credential_id, transports: p.transports})),
  });
  await prompts.savePrompt(context, options.challenge, 'second-factor', user.id);
  return options as PasskeyAuthenticationOptions;
}

/** Verifies a sign-in answer: the account it signs in, and the passkey used. */
export async function signInWithPasskey(
  context: PasskeysContext,
  challengeToken: string | undefined,
  credential: PasskeyAuthenticationResponse,
): Promise<{user: UserWithTeam; passkey: PasskeyBody}> {
  const secondStep = challengeToken !== undefined;
  const owner = secondStep ? await challengedUser(context, challengeToken) : null;
  const challenge = prompts.signedChallenge(credential.response.clientDataJSON);
  await prompts.spendPrompt(context, challenge, secondStep ? 'second-factor' : 'sign-in', owner?.id ?? null);
  const passkey = await findPasskeyByCredential(context.db, credential.id);
  if (!passkey || (owner && passkey.user_id !== owner.id)) throw new ApiError('PASSKEY_NOT_REGISTERED');
  const handle = credential.response.userHandle;
  if (handle && handle !== userHandleOf(passkey.user_id)) throw prompts.notVerified();
  const info = await prompts.verifiedInfo(async () => {
    const verification = await verifyAuthenticationResponse({
      response: credential as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: context.origin,
      expectedRPID: context.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: passkey.sign_count,
        transports: passkey.transports as never,
      },
      requireUserVerification: !secondStep,
    });
    return verification.verified ? verification.authenticationInfo : undefined;
  });
  const now = context.config.now();
  const used =
    info &&
    (await recordPasskeyUse(context.db, {
      id: passkey.id,
      signCount: info.newCounter,
      backedUp: info.credentialBackedUp,
      now,
    }));
  if (!used) throw prompts.notVerified();
  const user = owner ?? (await findUser(context.db, {id: passkey.user_id}));
  if (!user) throw new ApiError('PASSKEY_NOT_REGISTERED');
  await refuseWhileRecovering(context.db, user.id);
  if (secondStep) {
    if (!(await spendChallenge(context.db, hashToken(challengeToken), now))) {
      throw new ApiError('TWO_FACTOR_CHALLENGE_EXPIRED');
    }
    // Like a code, a passkey after the right password ends the count of wrong guesses.
    await successfulSignIn(context.db, user.email);
  } else if (context.config.loginRequiresVerifiedEmail && !user.emailVerified) {
    throw new ApiError('EMAIL_NOT_VERIFIED');
  }
  return {user, passkey: prompts.toPasskeyBody({...passkey, last_used_at: now})};
}

/** The account of a live password step: the second step's passkey must be one of its own. */
async function challengedUser(context: PasskeysContext, challengeToken: string): Promise<UserWithTeam> {
  const now = context.config.now();
  const challenge = isWellFormedToken(challengeToken)
    ? await findChallenge(context.db, hashToken(challengeToken), now)
    : undefined;
  const user = challenge && (await findUser(context.db, {id: challenge.user_id}));
  if (!user || !user.twoFactorEnabled) throw new ApiError('TWO_FACTOR_CHALLENGE_EXPIRED');
  return user;
}
