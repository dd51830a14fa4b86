// API key rules: team keys are shared by members, a user without a team has keys of
// their own; creating, rotating, revoking and changing settings need a verified email; production
// keys need a team the operator marked production-ready; rotation revokes the old key (now, or at the
// end of a grace period) and creates its one successor in a single transaction. Production keys are
// shown whole only in the create and rotate answers: they are stored as a hash and their masked form.
// Quotas: an owner holds at most ACTIVE_KEYS_PER_TEAM active keys (rotation replaces one, so it never
// meets the limit), and the list shows every active key plus the most recent revoked ones only.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import type {KeyType} from '../db/schema.js';
import {ApiError} from '../errors.js';
import {VERIFY_EMAIL_FOR_KEYS} from '@intakekit/contract/errors';
import {newApiKey} from '../lib/api-key-format.js';
import type {SecretBox} from '../lib/secret-box.js';
import {hashToken} from '../lib/tokens.js';
import {
  countActiveKeys,
  countCreatedKeys,
  endGracePeriod,
  findOwnedKey,
  insertKey,
  keysToBackfill,
  listKeys,
  lockKeyOwner,
  revokeActiveKey,
  setStoredForm,
  updateKeySettings,
  type ApiKeyRow,
  type KeyOwner,
  type KeySettingsChange,
} from '../repositories/api-keys-repository.js';
import {isProductionReady} from '../repositories/teams-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {
  GRACE_PERIOD_SECONDS,
  KEY_EXPIRY_MESSAGE,
  KEY_NAME_MESSAGE,
  defaultKeyName,
  expiryAllowed,
  keyIsRetrievable,
  maskApiKey,
  normalizeKeyName,
  rateLimitMessage,
  type GracePeriod,
  type KeyStatus,
} from '@intakekit/contract/api-keys';
import {parseAllowedOrigins} from '@intakekit/contract/origins';
import {isPublicSuffix} from '../lib/public-suffix.js';
import type {ApiKey as ApiKeyBody, KeySettingsBody, KeySettingsLimits} from '@intakekit/contract/schemas/keys';

export type {ApiKeyBody};

/** How many revoked keys GET /api/keys shows (the newest), after every active key. */
export const REVOKED_KEYS_LISTED = 20;

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

/** How many owners' key lists a process keeps in memory (at most about 60 kB each, with their bodies and JSON), the least recently listed leaving first. */
export const KEY_LISTS_CACHED = 500;

interface CachedKeyList {
  version: string;
  rows: ApiKeyRow[];
  /** The rows as the API shows them, until the first expiry or grace end among them changes a status. */
  bodies?: {keys: ApiKeyBody[]; until: number};
}

