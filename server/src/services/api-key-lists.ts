// GET /api/keys: every active key and the newest revoked ones, served from memory while the owner's keys
// have not changed. The session lookup reads the owner's current keys_version on every request, so a
// list is served from here only while no key of the owner has changed, in this process or any other:
// the list then costs no query.
import type {ApiKeyRow} from '../repositories/api-keys-repository.js';
import {listKeys} from '../repositories/api-key-list-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {ownerOf, toKeyBody, type ApiKeyBody} from './api-key-bodies.js';
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import type {SecretBox} from '../lib/secret-box.js';

/** How many revoked keys GET /api/keys shows (the newest), after every active key. */
export const REVOKED_KEYS_LISTED = 20;

/** How many owners' key lists a process keeps in memory (at most about 60 kB each, with their bodies and JSON), the least recently listed leaving first. */
export const KEY_LISTS_CACHED = 500;

interface CachedKeyList {
  version: string;
  rows: ApiKeyRow[];
  /** The rows as the API shows them, until the first expiry or grace end among them changes a status. */
  bodies?: {keys: ApiKeyBody[]; until: number};
}

/** What the key rules work with: the database, the box sealing sandbox keys, and this process's lists. */
export interface ApiKeysContext {
  db: Db;
  box: SecretBox;
  config: Pick<Config, 'now' | 'activeKeysPerTeam' | 'sdkKeyRateLimit' | 'sdkKeyRateLimitMax'>;
  /** Owners' listed keys as last read, with the keys_version they were read at. */
  lists: Map<string, CachedKeyList>;
}

export function apiKeysContext(db: Db, box: SecretBox, config: ApiKeysContext['config']): ApiKeysContext {
  return {db, box, config, lists: new Map()};
}

/**
 * The owner's listed keys. While nothing changed, the same array is answered again (the route keeps
 * its serialised form by it): a key's status and grace change with the clock only at its expiry or
 * grace end, so the bodies are rebuilt from the rows once the first of those passes.
 */
export async function listOwnedKeys(context: ApiKeysContext, user: UserWithTeam): Promise<ApiKeyBody[]> {
  const entry = await listed(context, user);
  const now = context.config.now().getTime();
  if (!entry.bodies || now >= entry.bodies.until) {
    const changesAt = entry.rows
      .flatMap((row) => [row.expires_at?.getTime(), row.revoked_at?.getTime()])
      .filter((at): at is number => at !== undefined && at > now);
    entry.bodies = {keys: entry.rows.map((row) => toKeyBody(context, row)), until: Math.min(Infinity, ...changesAt)};
  }
  return entry.bodies.keys;
}

async function listed({db, lists}: ApiKeysContext, user: UserWithTeam): Promise<CachedKeyList> {
  const owner = ownerOf(user);
  const id = 'teamId' in owner ? `team:${owner.teamId}` : `user:${owner.userId}`;
  const cached = lists.get(id);
  lists.delete(id);
  // The rows are at least as new as the version read before them; a newer version reads them again.
  const entry: CachedKeyList =
    cached?.version === user.keysVersion
      ? cached
      : {version: user.keysVersion, rows: await listKeys(db, owner, REVOKED_KEYS_LISTED)};
  if (lists.size >= KEY_LISTS_CACHED) lists.delete(lists.keys().next().value!);
  lists.set(id, entry);
  return entry;
}
