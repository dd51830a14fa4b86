// Sign-in lockout (design §4): LOGIN_LOCK_ATTEMPTS failures within 15 minutes lock the address
// for 15 minutes. Addresses without an account count the same, so a lock reveals nothing.
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { ApiError } from '../errors.js';
import { clearFailures, lock, lockedUntil, recordFailure } from '../repositories/login-throttle-repository.js';

type ThrottleConfig = Pick<Config, 'now' | 'loginLockAttempts' | 'lockWindowMs' | 'lockDurationMs'>;

function lockedError(until: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new ApiError('LOCKED', { headers: { 'Retry-After': String(seconds) } });
}

/** Throws LOCKED while the address is locked, whatever the password. */
export async function assertNotLocked(db: Db, config: ThrottleConfig, email: string): Promise<void> {
  const now = config.now();
  const until = await lockedUntil(db, email, now);
  if (until) throw lockedError(until, now);
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

export async function successfulSignIn(db: Db, email: string): Promise<void> {
  await clearFailures(db, email);
}
