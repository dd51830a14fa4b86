// An API key as the API shows it: sandbox keys whole, production keys masked (they are stored as a hash and
// their masked form, shown whole only in the create and rotate answers), and its status at a moment.
import type {Config} from '../config.js';
import type {SecretBox} from '../lib/secret-box.js';
import type {ApiKeyRow, KeyOwner} from '../repositories/api-keys-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {keyIsRetrievable, type KeyStatus} from '@intakekit/contract/api-keys';
import type {ApiKey as ApiKeyBody, KeySettingsLimits} from '@intakekit/contract/schemas/keys';

export type {ApiKeyBody};

/** Team keys are shared by its members; a user without a team has keys of their own. */
export function ownerOf(user: UserWithTeam): KeyOwner {
  return user.team ? {teamId: user.team.id} : {userId: user.id};
}

/** Whether a key starts sessions at `now`: active, or rotated and inside its grace; and not past its expiry. */
export function keyWorks(
  row: {status: 'active' | 'revoked'; revoked_at: Date | null; expires_at: Date | null},
  now: Date,
): boolean {
  const revoked = row.status === 'revoked' && (row.revoked_at === null || row.revoked_at <= now);
  const expired = row.expires_at !== null && row.expires_at <= now;
  return !revoked && !expired;
}

function statusOf(row: ApiKeyRow, now: Date): KeyStatus {
  if (row.status === 'revoked' && (row.revoked_at === null || row.revoked_at <= now)) return 'revoked';
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  return 'active';
}

export type KeyBodyConfig = Pick<Config, 'now' | 'sdkKeyRateLimit' | 'sdkKeyRateLimitMax'>;

export function keyLimits(config: KeyBodyConfig): KeySettingsLimits {
  return {rateLimitDefault: config.sdkKeyRateLimit, rateLimitMax: config.sdkKeyRateLimitMax};
}

/** The key as the API shows it: sandbox keys whole, production keys masked. */
export function toKeyBody({box, config}: {box: SecretBox; config: KeyBodyConfig}, row: ApiKeyRow): ApiKeyBody {
  const now = config.now();
  const apiKey =
    keyIsRetrievable(row.key_type) && row.key_ciphertext ? box.open(row.key_ciphertext) : (row.key_masked ?? '');
  const inGrace = row.status === 'revoked' && row.revoked_at !== null && row.revoked_at > now;
  return {
    id: row.id,
    keyType: row.key_type,
    name: row.name,
    apiKey,
    status: statusOf(row, now),
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    graceEndsAt: inGrace ? row.revoked_at!.toISOString() : null,
    replacedBy: row.replaced_by,
    allowedOrigins: row.allowed_origins,
    rateLimitPerMinute: row.rate_limit_per_minute ?? config.sdkKeyRateLimit,
  };
}
