// Opaque secrets handed to clients (session tokens, email links). Only their SHA-256 is stored,
// so a database leak does not leak usable tokens. 256-bit random values need no slow hash.
import crypto from 'node:crypto';

const TOKEN_BYTES = 32;
/** 32 bytes in base64url without padding. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return crypto.randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.hash('sha256', token, 'hex');
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
