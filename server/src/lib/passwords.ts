// Password hashing (argon2id at OWASP's parameters) and the API's password check: the contract's
// rule plus its list of common passwords.
import {hash, verify} from '@node-rs/argon2';
import {meetsPasswordRule} from '@intakekit/contract/password-policy';
import {isCommonPassword} from '@intakekit/contract/common-passwords';
import {ApiError} from '../errors.js';

// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2_OPTIONS = {algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// A real hash of a random string, verified against when no account exists, so that an
// unknown address costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The contract's rule (10-256 characters, at least 2 of upper/lower/number/symbol), then its list of common
 * passwords, each refused in its own words.
 */
export function assertAcceptablePassword(password: string): void {
  if (!meetsPasswordRule(password)) throw new ApiError('INVALID_PASSWORD');
  if (isCommonPassword(password)) throw new ApiError('PASSWORD_TOO_COMMON');
}
