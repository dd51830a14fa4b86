/**
 * API key values: `ik_sandbox_` / `ik_production_`, 36 random base62 characters, then a 6-character
 * base62 checksum of everything before it. The API makes and checks them (server/src/lib/api-key-format.ts);
 * the portal lists and masks them. Also the rules of a key's settings (name, expiry, grace period of a rotation),
 * which the portal checks for the user and the API checks for safety.
 */

export const KEY_TYPES = ['sandbox', 'production'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

/** An environment in words, as the portal names it. */
export const ENVIRONMENT_LABELS: Readonly<Record<KeyType, string>> = {sandbox: 'Sandbox', production: 'Production'};

/**
 * What a key is now. `active` keys work (a rotated key inside its grace period too, with `graceEndsAt` set);
 * `revoked` keys were revoked or rotated (and their grace is over); `expired` keys passed their `expiresAt`.
 */
export const KEY_STATUSES = ['active', 'revoked', 'expired'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export const KEY_RANDOM_LENGTH = 36;
export const KEY_CHECKSUM_LENGTH = 6;

/**
 * The two kinds of key. Browser keys start the SDK's sessions from clinic pages; server keys read the submissions
 * API from a clinic's backend, never from a browser. Neither is accepted where the other belongs.
 */
export const KEY_KINDS = ['browser', 'server'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

/** What follows `ik_` before the environment: nothing for browser keys, `server_` for server keys. */
const KIND_TAGS: Readonly<Record<KeyKind, string>> = {browser: '', server: 'server_'};

/**
 * `ik_<type>_` (browser) or `ik_server_<type>_` (server): the fixed start that lets secret scanners recognise a
 * leaked key without calling us.
 */
export function keyPrefix(type: KeyType, kind: KeyKind = 'browser'): string {
  return `ik_${KIND_TAGS[kind]}${type}_`;
}

/** The shape of a key of one kind: type, random part, checksum (groups 1 to 3). */
export function keyPattern(kind: KeyKind): RegExp {
  return new RegExp(
    `^ik_${KIND_TAGS[kind]}(${KEY_TYPES.join('|')})_([0-9A-Za-z]{${KEY_RANDOM_LENGTH}})([0-9A-Za-z]{${KEY_CHECKSUM_LENGTH}})$`,
  );
}

/** The shape of a browser key. */
export const API_KEY_PATTERN = keyPattern('browser');

/** How many characters stay visible at each end of a masked key. */
export const KEY_VISIBLE_CHARS = 8;

/** First 8 and last 8 characters visible, the middle starred; keys of 16 characters or fewer are shown whole. */
export function maskApiKey(key: string): string {
  if (key.length <= 2 * KEY_VISIBLE_CHARS) return key;
  return `${key.slice(0, KEY_VISIBLE_CHARS)}${'*'.repeat(key.length - 2 * KEY_VISIBLE_CHARS)}${key.slice(-KEY_VISIBLE_CHARS)}`;
}

/** The last 8 characters, which name a key to a person ('Sandbox key 2 (ending 9f3KQ2a1)'); the same for a masked key. */
export function keyEnding(key: string): string {
  return key.slice(-KEY_VISIBLE_CHARS);
}

/**
 * Production keys are shown once (in the create and rotate answers) and afterwards only masked; sandbox keys stay
 * retrievable, because the Demo and the guide's snippets use the reader's own sandbox key.
 */
export function keyIsRetrievable(type: KeyType): boolean {
  return type === 'sandbox';
}

// Names.
export const KEY_NAME_MAX_LENGTH = 64;
/** 'Sandbox key', 'Sandbox key 2', ...: the name of the owner's n-th key of a type (n from 1). */
export function defaultKeyName(type: KeyType, n: number): string {
  const base = type === 'sandbox' ? 'Sandbox key' : 'Production key';
  return n <= 1 ? base : `${base} ${n}`;
}
export const KEY_NAME_MESSAGE = `Enter a name of 1-${KEY_NAME_MAX_LENGTH} characters.`;
/** The name as stored (trimmed), or undefined when it breaks the rule. */
export function normalizeKeyName(input: string): string | undefined {
  const name = input.trim();
  // eslint-disable-next-line no-control-regex
  if (name.length === 0 || name.length > KEY_NAME_MAX_LENGTH || /[\x00-\x1f\x7f]/.test(name)) return undefined;
  return name;
}

// Rotation: how long the old key keeps working beside its successor.
export const GRACE_PERIODS = ['now', '1h', '24h', '7d'] as const;
export type GracePeriod = (typeof GRACE_PERIODS)[number];
export const GRACE_PERIOD_SECONDS: Readonly<Record<GracePeriod, number>> = {
  now: 0,
  '1h': 3600,
  '24h': 86_400,
  '7d': 604_800,
};
export const GRACE_PERIOD_LABELS: Readonly<Record<GracePeriod, string>> = {
  now: 'Now',
  '1h': 'In 1 hour',
  '24h': 'In 24 hours',
  '7d': 'In 7 days',
};

// Expiry: never, a preset number of days from now, or a date.
export const EXPIRY_PRESET_DAYS = [30, 90, 365] as const;
/** The latest expiry a key may be given, counted from now. */
export const KEY_EXPIRY_MAX_DAYS = 3 * 365;
/** Owners and admins are emailed this many days before a key in use expires. */
export const EXPIRY_REMINDER_DAYS = [7, 1] as const;
/** A key counts as in use when it started a session within this many days. */
export const KEY_IN_USE_DAYS = 30;
export const KEY_EXPIRY_MESSAGE = `Choose an expiry date in the future, at most ${KEY_EXPIRY_MAX_DAYS / 365} years from now.`;
/** True when `expiresAt` is an acceptable expiry at `now` (null: never expires). */
export function expiryAllowed(expiresAt: Date | null, now: Date): boolean {
  if (expiresAt === null) return true;
  const t = expiresAt.getTime();
  return Number.isFinite(t) && t > now.getTime() && t <= now.getTime() + KEY_EXPIRY_MAX_DAYS * 86_400_000;
}

// Per-key limit: SDK sessions a minute. The default and the maximum are the API's configuration
// (SDK_KEY_RATE_LIMIT, SDK_KEY_RATE_LIMIT_MAX), sent with the key list.
export function rateLimitMessage(max: number): string {
  return `Enter a whole number of sessions a minute from 1 to ${max}.`;
}

// Usage and the request log.
/** Days of the per-day session chart. */
export const KEY_USAGE_DAYS = 30;
/** Requests kept per key in its request log (refused ones included). */
export const KEY_REQUEST_LOG_SIZE = 100;
/** Distinct origins listed as the key's last origins seen. */
export const KEY_ORIGINS_SEEN = 10;
/** The outcome of a logged request: `OK`, or the error code it was refused with. */
export const REQUEST_OK = 'OK';
