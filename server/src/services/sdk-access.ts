// Who may start an intake session with an API key: a well-formed key (shape and checksum,
// checked before any query) that exists and works now (active, or rotated and inside its grace, and
// not expired), presented from an allowed origin. The key's state is kept in memory by its hash
// (state-cache/: dropped on every process when a change to the key commits, and kept only while this
// process hears every change) or found with one indexed read; what is kept carries the key's times, so
// the verdict is made here at every request. Nothing is written here (its use is recorded in batches,
// services/key-usage.ts).
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import type {KeyType} from '../db/schema.js';
import {ApiError} from '../errors.js';
import {parseApiKey} from '../lib/api-key-format.js';
import {hashToken} from '../lib/tokens.js';
import type {KeyOwner} from '../repositories/api-keys-repository.js';
import {findKeyForSdk, type SdkKeyRow} from '../repositories/key-usage-repository.js';
import type {ChangeFeed} from './ports/change-feed.js';
import {stateCache, type StateCache} from './state-cache/state-cache.js';
import {keyWorks} from './api-key-bodies.js';
import {originMatches, originNotAllowedMessage, wildcardDomain} from '@intakekit/contract/origins';
import {isPublicSuffix} from '../lib/public-suffix.js';

export interface SdkKey {
  id: string;
  keyType: KeyType;
  /** Sessions a minute this key may start. */
  rateLimitPerMinute: number;
  /** Whose flows the key serves besides the built-in ones. */
  owner: KeyOwner;
}

/** What the check found, so a refusal of a known key can still be logged against it. */
export type SdkKeyCheck = {key: SdkKey; refusal?: ApiError} | {key?: undefined; refusal: ApiError};

export function allowedFrom(
  key: {keyType: KeyType; allowedOrigins: readonly string[]},
  origin: string | null,
  portalOrigin: string,
): boolean {
  // The portal's Demo runs the reader's own sandbox key, whatever its list says.
  if (key.keyType === 'sandbox' && origin === portalOrigin) return true;
  if (key.allowedOrigins.length === 0) return key.keyType === 'sandbox';
  return origin !== null && key.allowedOrigins.some((entry) => originMatches(entry, origin) && !tooBroad(entry));
}

/** A wildcard over a public suffix, saved before such entries were refused: it matches nothing. */
function tooBroad(entry: string): boolean {
  const domain = wildcardDomain(entry);
  return domain !== null && isPublicSuffix(domain);
}

export type SdkKeyStates = StateCache<SdkKeyRow>;

/** This process's keys in memory, by hash, at most `size` of them (KEY_CACHE_SIZE). */
export function sdkKeyStates(feed: ChangeFeed, size: number): SdkKeyStates {
  return stateCache<SdkKeyRow>(feed, 'key', size);
}

export async function checkSdkKey(
  {db, keys}: {db: Db; keys: SdkKeyStates},
  config: Pick<Config, 'now' | 'sdkKeyRateLimit'>,
  request: {value: string | undefined; origin: string | null; portalOrigin: string},
): Promise<SdkKeyCheck> {
  const {value, origin, portalOrigin} = request;
  if (!value || !parseApiKey(value)) return {refusal: new ApiError('INVALID_API_KEY')};
  const hash = hashToken(value);
  const row = await keys.get(hash, () => findKeyForSdk(db, hash));
  if (!row) return {refusal: new ApiError('INVALID_API_KEY')};
  const key: SdkKey = {
    id: row.id,
    keyType: row.key_type,
    rateLimitPerMinute: row.rate_limit_per_minute ?? config.sdkKeyRateLimit,
    owner: row.team_id !== null ? {teamId: row.team_id} : {userId: row.user_id ?? ''},
  };
  if (!keyWorks(row, config.now())) return {key, refusal: new ApiError('INVALID_API_KEY')};
  if (!allowedFrom({keyType: row.key_type, allowedOrigins: row.allowed_origins}, origin, portalOrigin)) {
    return {key, refusal: new ApiError('ORIGIN_NOT_ALLOWED', {message: originNotAllowedMessage(origin)})};
  }
  return {key};
}
