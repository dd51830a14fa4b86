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
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import type {PasskeyChallengePurpose} from '../db/schema.js';
import {ApiError} from '../errors.js';
import {describeUserAgent} from '../lib/user-agent.js';
import {hashToken, isWellFormedToken} from '../lib/tokens.js';
import {
  countPasskeys,
  deletePasskey,
  findPasskeyByCredential,
  insertPasskey,
  insertPasskeyChallenge,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey,
  spendPasskeyChallenge,
  type PasskeyRow,
} from '../repositories/passkeys-repository.js';
import {findChallenge, spendChallenge} from '../repositories/two-factor-repository.js';
import {findUser, type UserWithTeam} from '../repositories/users-repository.js';
import {refuseWhileRecovering} from './account-recovery.js';
import {checkCurrentPassword, successfulSignIn} from './login-throttle.js';
import {requireVerifiedToAddSignInMethod} from './sign-in-methods.js';
import type {SessionClient} from './sessions.js';
import {PASSKEY_LIMIT, PASSKEY_PROMPT_MINUTES, normalizePasskeyName} from '@intakekit/contract/passkeys';
import type {
  PasskeyAuthenticationOptions,
  PasskeyAuthenticationResponse,
  PasskeyBody,
  PasskeyRegistrationOptions,
  PasskeyRegistrationResponse,
} from '@intakekit/contract/schemas/passkeys';

type PasskeysConfig = Pick<
  Config,
  'now' | 'portalUrl' | 'loginLockAttempts' | 'lockWindowMs' | 'lockDurationMs' | 'loginRequiresVerifiedEmail'
>;

/** EdDSA, ES256 and RS256: what platform authenticators and security keys sign with. */
const ALGORITHMS = [-8, -7, -257];
const PROMPT_MS = PASSKEY_PROMPT_MINUTES * 60_000;

const notVerified = () => new ApiError('PASSKEY_NOT_VERIFIED');

/** The WebAuthn user handle of an account: its id, which says nothing about the person. */
const userHandleOf = (userId: string) => Buffer.from(userId, 'utf8').toString('base64url');

/** The challenge the browser signed over, read from its client data; the library checks the rest. */
function signedChallenge(clientDataJSON: string): string {
  try {
    const {challenge} = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {challenge?: unknown};
    if (typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge)) return challenge;
  } catch {
    // Falls through: not JSON.
  }
  throw notVerified();
}

export function toPasskeyBody(row: PasskeyRow): PasskeyBody {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    backedUp: row.backed_up,
  };
}

/** A passkey's name when none is given: where it was added ('Chrome on macOS'). */
export function defaultPasskeyName(userAgent: string | null): string {
  const {browser, os} = describeUserAgent(userAgent);
  const family = (name: string | null) => name?.replace(/ [\d.]+$/, '') ?? null;
  const [b, o] = [family(browser), family(os)];
  return b && o ? `${b} on ${o}` : (b ?? o ?? 'Passkey');
}

