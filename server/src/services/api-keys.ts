// API key rules: creating, rotating, revoking and changing settings need a verified email; production keys
// need a team the operator marked production-ready; rotation revokes the old key (now, or at the end of a
// grace period) and creates its one successor in a single transaction. Quotas: an owner holds at most
// ACTIVE_KEYS_PER_TEAM active keys (rotation replaces one, so it never meets the limit).
import type {Db} from '../db/connect.js';
import type {KeyType} from '../db/schema.js';
import {ApiError} from '../errors.js';
import {VERIFY_EMAIL_FOR_KEYS} from '@intakekit/contract/errors';
import {newApiKey} from '../lib/api-key-format.js';
import {hashToken} from '../lib/tokens.js';
import {
  countActiveKeys,
  countCreatedKeys,
  endGracePeriod,
  findOwnedKey,
  insertKey,
  keysToBackfill,
  lockKeyOwner,
  revokeActiveKey,
  setStoredForm,
  updateKeySettings,
} from '../repositories/api-keys-repository.js';
import {isProductionReady} from '../repositories/teams-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {
  GRACE_PERIOD_SECONDS,
  defaultKeyName,
  keyIsRetrievable,
  maskApiKey,
  type GracePeriod,
} from '@intakekit/contract/api-keys';
import type {KeySettingsBody} from '@intakekit/contract/schemas/keys';
import {keyWorks, ownerOf, toKeyBody, type ApiKeyBody} from './api-key-bodies.js';
import type {ApiKeysContext} from './api-key-lists.js';
import {checkKeySettings} from './api-key-settings.js';

export async function ownsKey({db}: ApiKeysContext, user: UserWithTeam, id: string): Promise<boolean> {
  return (await findOwnedKey(db, ownerOf(user), id, undefined)) !== undefined;
}

/** The new key's body, and its full value (shown this once). */
export async function createKey(
  context: ApiKeysContext,
  user: UserWithTeam,
  type: KeyType,
  settings: KeySettingsBody = {},
): Promise<{value: string; key: ApiKeyBody}> {
  const {db, config} = context;
  assertVerified(user);
  const change = checkKeySettings(config, settings);
  if (type === 'production' && !(user.team && (await isProductionReady(db, user.team.id)))) {
    throw new ApiError('PRODUCTION_NOT_READY');
  }
  const owner = ownerOf(user);
  return db.transaction().execute(async (trx) => {
    await lockKeyOwner(trx, owner);
    if ((await countActiveKeys(trx, owner)) >= config.activeKeysPerTeam) throw new ApiError('KEY_LIMIT_REACHED');
    const name = change.name ?? defaultKeyName(type, (await countCreatedKeys(trx, owner, type)) + 1);
    return issue(trx, context, user, type, {
      name,
      allowedOrigins: change.allowed_origins ?? [],
      expiresAt: change.expires_at ?? null,
      rateLimitPerMinute: change.rate_limit_per_minute ?? null,
    });
  });
}

export async function rotateKey(
  context: ApiKeysContext,
  user: UserWithTeam,
  id: string,
  type: KeyType | undefined,
  grace: GracePeriod = 'now',
): Promise<{value: string; key: ApiKeyBody}> {
  const {db, config} = context;
  assertVerified(user);
  const existing = await findOwnedKey(db, ownerOf(user), id, type);
  if (!existing) throw new ApiError('NOT_FOUND');
  const now = config.now();
  return db.transaction().execute(async (trx) => {
    // Only the first of concurrent rotations finds the key still active; the others get 404,
    // and the unique index on rotated_from backs this up.
    const endsAt = new Date(now.getTime() + GRACE_PERIOD_SECONDS[grace] * 1000);
    if (!(await revokeActiveKey(trx, existing.id, endsAt))) throw new ApiError('NOT_FOUND');
    // The successor carries on the key's place (name, origins, limit); its expiry is set anew.
    const settings = {
      name: existing.name,
      allowedOrigins: existing.allowed_origins,
      expiresAt: null,
      rateLimitPerMinute: existing.rate_limit_per_minute,
    };
    return issue(trx, context, user, existing.key_type, settings, existing.id);
  });
}

export async function revokeKey(
  context: ApiKeysContext,
  user: UserWithTeam,
  id: string,
  type: KeyType | undefined,
): Promise<ApiKeyBody> {
  const {db, config} = context;
  assertVerified(user);
  const existing = await findOwnedKey(db, ownerOf(user), id, type);
  if (!existing) throw new ApiError('NOT_FOUND');
  const now = config.now();
  // Revoking a key inside a rotation's grace period ends the grace now; revoking a revoked key is a
  // no-op that answers the key as it is.
  const revoked =
    (await revokeActiveKey(db, existing.id, now)) ?? (await endGracePeriod(db, existing.id, now)) ?? existing;
  return toKeyBody(context, revoked);
}

/** Changes a key's settings: the name of any key; origins, expiry and limit of a working key only. */
export async function updateKey(
  context: ApiKeysContext,
  user: UserWithTeam,
  id: string,
  settings: KeySettingsBody,
): Promise<ApiKeyBody> {
  const {db, config} = context;
  assertVerified(user);
  const change = checkKeySettings(config, settings);
  const existing = await findOwnedKey(db, ownerOf(user), id, undefined);
  if (!existing) throw new ApiError('NOT_FOUND');
  const changesUse =
    change.allowed_origins !== undefined ||
    change.expires_at !== undefined ||
    change.rate_limit_per_minute !== undefined;
  if (changesUse && !keyWorks(existing, config.now())) throw new ApiError('KEY_NOT_ACTIVE');
  // A new expiry date gets its own reminders.
  if (change.expires_at !== undefined) change.expiry_reminders_sent = 0;
  return toKeyBody(context, await updateKeySettings(db, existing.id, change));
}

/**
 * Production keys made before they were kept only hashed: record their masked form and drop the
 * encrypted copy; keys made before the masked form existed get it too. Idempotent, run at start.
 */
export async function backfillStoredForms({db, box}: ApiKeysContext): Promise<number> {
  const rows = await keysToBackfill(db);
  for (const row of rows) {
    const masked = row.key_masked ?? (row.key_ciphertext ? maskApiKey(box.open(row.key_ciphertext)) : null);
    if (masked === null) continue;
    await setStoredForm(db, row.id, {
      key_masked: masked,
      key_ciphertext: keyIsRetrievable(row.key_type) ? row.key_ciphertext : null,
    });
  }
  return rows.length;
}

async function issue(
  db: Db,
  context: ApiKeysContext,
  user: UserWithTeam,
  type: KeyType,
  settings: {name: string; allowedOrigins: string[]; expiresAt: Date | null; rateLimitPerMinute: number | null},
  rotatedFrom?: string,
): Promise<{value: string; key: ApiKeyBody}> {
  const value = newApiKey(type);
  const row = await insertKey(db, {
    owner: ownerOf(user),
    type,
    hash: hashToken(value),
    ciphertext: keyIsRetrievable(type) ? context.box.seal(value) : null,
    masked: maskApiKey(value),
    ...settings,
    createdBy: user.id,
    ...(rotatedFrom && {rotatedFrom}),
    now: context.config.now(),
  });
  return {value, key: toKeyBody(context, row)};
}

/** Keys of either kind are made, rolled and revoked only from a verified address. */
export function assertVerified(user: UserWithTeam): void {
  if (!user.emailVerified) throw new ApiError('EMAIL_NOT_VERIFIED', {message: VERIFY_EMAIL_FOR_KEYS});
}
