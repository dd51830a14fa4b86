/**
 * API key values (design §4): `ik_sandbox_` / `ik_production_`, 36 random base62 characters, then a 6-character
 * base62 checksum of everything before it. The API makes and checks them (server/src/lib/api-key-format.ts);
 * the portal lists and masks them.
 */

export const KEY_TYPES = ['sandbox', 'production'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

export const KEY_STATUSES = ['active', 'revoked'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export const KEY_RANDOM_LENGTH = 36;
export const KEY_CHECKSUM_LENGTH = 6;

/** `ik_<type>_`: the fixed start that lets secret scanners recognise a leaked key without calling us. */
export function keyPrefix(type: KeyType): string {
  return `ik_${type}_`;
}

/** The shape of a key: type, random part, checksum (groups 1 to 3). */
export const API_KEY_PATTERN = new RegExp(
  `^ik_(${KEY_TYPES.join('|')})_([0-9A-Za-z]{${KEY_RANDOM_LENGTH}})([0-9A-Za-z]{${KEY_CHECKSUM_LENGTH}})$`,
);

/** First 8 and last 8 characters visible, the middle starred; keys of 16 characters or fewer are shown whole. */
export function maskApiKey(key: string): string {
  if (key.length <= 16) return key;
  return `${key.slice(0, 8)}${'*'.repeat(key.length - 16)}${key.slice(-8)}`;
}
