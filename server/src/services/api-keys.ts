// API key rules (design §4): team keys are shared by members, a user without a team has keys of
// their own; creating, rotating and revoking need a verified email; production keys need a team
// the operator marked production-ready; rotation revokes the old key and creates its one
// successor in a single transaction. Quotas: an owner holds at most ACTIVE_KEYS_PER_TEAM active keys
// (rotation replaces one, so it never meets the limit), and the list shows every active key plus the
// most recent revoked ones only.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import type {KeyType} from '../db/schema.js';
import {ApiError} from '../errors.js';
import {newApiKey, parseApiKey} from '../lib/api-key-format.js';
import type {SecretBox} from '../lib/secret-box.js';
import {hashToken} from '../lib/tokens.js';
import {
  countActiveKeys,
  findOwnedKey,
  insertKey,
  listKeys,
  lockKeyOwner,
  revokeActiveKey,
  useActiveKey,
  type ApiKeyRow,
  type KeyOwner,
} from '../repositories/api-keys-repository.js';
import {isProductionReady} from '../repositories/teams-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import type {ApiKey as ApiKeyBody} from '@intakekit/contract/schemas/keys';

export type {ApiKeyBody};

/** How many revoked keys GET /api/keys shows (the newest), after every active key. */
export const REVOKED_KEYS_LISTED = 20;

export function ownerOf(user: UserWithTeam): KeyOwner {
  return user.team ? {teamId: user.team.id} : {userId: user.id};
}

export function toKeyBody(row: ApiKeyRow, box: SecretBox): ApiKeyBody {
  return {
    id: row.id,
    keyType: row.key_type,
    apiKey: box.open(row.key_ciphertext),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

export class ApiKeys {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly config: Pick<Config, 'now' | 'activeKeysPerTeam'>,
  ) {}

  async list(user: UserWithTeam): Promise<ApiKeyBody[]> {
    return (await listKeys(this.db, ownerOf(user), REVOKED_KEYS_LISTED)).map((row) => toKeyBody(row, this.box));
  }

  async create(user: UserWithTeam, type: KeyType): Promise<ApiKeyBody> {
    assertVerified(user);
    if (type === 'production' && !(await this.productionReady(user))) throw new ApiError('PRODUCTION_NOT_READY');
    const owner = ownerOf(user);
    return this.db.transaction().execute(async (trx) => {
      await lockKeyOwner(trx, owner);
      if ((await countActiveKeys(trx, owner)) >= this.config.activeKeysPerTeam) throw new ApiError('KEY_LIMIT_REACHED');
      return this.issue(trx, user, type, undefined);
    });
  }

  async rotate(user: UserWithTeam, id: string, type: KeyType | undefined): Promise<ApiKeyBody> {
    assertVerified(user);
    const existing = await findOwnedKey(this.db, ownerOf(user), id, type);
    if (!existing) throw new ApiError('NOT_FOUND');
    return this.db.transaction().execute(async (trx) => {
      // Only the first of concurrent rotations finds the key still active; the others get 404,
      // and the unique index on rotated_from backs this up.
      if (!(await revokeActiveKey(trx, existing.id, this.config.now()))) throw new ApiError('NOT_FOUND');
      return this.issue(trx, user, existing.key_type, existing.id);
    });
  }

  async revoke(user: UserWithTeam, id: string, type: KeyType | undefined): Promise<ApiKeyBody> {
    assertVerified(user);
    const existing = await findOwnedKey(this.db, ownerOf(user), id, type);
    if (!existing) throw new ApiError('NOT_FOUND');
    // Revoking a revoked key is a no-op that answers the key as it is.
    const revoked = (await revokeActiveKey(this.db, existing.id, this.config.now())) ?? existing;
    return toKeyBody(revoked, this.box);
  }

  private async issue(db: Db, user: UserWithTeam, type: KeyType, rotatedFrom: string | undefined): Promise<ApiKeyBody> {
    const value = newApiKey(type);
    const row = await insertKey(db, {
      owner: ownerOf(user),
      type,
      hash: hashToken(value),
      ciphertext: this.box.seal(value),
      createdBy: user.id,
      ...(rotatedFrom && {rotatedFrom}),
      now: this.config.now(),
    });
    return toKeyBody(row, this.box);
  }

  private async productionReady(user: UserWithTeam): Promise<boolean> {
    if (!user.team) return false;
    return isProductionReady(this.db, user.team.id);
  }
}

/**
 * The type of the active key with this value, its use recorded now; undefined for a value that is
 * malformed (shape or checksum, checked before any query), unknown or revoked.
 */
export async function useApiKey(
  db: Db,
  config: Pick<Config, 'now'>,
  value: string | undefined,
): Promise<{id: string; keyType: KeyType} | undefined> {
  if (!value || !parseApiKey(value)) return undefined;
  const key = await useActiveKey(db, hashToken(value), config.now());
  return key && {id: key.id, keyType: key.key_type};
}

function assertVerified(user: UserWithTeam): void {
  if (!user.emailVerified) throw new ApiError('EMAIL_NOT_VERIFIED');
}
