// Password hashing (argon2id at OWASP's parameters) and the API's password check: the contract's
// rule plus a list of common passwords.
import {hash, verify} from '@node-rs/argon2';
import {meetsPasswordRule} from '@intakekit/contract/password-policy';

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

// A short list of the most common passwords that would otherwise pass the length and mix rules.
const COMMON_PASSWORDS = new Set([
  'password123',
  'password1!',
  'password12',
  'password1234',
  'passw0rd123',
  'p@ssword123',
  'p@ssw0rd123',
  'qwerty12345',
  'qwerty123!',
  'qwertyuiop1',
  '1234567890a',
  'a1234567890',
  'abcdef12345',
  'abc1234567',
  'welcome123',
  'welcome123!',
  'letmein123',
  'iloveyou123',
  'admin12345',
  'administrator1',
  'changeme123',
  'football123',
  'baseball123',
  'sunshine123',
  'princess123',
  'monkey12345',
  'dragon12345',
  'master12345',
  'trustno1234',
  'superman123',
  'michael1234',
  'summer2024!',
  'winter2024!',
  'spring2025!',
  'autumn2025!',
  'password2024',
  'password2025',
  'password2026',
  'qwerty2024!',
  'intakekit123',
  'intakekit1!',
]);

/** The contract's rule (10-256 characters, at least 2 of upper/lower/number/symbol), and not a common password. */
export function isAcceptablePassword(password: string): boolean {
  return meetsPasswordRule(password) && !COMMON_PASSWORDS.has(password.toLowerCase());
}
