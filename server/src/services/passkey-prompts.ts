// What adding a passkey and signing in with one share: the relying party (PORTAL_URL's host name and origin),
// the algorithms, and the prompt's challenge, stored with its purpose (and account) and spent by the one
// answer signed over it.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import type {PasskeyChallengePurpose} from '../db/schema.js';
import {ApiError} from '../errors.js';
import {insertPasskeyChallenge, spendPasskeyChallenge, type PasskeyRow} from '../repositories/passkeys-repository.js';
import {PASSKEY_PROMPT_MINUTES} from '@intakekit/contract/passkeys';
import type {PasskeyBody} from '@intakekit/contract/schemas/passkeys';

export interface PasskeysContext {
  db: Db;
  config: Pick<
    Config,
    'now' | 'portalUrl' | 'loginLockAttempts' | 'lockWindowMs' | 'lockDurationMs' | 'loginRequiresVerifiedEmail'
  >;
  /** The relying party's ID: PORTAL_URL's host name. */
  rpId: string;
  /** Where every answer must come from: PORTAL_URL's origin. */
  origin: string;
}

export function passkeysContext(db: Db, config: PasskeysContext['config']): PasskeysContext {
  const portal = new URL(config.portalUrl);
  return {db, config, rpId: portal.hostname, origin: portal.origin};
}

/** EdDSA, ES256 and RS256: what platform authenticators and security keys sign with. */
export const ALGORITHMS = [-8, -7, -257];
export const PROMPT_MS = PASSKEY_PROMPT_MINUTES * 60_000;

export const notVerified = () => new ApiError('PASSKEY_NOT_VERIFIED');

/** The challenge the browser signed over, read from its client data; the library checks the rest. */
export function signedChallenge(clientDataJSON: string): string {
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

/** What the library verified, or undefined when it refused the answer (it throws on a malformed one). */
export async function verifiedInfo<T>(verify: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await verify();
  } catch {
    return undefined;
  }
}

export async function savePrompt(
  {db, config}: PasskeysContext,
  challenge: string,
  purpose: PasskeyChallengePurpose,
  userId: string | null,
): Promise<void> {
  const expiresAt = new Date(config.now().getTime() + PROMPT_MS);
  await insertPasskeyChallenge(db, {challenge, purpose, userId, expiresAt});
}

export async function spendPrompt(
  {db, config}: PasskeysContext,
  challenge: string,
  purpose: PasskeyChallengePurpose,
  userId: string | null,
): Promise<void> {
  const spent = await spendPasskeyChallenge(db, {challenge, purpose, userId, now: config.now()});
  if (!spent) throw new ApiError('PASSKEY_PROMPT_EXPIRED');
}
