// Sign-in lockout (design §4): LOGIN_LOCK_ATTEMPTS failures within 15 minutes lock the address
// for 15 minutes. Addresses without an account count the same, so a lock reveals nothing.
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { ApiError } from '../errors.js';
import { clearFailures, lock, recordFailure, signInState, type SignInState } from '../repositories/login-throttle-repository.js';

type ThrottleConfig = Pick<Config, 'now' | 'loginLockAttempts' | 'lockWindowMs' | 'lockDurationMs'>;

function lockedError(until: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new ApiError('LOCKED', { headers: { 'Retry-After': String(seconds) } });
}

/**
 * The address's account (if any) and whether failures are on record, in one round trip; throws
 * LOCKED while the address is locked, whatever the password.
 */
export async function beginSignIn(db: Db, config: ThrottleConfig, email: string): Promise<Omit<SignInState, 'lockedUntil'>> {
  const now = config.now();
  const { lockedUntil, ...state } = await signInState(db, email, now);
  if (lockedUntil) throw lockedError(lockedUntil, now);
  return state;
}

/** Records a failure; the failure that reaches the limit already answers LOCKED. */
export async function failedSignIn(db: Db, config: ThrottleConfig, email: string): Promise<ApiError> {
  const now = config.now();
  const count = await recordFailure(db, email, now, new Date(now.getTime() - config.lockWindowMs));
  if (count < config.loginLockAttempts) return new ApiError('INVALID_CREDENTIALS');
  const until = new Date(now.getTime() + config.lockDurationMs);
  await lock(db, email, until);
  return lockedError(until, now);
}

/** A success resets the count; skipped (no round trip) when beginSignIn saw no failures. */
export async function successfulSignIn(db: Db, email: string, hasFailures: boolean): Promise<void> {
  if (hasFailures) await clearFailures(db, email);
}
