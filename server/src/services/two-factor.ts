// Two-factor sign-in with an authenticator app, so a leaked password alone does not open an account. Setup stores a sealed secret that counts only
// once a code from it is confirmed; the confirmation turns two-factor on and hands out recovery codes,
// shown that once and stored hashed. A sign-in whose password is right then gets a short-lived challenge
// instead of a session, and the challenge with a valid code gets the session.
//
// Every code works once: an authenticator code's time step must be later than the last one accepted, and a
// recovery code is spent. Wrong codes at sign-in count with wrong passwords toward the address's lock, and
// the password step does not clear the count for an account with two-factor, so knowing the password buys
// no more guesses at the code than LOGIN_LOCK_ATTEMPTS a window.
import crypto from 'node:crypto';
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {ApiError} from '../errors.js';
import type {SecretBox} from '../lib/secret-box.js';
import {hashToken, isWellFormedToken, newToken} from '../lib/tokens.js';
import {matchingStep, newTotpSecret, otpauthUrl, qrSvg} from '../lib/totp.js';
import type {MailSender} from './ports/mail-sender.js';
import {
  confirmSecret,
  deleteChallengesOf,
  deleteTwoFactor,
  findChallenge,
  findSecret,
  insertChallenge,
  replaceRecoveryCodes,
  savePendingSecret,
  setTwoFactorEnabled,
  spendChallenge,
  useRecoveryCode,
  useStep,
} from '../repositories/two-factor-repository.js';
import {countPasskeys} from '../repositories/passkeys-repository.js';
import {findUser, type UserWithTeam} from '../repositories/users-repository.js';
import {
  beginSignIn,
  checkCurrentPassword,
  checkSessionSecret,
  failedSignIn,
  successfulSignIn,
} from './login-throttle.js';
import {refuseWhileRecovering} from './account-recovery.js';
import {requireVerifiedToAddSignInMethod} from './sign-in-methods.js';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TWO_FACTOR_CHALLENGE_MINUTES,
  formatRecoveryCode,
  normalizeRecoveryCode,
  normalizeTotpCode,
} from '@intakekit/contract/two-factor';
import type {TwoFactorChallengeResponse, TwoFactorSetupResponse} from '@intakekit/contract/schemas/auth';

type TwoFactorConfig = Pick<Config, 'now' | 'loginLockAttempts' | 'lockWindowMs' | 'lockDurationMs' | 'portalUrl'>;

/** A recovery code: RECOVERY_CODE_LENGTH characters drawn without bias from RECOVERY_CODE_ALPHABET. */
function newRecoveryCode(): string {
  return Array.from(
    {length: RECOVERY_CODE_LENGTH},
    () => RECOVERY_CODE_ALPHABET[crypto.randomInt(RECOVERY_CODE_ALPHABET.length)],
  ).join('');
}

const invalidCode = () => new ApiError('INVALID_TWO_FACTOR_CODE');

export type SecondFactor = 'authenticator' | 'recovery-code';

/** The second step of a sign-in: signed in with a kind of code, or refused (the account is known either way). */
export type SecondStep =
  | {user: UserWithTeam; method: SecondFactor; refusal?: undefined}
  | {user: UserWithTeam; method?: undefined; refusal: ApiError};

/** What the two-factor rules work with: authenticator secrets are sealed in `box`. */
export interface TwoFactorContext {
  db: Db;
  box: SecretBox;
  config: TwoFactorConfig;
  mailer: MailSender;
}

/** Begins (or begins again) the setup: a new secret, not yet in force. */
export async function beginTwoFactorSetup(
  context: TwoFactorContext,
  user: UserWithTeam,
): Promise<TwoFactorSetupResponse> {
  requireVerifiedToAddSignInMethod(user);
  if (user.twoFactorEnabled) throw new ApiError('TWO_FACTOR_ALREADY_ENABLED');
  const secret = newTotpSecret();
  await savePendingSecret(context.db, user.id, context.box.seal(secret), context.config.now());
  const url = otpauthUrl(secret, user.email);
  return {secret, otpauthUrl: url, qrSvg: qrSvg(url)};
}

/** Confirms the setup with a code from the app: two-factor is on; answers the recovery codes (shown once). */
export async function enableTwoFactor(context: TwoFactorContext, user: UserWithTeam, input: string): Promise<string[]> {
  requireVerifiedToAddSignInMethod(user);
  if (user.twoFactorEnabled) throw new ApiError('TWO_FACTOR_ALREADY_ENABLED');
  const pending = await findSecret(context.db, user.id);
  if (!pending || pending.confirmed_at) throw new ApiError('TWO_FACTOR_SETUP_REQUIRED');
  const code = normalizeTotpCode(input);
  const now = context.config.now();
  const step = code === null ? null : matchingStep(context.box.open(pending.secret_ciphertext), code, now);
  if (step === null) throw new ApiError('INVALID_SETUP_CODE');
  return context.db.transaction().execute(async (trx) => {
    if (!(await confirmSecret(trx, user.id, now, step))) throw new ApiError('TWO_FACTOR_SETUP_REQUIRED');
    await setTwoFactorEnabled(trx, user.id, true, now);
    return issueRecoveryCodes(trx, user.id);
  });
}

