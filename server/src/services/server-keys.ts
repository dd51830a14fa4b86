// Server key rules. The browser keys' rules hold (a verified email; production keys only for a team the operator
// marked production-ready; at most ACTIVE_KEYS_PER_TEAM active keys), and one more: in a team only owners and
// admins create, roll and revoke them, because a production server key reads every production answer, which
// members may not see. The value is shown once; only its hash and masked form are stored. A roll revokes the key
// now and makes its one successor, in one transaction. A key is checked against the database at every use (one
// indexed read by hash), so a revoked or rolled key is refused on the next request, on every process.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {ApiError} from '../errors.js';
import {KEY_NAME_MESSAGE, keyEnding, maskApiKey, normalizeKeyName, type KeyType} from '@intakekit/contract/api-keys';
import type {NewServerKeyBody, ServerKey} from '@intakekit/contract/schemas/server-keys';
import {newApiKey, parseApiKey} from '../lib/api-key-format.js';
import {hashToken} from '../lib/tokens.js';
import {countActiveKeys, lockKeyOwner, type KeyOwner} from '../repositories/api-keys-repository.js';
import {
  findActiveServerKey,
  findOwnedServerKey,
  insertServerKey,
  listServerKeys,
  revokeActiveServerKey,
  type ServerKeyGrant as ServerKeyGrantRow,
  type ServerKeyRow,
} from '../repositories/server-keys-repository.js';
import {findServerKeyWithNewestPage} from '../repositories/server-key-page-repository.js';
import {isProductionReady} from '../repositories/teams-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {ownerOf} from './api-key-bodies.js';
import {encodeCursor} from './submissions.js';
import {assertManager} from './team-access.js';
import {assertVerified} from './api-keys.js';

/** How many revoked server keys the list shows (the newest), after every active one. */
export const REVOKED_SERVER_KEYS_LISTED = 20;

export interface ServerKeysContext {
  db: Db;
  config: Pick<Config, 'now' | 'activeKeysPerTeam'>;
}

export function toServerKeyBody(row: ServerKeyRow): ServerKey {
  return {
    id: row.id,
    environment: row.key_type,
    name: row.name,
    apiKey: row.key_masked,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

/**
 * A server key as the activity log names it, under the browser keys' actions (key.created, key.rotated,
 * key.revoked): 'EHR bridge (server key ending 9f3KQ2a1)'; never the key itself.
 */
export function serverKeyTarget(key: ServerKey) {
  return {type: 'key' as const, id: key.id, label: `${key.name} (server key ending ${keyEnding(key.apiKey)})`};
}

export async function listOwnedServerKeys({db}: ServerKeysContext, user: UserWithTeam): Promise<ServerKey[]> {
  return (await listServerKeys(db, ownerOf(user), REVOKED_SERVER_KEYS_LISTED)).map(toServerKeyBody);
}

/** The new key's body, and its full value (shown this once). */
export async function createServerKey(
  {db, config}: ServerKeysContext,
  user: UserWithTeam,
  body: NewServerKeyBody,
): Promise<{value: string; key: ServerKey}> {
  assertMayManage(user);
  const name = normalizeKeyName(body.name);
  if (name === undefined) throw new ApiError('INVALID_KEY_SETTINGS', {message: KEY_NAME_MESSAGE});
  if (body.environment === 'production' && !(user.team && (await isProductionReady(db, user.team.id)))) {
    throw new ApiError('PRODUCTION_NOT_READY');
  }
  const owner = ownerOf(user);
  return db.transaction().execute(async (trx) => {
    await lockKeyOwner(trx, owner);
    if ((await countActiveKeys(trx, owner, 'server_keys')) >= config.activeKeysPerTeam) {
      throw new ApiError('KEY_LIMIT_REACHED');
    }
    return issue(trx, config.now(), user, owner, body.environment, name);
  });
}

/** Revokes the key now and answers its successor (same name and environment), shown this once. */
export async function rollServerKey(
  {db, config}: ServerKeysContext,
  user: UserWithTeam,
  id: string,
): Promise<{value: string; key: ServerKey}> {
  assertMayManage(user);
  const owner = ownerOf(user);
  const existing = await findOwnedServerKey(db, owner, id);
  if (!existing) throw new ApiError('NOT_FOUND');
  const now = config.now();
  return db.transaction().execute(async (trx) => {
    // Only the first of concurrent rolls finds the key still active; the others get 404 (and the unique index on
    // rotated_from backs this up).
    if (!(await revokeActiveServerKey(trx, existing.id, now))) throw new ApiError('NOT_FOUND');
    return issue(trx, now, user, owner, existing.key_type, existing.name, existing.id);
  });
}

/** Revokes the key now; revoking a revoked key answers it as it is. */
export async function revokeServerKey(
  {db, config}: ServerKeysContext,
  user: UserWithTeam,
  id: string,
): Promise<ServerKey> {
  assertMayManage(user);
  const existing = await findOwnedServerKey(db, ownerOf(user), id);
  if (!existing) throw new ApiError('NOT_FOUND');
  return toServerKeyBody((await revokeActiveServerKey(db, existing.id, config.now())) ?? existing);
}

/** What a server key in a request may reach. */
export interface ServerKeyGrant {
  id: string;
  owner: KeyOwner;
  keyType: KeyType;
}

/**
 * The grant of a well-formed, active server key, or INVALID_API_KEY: a browser key, a mistyped or unknown key, a
 * revoked or rolled one. The shape and checksum are checked before any query.
 */
export async function checkServerKey(db: Db, value: string | undefined): Promise<ServerKeyGrant> {
  return grantOf(await findActiveServerKey(db, hashOfServerKey(value)));
}

/**
 * checkServerKey and the key's newest page of `limit` submissions (of its owner and environment) in one statement:
 * the page as the API answers it, JSON text written by the database.
 */
export async function checkServerKeyWithNewestPage(
  db: Db,
  value: string | undefined,
  limit: number,
): Promise<{grant: ServerKeyGrant; pageJson: string}> {
  const found = await findServerKeyWithNewestPage(db, hashOfServerKey(value), limit);
  const nextCursor = found?.last ? JSON.stringify(encodeCursor(found.last)) : 'null';
  return {grant: grantOf(found?.key), pageJson: `{"submissions":${found?.pageJson},"nextCursor":${nextCursor}}`};
}

/** The hash a well-formed server key is stored by; INVALID_API_KEY for anything else, before any query. */
function hashOfServerKey(value: string | undefined): string {
  if (!value || !parseApiKey(value, 'server')) throw new ApiError('INVALID_API_KEY');
  return hashToken(value);
}

function grantOf(row: ServerKeyGrantRow | undefined): ServerKeyGrant {
  if (!row) throw new ApiError('INVALID_API_KEY');
  return {id: row.id, owner: row.team_id ? {teamId: row.team_id} : {userId: row.user_id!}, keyType: row.key_type};
}

async function issue(
  db: Db,
  now: Date,
  user: UserWithTeam,
  owner: KeyOwner,
  type: KeyType,
  name: string,
  rotatedFrom?: string,
): Promise<{value: string; key: ServerKey}> {
  const value = newApiKey(type, 'server');
  const row = await insertServerKey(db, {
    owner,
    type,
    hash: hashToken(value),
    masked: maskApiKey(value),
    name,
    createdBy: user.id,
    ...(rotatedFrom && {rotatedFrom}),
    now,
  });
  return {value, key: toServerKeyBody(row)};
}

function assertMayManage(user: UserWithTeam): void {
  assertVerified(user);
  if (user.team) assertManager(user.team);
}
