// Sign-in lockout: LOGIN_LOCK_ATTEMPTS attempts within 15 minutes lock the address for 15
// minutes. Addresses without an account count the same, so a lock reveals nothing. Each attempt is
// recorded before its password is checked (checking first let 30 simultaneous guesses through), so however many arrive at once, no more than
// LOGIN_LOCK_ATTEMPTS passwords are checked in a window.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {ApiError} from '../errors.js';
import {verifyPassword} from '../lib/passwords.js';
import {clearAttempts, forgetAttempt, lock, recordAttempt} from '../repositories/login-throttle-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {endSession} from './sessions.js';

type ThrottleConfig = Pick<Config, 'now' | 'loginLockAttempts' | 'lockWindowMs' | 'lockDurationMs'>;

function lockedError(until: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new ApiError('LOCKED', {headers: {'Retry-After': String(seconds)}});
}

export interface SignInAttempt {
  user: UserWithTeam | undefined;
  /** This attempt's number in the window; the one that reaches the limit locks the address if it fails. */
  attempt: number;
  /** When it was recorded (forgetPasswordStep takes it out again). */
  at: Date;
}

/**
 * Records the attempt and returns the address's account (if any) in one round trip; throws LOCKED,
 * whatever the password, while the address is locked or its attempts are used up.
 */
export async function beginSignIn(db: Db, config: ThrottleConfig, email: string): Promise<SignInAttempt> {
  const now = config.now();
  const windowStart = new Date(now.getTime() - config.lockWindowMs);
  const state = await recordAttempt(db, email, now, windowStart, config.loginLockAttempts);
  if (state.attempt === undefined) {
    // Used up but not locked yet: the attempt that reaches the limit is still being checked.
    throw lockedError(state.lockedUntil ?? new Date(now.getTime() + config.lockDurationMs), now);
  }
  return {user: state.user, attempt: state.attempt, at: now};
}

/** A wrong password: the attempt is already counted; the one that reaches the limit answers LOCKED. */
export async function failedSignIn(db: Db, config: ThrottleConfig, email: string, attempt: number): Promise<ApiError> {
  if (attempt < config.loginLockAttempts) return new ApiError('INVALID_CREDENTIALS');
  const now = config.now();
  const until = new Date(now.getTime() + config.lockDurationMs);
  await lock(db, email, until);
  return lockedError(until, now);
}

/**
 * A right password of an account with two-factor: that attempt stops counting, the earlier ones stay. The
 * code step records its own attempt and clears the count only when the code is right, so knowing the
 * password buys no guesses at the code, and a person who mistyped the password before still has a try left.
 */
export async function forgetPasswordStep(db: Db, email: string, attempt: SignInAttempt): Promise<void> {
  await forgetAttempt(db, email, attempt.at);
}

/** A right password resets the count. */
export async function successfulSignIn(db: Db, email: string): Promise<void> {
  await clearAttempts(db, email);
}

/**
 * Checks a secret a signed-in user types to confirm an action: the current password (change password,
 * delete account, transfer ownership) or a two-factor code (turning two-factor off). Guesses count with
 * failed sign-ins on the same address, so a stolen session cannot guess more than a sign-in form could;
 * at the limit the address locks and the guessing session ends (the portal's next call is 401). A wrong
 * secret answers `wrong` (400, not 401, which would sign the portal out on the first typo).
 */
export async function checkSessionSecret(
  db: Db,
  config: ThrottleConfig,
  session: {familyId: string; user: Pick<UserWithTeam, 'email'>},
  isRight: () => Promise<boolean>,
  wrong: ApiError,
): Promise<void> {
  const {email} = session.user;
  let attempt: number;
  try {
    ({attempt} = await beginSignIn(db, config, email));
  } catch (locked) {
    await endSession(db, config, session.familyId, 'locked');
    throw locked;
  }
  if (await isRight()) {
    await successfulSignIn(db, email);
    return;
  }
  const failure = await failedSignIn(db, config, email, attempt);
  if (failure.code === 'LOCKED') {
    await endSession(db, config, session.familyId, 'locked');
    throw failure;
  }
  throw wrong;
}

/** checkSessionSecret for the account's current password. */
export async function checkCurrentPassword(
  db: Db,
  config: ThrottleConfig,
  session: {familyId: string; user: Pick<UserWithTeam, 'email' | 'passwordHash'>},
  password: string,
): Promise<void> {
  await checkSessionSecret(
    db,
    config,
    session,
    () => verifyPassword(session.user.passwordHash, password),
    new ApiError('INVALID_CURRENT_PASSWORD'),
  );
}