/** Turns two-factor off: the password and a current code (or a recovery code), each counted like sign-ins. */
export async function disableTwoFactor(
  context: TwoFactorContext,
  session: {familyId: string; user: UserWithTeam},
  password: string,
  code: string,
): Promise<void> {
  const {user} = session;
  if (!user.twoFactorEnabled) throw new ApiError('TWO_FACTOR_NOT_ENABLED');
  await checkCurrentPassword(context.db, context.config, session, password);
  await checkCode(context, session, code);
  await context.db.transaction().execute(async (trx) => {
    await deleteTwoFactor(trx, user.id);
    await deleteChallengesOf(trx, user.id);
    await setTwoFactorEnabled(trx, user.id, false, context.config.now());
    await context.mailer.enqueue(trx, user.email, {
      kind: 'two-factor-disabled',
      name: user.name,
      portalUrl: context.config.portalUrl,
    });
  });
  context.mailer.wake();
}

/** New recovery codes for a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(
  context: TwoFactorContext,
  session: {familyId: string; user: UserWithTeam},
  code: string,
): Promise<string[]> {
  const {user} = session;
  requireVerifiedToAddSignInMethod(user);
  if (!user.twoFactorEnabled) throw new ApiError('TWO_FACTOR_NOT_ENABLED');
  await checkCode(context, session, code);
  return context.db.transaction().execute((trx) => issueRecoveryCodes(trx, user.id));
}

/** The password step of a sign-in for an account with two-factor: a challenge, no session. */
export async function twoFactorChallenge(
  context: TwoFactorContext,
  user: UserWithTeam,
): Promise<TwoFactorChallengeResponse> {
  const token = newToken();
  const expiresAt = new Date(context.config.now().getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000);
  await insertChallenge(context.db, hashToken(token), user.id, expiresAt);
  const passkey = (await countPasskeys(context.db, user.id)) > 0;
  return {twoFactorRequired: true, challengeToken: token, expiresAt: expiresAt.toISOString(), passkey};
}

/**
 * The second step: the challenge's account and which kind of code signed it in, or (a wrong code, counted toward
 * the lock) the refusal to answer with. An unknown, spent or expired challenge throws.
 */
export async function completeTwoFactorSignIn(
  context: TwoFactorContext,
  challengeToken: string,
  code: string,
): Promise<SecondStep> {
  const now = context.config.now();
  const hash = isWellFormedToken(challengeToken) ? hashToken(challengeToken) : null;
  const challenge = hash && (await findChallenge(context.db, hash, now));
  const user = challenge && (await findUser(context.db, {id: challenge.user_id}));
  if (!hash || !user || !user.twoFactorEnabled) throw new ApiError('TWO_FACTOR_CHALLENGE_EXPIRED');
  await refuseWhileRecovering(context.db, user.id);
  let attempt: number;
  try {
    ({attempt} = await beginSignIn(context.db, context.config, user.email));
  } catch (locked) {
    if (locked instanceof ApiError) return {user, refusal: locked};
    throw locked;
  }
  const method = await useCode(context, context.db, user.id, code);
  if (!method) {
    const failure = await failedSignIn(context.db, context.config, user.email, attempt);
    if (failure.code !== 'LOCKED') return {user, refusal: invalidCode()};
    await deleteChallengesOf(context.db, user.id);
    return {user, refusal: failure};
  }
  if (!(await spendChallenge(context.db, hash, now))) throw new ApiError('TWO_FACTOR_CHALLENGE_EXPIRED');
  await successfulSignIn(context.db, user.email);
  return {user, method};
}

/** A code given with a reset link: which kind of valid code of the account it is (spending it), or null. */
export async function spendTwoFactorCode(
  context: TwoFactorContext,
  userId: string,
  input: string,
): Promise<SecondFactor | null> {
  return useCode(context, context.db, userId, input);
}

/** Which kind of valid code of the account `input` is (spending it), or null. */
async function useCode(context: TwoFactorContext, db: Db, userId: string, input: string): Promise<SecondFactor | null> {
  const totp = normalizeTotpCode(input);
  if (totp) {
    const secret = await findSecret(db, userId);
    if (!secret?.confirmed_at) return null;
    const step = matchingStep(context.box.open(secret.secret_ciphertext), totp, context.config.now());
    return step !== null && (await useStep(db, userId, step)) ? 'authenticator' : null;
  }
  const recovery = normalizeRecoveryCode(input);
  const spent = recovery !== null && (await useRecoveryCode(db, userId, hashToken(recovery), context.config.now()));
  return spent ? 'recovery-code' : null;
}

/** A current code (or a recovery code) of the session's account, guessed at the pace of sign-ins. */
async function checkCode(
  context: TwoFactorContext,
  session: {familyId: string; user: UserWithTeam},
  code: string,
): Promise<void> {
  const isValid = async () => (await useCode(context, context.db, session.user.id, code)) !== null;
  await checkSessionSecret(context.db, context.config, session, isValid, invalidCode());
}

async function issueRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({length: RECOVERY_CODE_COUNT}, newRecoveryCode);
  await replaceRecoveryCodes(
    db,
    userId,
    codes.map((c) => hashToken(c)),
  );
  return codes.map(formatRecoveryCode);
}