export class ApiKeys {
  /**
   * Owners' listed keys as last read, with the keys_version they were read at. The session lookup
   * reads the owner's current version on every request, so a list is served from here only while no
   * key of the owner has changed, in this process or any other: the list then costs no query.
   */
  private readonly lists = new Map<string, CachedKeyList>();

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly config: Pick<Config, 'now' | 'activeKeysPerTeam' | 'sdkKeyRateLimit' | 'sdkKeyRateLimitMax'>,
  ) {}

  get limits(): KeySettingsLimits {
    return {rateLimitDefault: this.config.sdkKeyRateLimit, rateLimitMax: this.config.sdkKeyRateLimitMax};
  }

  /** The key as the API shows it: sandbox keys whole, production keys masked. */
  toBody(row: ApiKeyRow): ApiKeyBody {
    const now = this.config.now();
    const apiKey =
      keyIsRetrievable(row.key_type) && row.key_ciphertext ? this.box.open(row.key_ciphertext) : (row.key_masked ?? '');
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
      rateLimitPerMinute: row.rate_limit_per_minute ?? this.config.sdkKeyRateLimit,
    };
  }

  async owns(user: UserWithTeam, id: string): Promise<boolean> {
    return (await findOwnedKey(this.db, ownerOf(user), id, undefined)) !== undefined;
  }

  /**
   * The owner's listed keys. While nothing changed, the same array is answered again (the route keeps
   * its serialised form by it): a key's status and grace change with the clock only at its expiry or
   * grace end, so the bodies are rebuilt from the rows once the first of those passes.
   */
  async list(user: UserWithTeam): Promise<ApiKeyBody[]> {
    const entry = await this.listed(user);
    const now = this.config.now().getTime();
    if (!entry.bodies || now >= entry.bodies.until) {
      const changesAt = entry.rows
        .flatMap((row) => [row.expires_at?.getTime(), row.revoked_at?.getTime()])
        .filter((at): at is number => at !== undefined && at > now);
      entry.bodies = {keys: entry.rows.map((row) => this.toBody(row)), until: Math.min(Infinity, ...changesAt)};
    }
    return entry.bodies.keys;
  }

  private async listed(user: UserWithTeam): Promise<CachedKeyList> {
    const owner = ownerOf(user);
    const id = 'teamId' in owner ? `team:${owner.teamId}` : `user:${owner.userId}`;
    const cached = this.lists.get(id);
    this.lists.delete(id);
    // The rows are at least as new as the version read before them; a newer version reads them again.
    const entry: CachedKeyList =
      cached?.version === user.keysVersion
        ? cached
        : {version: user.keysVersion, rows: await listKeys(this.db, owner, REVOKED_KEYS_LISTED)};
    if (this.lists.size >= KEY_LISTS_CACHED) this.lists.delete(this.lists.keys().next().value!);
    this.lists.set(id, entry);
    return entry;
  }

  /** The new key's body, and its full value (shown this once). */
  async create(
    user: UserWithTeam,
    type: KeyType,
    settings: KeySettingsBody = {},
  ): Promise<{value: string; key: ApiKeyBody}> {
    assertVerified(user);
    const change = this.checkSettings(settings);
    if (type === 'production' && !(await this.productionReady(user))) throw new ApiError('PRODUCTION_NOT_READY');
    const owner = ownerOf(user);
    return this.db.transaction().execute(async (trx) => {
      await lockKeyOwner(trx, owner);
      if ((await countActiveKeys(trx, owner)) >= this.config.activeKeysPerTeam) throw new ApiError('KEY_LIMIT_REACHED');
      const name = change.name ?? defaultKeyName(type, (await countCreatedKeys(trx, owner, type)) + 1);
      return this.issue(trx, user, type, {
        name,
        allowedOrigins: change.allowed_origins ?? [],
        expiresAt: change.expires_at ?? null,
        rateLimitPerMinute: change.rate_limit_per_minute ?? null,
      });
    });
  }

  async rotate(
    user: UserWithTeam,
    id: string,
    type: KeyType | undefined,
    grace: GracePeriod = 'now',
  ): Promise<{value: string; key: ApiKeyBody}> {
    assertVerified(user);
    const existing = await findOwnedKey(this.db, ownerOf(user), id, type);
    if (!existing) throw new ApiError('NOT_FOUND');
    const now = this.config.now();
    return this.db.transaction().execute(async (trx) => {
      // Only the first of concurrent rotations finds the key still active; the others get 404,
      // and the unique index on rotated_from backs this up.
      const endsAt = new Date(now.getTime() + GRACE_PERIOD_SECONDS[grace] * 1000);
      if (!(await revokeActiveKey(trx, existing.id, endsAt))) throw new ApiError('NOT_FOUND');
      // The successor carries on the key's place (name, origins, limit); its expiry is set anew.
      return this.issue(
        trx,
        user,
        existing.key_type,
        {
          name: existing.name,
          allowedOrigins: existing.allowed_origins,
          expiresAt: null,
          rateLimitPerMinute: existing.rate_limit_per_minute,
        },
        existing.id,
      );
    });
  }

  async revoke(user: UserWithTeam, id: string, type: KeyType | undefined): Promise<ApiKeyBody> {
    assertVerified(user);
    const existing = await findOwnedKey(this.db, ownerOf(user), id, type);
    if (!existing) throw new ApiError('NOT_FOUND');
    const now = this.config.now();
    // Revoking a key inside a rotation's grace period ends the grace now; revoking a revoked key is a
    // no-op that answers the key as it is.
    const revoked =
      (await revokeActiveKey(this.db, existing.id, now)) ??
      (await endGracePeriod(this.db, existing.id, now)) ??
      existing;
    return this.toBody(revoked);
  }

  /** Changes a key's settings: the name of any key; origins, expiry and limit of a working key only. */
  async update(user: UserWithTeam, id: string, settings: KeySettingsBody): Promise<ApiKeyBody> {
    assertVerified(user);
    const change = this.checkSettings(settings);
    const existing = await findOwnedKey(this.db, ownerOf(user), id, undefined);
    if (!existing) throw new ApiError('NOT_FOUND');
    const changesUse =
      change.allowed_origins !== undefined ||
      change.expires_at !== undefined ||
      change.rate_limit_per_minute !== undefined;
    if (changesUse && !keyWorks(existing, this.config.now())) throw new ApiError('KEY_NOT_ACTIVE');
    // A new expiry date gets its own reminders.
    if (change.expires_at !== undefined) change.expiry_reminders_sent = 0;
    return this.toBody(await updateKeySettings(this.db, existing.id, change));
  }

  /**
   * Production keys made before they were kept only hashed: record their masked form and drop the
   * encrypted copy; keys made before the masked form existed get it too. Idempotent, run at start.
   */
  async backfillStoredForms(): Promise<number> {
    const rows = await keysToBackfill(this.db);
    for (const row of rows) {
      const masked = row.key_masked ?? (row.key_ciphertext ? maskApiKey(this.box.open(row.key_ciphertext)) : null);
      if (masked === null) continue;
      await setStoredForm(this.db, row.id, {
        key_masked: masked,
        key_ciphertext: keyIsRetrievable(row.key_type) ? row.key_ciphertext : null,
      });
    }
    return rows.length;
  }

  private checkSettings(settings: KeySettingsBody): KeySettingsChange {
    const change: KeySettingsChange = {};
    if (settings.name !== undefined) {
      const name = normalizeKeyName(settings.name);
      if (name === undefined) throw new ApiError('INVALID_KEY_SETTINGS', {message: KEY_NAME_MESSAGE});
      change.name = name;
    }
    if (settings.allowedOrigins !== undefined) {
      const origins = parseAllowedOrigins(settings.allowedOrigins, isPublicSuffix);
      if (!origins.ok) throw new ApiError('INVALID_KEY_SETTINGS', {message: origins.message});
      change.allowed_origins = origins.origins;
    }
    if (settings.expiresAt !== undefined) {
      const expiresAt = settings.expiresAt === null ? null : new Date(settings.expiresAt);
      if (!expiryAllowed(expiresAt, this.config.now())) {
        throw new ApiError('INVALID_KEY_SETTINGS', {message: KEY_EXPIRY_MESSAGE});
      }
      change.expires_at = expiresAt;
    }
    if (settings.rateLimitPerMinute !== undefined) {
      const limit = settings.rateLimitPerMinute;
      if (!Number.isInteger(limit) || limit < 1 || limit > this.config.sdkKeyRateLimitMax) {
        throw new ApiError('INVALID_KEY_SETTINGS', {message: rateLimitMessage(this.config.sdkKeyRateLimitMax)});
      }
      change.rate_limit_per_minute = limit;
    }
    return change;
  }

  private async issue(
    db: Db,
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
      ciphertext: keyIsRetrievable(type) ? this.box.seal(value) : null,
      masked: maskApiKey(value),
      ...settings,
      createdBy: user.id,
      ...(rotatedFrom && {rotatedFrom}),
      now: this.config.now(),
    });
    return {value, key: this.toBody(row)};
  }

  private async productionReady(user: UserWithTeam): Promise<boolean> {
    if (!user.team) return false;
    return isProductionReady(this.db, user.team.id);
  }
}

function assertVerified(user: UserWithTeam): void {
  if (!user.emailVerified) throw new ApiError('EMAIL_NOT_VERIFIED', {message: VERIFY_EMAIL_FOR_KEYS});
}