export class Passkeys {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    private readonly db: Db,
    private readonly config: PasskeysConfig,
  ) {
    const portal = new URL(config.portalUrl);
    this.rpId = portal.hostname;
    this.origin = portal.origin;
  }

  async list(userId: string): Promise<PasskeyBody[]> {
    return (await listPasskeys(this.db, userId)).map(toPasskeyBody);
  }

  /** The options of the browser's prompt to add a passkey, once the password is confirmed. */
  async registrationOptions(
    session: {familyId: string; user: UserWithTeam},
    password: string,
  ): Promise<PasskeyRegistrationOptions> {
    const {user} = session;
    requireVerifiedToAddSignInMethod(user);
    await checkCurrentPassword(this.db, this.config, session, password);
    const existing = await listPasskeys(this.db, user.id);
    if (existing.length >= PASSKEY_LIMIT) throw new ApiError('PASSKEY_LIMIT_REACHED');
    const options = await generateRegistrationOptions({
      rpName: 'IntakeKit',
      rpID: this.rpId,
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
    await this.saveChallenge(options.challenge, 'register', user.id);
    return options as PasskeyRegistrationOptions;
  }

  /** Verifies the browser's new credential and stores it, named `name` or after the browser it was made in. */
  async add(
    user: UserWithTeam,
    credential: PasskeyRegistrationResponse,
    name: string | undefined,
    client: SessionClient,
  ): Promise<PasskeyBody> {
    requireVerifiedToAddSignInMethod(user);
    const given = name?.trim() ? normalizePasskeyName(name) : defaultPasskeyName(client.userAgent);
    if (!given) throw new ApiError('INVALID_PASSKEY_NAME');
    const challenge = signedChallenge(credential.response.clientDataJSON);
    await this.spend(challenge, 'register', user.id);
    let info;
    try {
      const verification = await verifyRegistrationResponse({
        // The schema checked the fields the API reads; the library checks every one.
        response: credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: false,
        supportedAlgorithmIDs: ALGORITHMS,
      });
      info = verification.verified ? verification.registrationInfo : undefined;
    } catch {
      info = undefined;
    }
    if (!info) throw notVerified();
    if ((await countPasskeys(this.db, user.id)) >= PASSKEY_LIMIT) throw new ApiError('PASSKEY_LIMIT_REACHED');
    const row = await insertPasskey(this.db, {
      userId: user.id,
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      signCount: info.credential.counter,
      transports: info.credential.transports ?? [],
      name: given,
      backedUp: info.credentialBackedUp,
      now: this.config.now(),
    });
    // The same credential registered twice (an answer replayed from another account's prompt) is refused.
    if (!row) throw notVerified();
    return toPasskeyBody(row);
  }

  async rename(userId: string, id: string, input: string): Promise<PasskeyBody> {
    const name = normalizePasskeyName(input);
    if (!name) throw new ApiError('INVALID_PASSKEY_NAME');
    const row = await renamePasskey(this.db, userId, id, name);
    if (!row) throw new ApiError('NOT_FOUND');
    return toPasskeyBody(row);
  }

  async remove(userId: string, id: string): Promise<PasskeyBody> {
    const row = await deletePasskey(this.db, userId, id);
    if (!row) throw new ApiError('NOT_FOUND');
    return toPasskeyBody(row);
  }

  /**
   * The options of a sign-in prompt. Without a challenge token, any passkey of any account may answer (the
   * browser offers the ones it holds for IntakeKit); with the token of a password step, only that account's.
   */
  async signInOptions(challengeToken: string | undefined): Promise<PasskeyAuthenticationOptions> {
    if (challengeToken === undefined) {
      const options = await generateAuthenticationOptions({
        rpID: this.rpId,
        timeout: PROMPT_MS,
        userVerification: 'required',
      });
      await this.saveChallenge(options.challenge, 'sign-in', null);
      return options as PasskeyAuthenticationOptions;
    }
    const user = await this.challengedUser(challengeToken);
    const passkeys = await listPasskeys(this.db, user.id);
    if (passkeys.length === 0) throw new ApiError('PASSKEY_NOT_REGISTERED');
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      timeout: PROMPT_MS,
      userVerification: 'preferred',
      allowCredentials: passkeys.map((p) => ({id: p.credential_id, transports: p.transports})),
    });
    await this.saveChallenge(options.challenge, 'second-factor', user.id);
    return options as PasskeyAuthenticationOptions;
  }

  /** Verifies a sign-in answer: the account it signs in, and the passkey used. */
  async signIn(
    challengeToken: string | undefined,
    credential: PasskeyAuthenticationResponse,
  ): Promise<{user: UserWithTeam; passkey: PasskeyBody}> {
    const secondStep = challengeToken !== undefined;
    const owner = secondStep ? await this.challengedUser(challengeToken) : null;
    const challenge = signedChallenge(credential.response.clientDataJSON);
    await this.spend(challenge, secondStep ? 'second-factor' : 'sign-in', owner?.id ?? null);
    const passkey = await findPasskeyByCredential(this.db, credential.id);
    if (!passkey || (owner && passkey.user_id !== owner.id)) throw new ApiError('PASSKEY_NOT_REGISTERED');
    const handle = credential.response.userHandle;
    if (handle && handle !== userHandleOf(passkey.user_id)) throw notVerified();
    let info;
    try {
      const verification = await verifyAuthenticationResponse({
        response: credential as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(passkey.public_key),
          counter: passkey.sign_count,
          transports: passkey.transports as never,
        },
        requireUserVerification: !secondStep,
      });
      info = verification.verified ? verification.authenticationInfo : undefined;
    } catch {
      info = undefined;
    }
    const now = this.config.now();
    const used =
      info &&
      (await recordPasskeyUse(this.db, {
        id: passkey.id,
        signCount: info.newCounter,
        backedUp: info.credentialBackedUp,
        now,
      }));
    if (!used) throw notVerified();
    const user = owner ?? (await findUser(this.db, {id: passkey.user_id}));
    if (!user) throw new ApiError('PASSKEY_NOT_REGISTERED');
    await refuseWhileRecovering(this.db, user.id);
    if (secondStep) {
      if (!(await spendChallenge(this.db, hashToken(challengeToken), now))) {
        throw new ApiError('TWO_FACTOR_CHALLENGE_EXPIRED');
      }
      // Like a code, a passkey after the right password ends the count of wrong guesses.
      await successfulSignIn(this.db, user.email);
    } else if (this.config.loginRequiresVerifiedEmail && !user.emailVerified) {
      throw new ApiError('EMAIL_NOT_VERIFIED');
    }
    return {user, passkey: toPasskeyBody({...passkey, last_used_at: now})};
  }

  /** The account of a live password step: the second step's passkey must be one of its own. */
  private async challengedUser(challengeToken: string): Promise<UserWithTeam> {
    const now = this.config.now();
    const challenge = isWellFormedToken(challengeToken)
      ? await findChallenge(this.db, hashToken(challengeToken), now)
      : undefined;
    const user = challenge && (await findUser(this.db, {id: challenge.user_id}));
    if (!user || !user.twoFactorEnabled) throw new ApiError('TWO_FACTOR_CHALLENGE_EXPIRED');
    return user;
  }

  private async saveChallenge(challenge: string, purpose: PasskeyChallengePurpose, userId: string | null) {
    const expiresAt = new Date(this.config.now().getTime() + PROMPT_MS);
    await insertPasskeyChallenge(this.db, {challenge, purpose, userId, expiresAt});
  }

  private async spend(challenge: string, purpose: PasskeyChallengePurpose, userId: string | null) {
    const spent = await spendPasskeyChallenge(this.db, {challenge, purpose, userId, now: this.config.now()});
    if (!spent) throw new ApiError('PASSKEY_PROMPT_EXPIRED');
  }
}
