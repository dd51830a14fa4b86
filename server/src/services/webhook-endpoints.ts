// Webhook endpoints: where a team's (or a user's without a team) events are pushed, per environment. Every member
// sees them; in a team only owners and admins change them or see their signing secret, because a full payload
// carries patients' answers and the secret lets anyone forge a delivery. The secret is sealed at rest under its own
// subkey; a roll keeps the old one signing beside the new for WEBHOOK_SECRET_OVERLAP_HOURS.
import crypto from 'node:crypto';
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {ApiError} from '../errors.js';
import {WEBHOOK_ENDPOINTS_MAX, WEBHOOK_SECRET_OVERLAP_HOURS} from '@intakekit/contract/webhooks';
import type {
  NewWebhookEndpointBody,
  WebhookEndpoint,
  WebhookEndpointChanges,
  WebhookSecretResponse,
} from '@intakekit/contract/schemas/webhooks';
import {secretBox, type SecretBox} from '../lib/secret-box.js';
import {lockKeyOwner} from '../repositories/api-keys-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {
  countWebhookEndpoints,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  rollWebhookSecret,
  updateWebhookEndpoint,
  type WebhookEndpointRow,
  type WebhookEndpointUpdate,
} from '../repositories/webhook-endpoints-repository.js';
import {checkEndpointUrl} from '../webhooks/destination.js';
import {ownerOf} from './api-key-bodies.js';
import {assertManager, isManager} from './team-access.js';

export interface WebhookEndpointsContext {
  db: Db;
  /** webhookSecretsBox(secretKey). */
  secrets: SecretBox;
  config: Pick<Config, 'now'>;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: local development may name a private address. */
  allowPrivateNetworks: boolean;
  /** API_URL: the test inbox under it is accepted whatever address it names. */
  ownInboxOrigin: string;
}

/** The sealing of endpoints' signing secrets: a subkey of SECRET_KEY used for nothing else. */
export function webhookSecretsBox(secretKey: string): SecretBox {
  return secretBox(secretKey, 'webhook-secrets');
}

/** A Standard Webhooks secret: whsec_ and 24 random bytes in base64. */
function newSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}

export function toEndpointBody(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    environment: row.key_type,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    payloadStyle: row.payload_style,
    enabled: row.enabled,
    failuresInARow: row.failures_in_a_row,
    failingSince: row.failing_since?.toISOString() ?? null,
    disabledAt: row.disabled_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** An endpoint as the activity log names it: its description, or its URL's host without one. */
export function endpointTarget(endpoint: Pick<WebhookEndpoint, 'id' | 'description' | 'url' | 'environment'>) {
  const name = endpoint.description || new URL(endpoint.url).host;
  return {type: 'webhook' as const, id: endpoint.id, label: `${name} (${endpoint.environment} webhook)`};
}

export async function listEndpoints({db}: WebhookEndpointsContext, user: UserWithTeam): Promise<WebhookEndpoint[]> {
  return (await listWebhookEndpoints(db, ownerOf(user))).map(toEndpointBody);
}

export async function createEndpoint(
  ctx: WebhookEndpointsContext,
  user: UserWithTeam,
  body: NewWebhookEndpointBody,
): Promise<WebhookEndpoint> {
  assertMayManage(user);
  assertUrl(ctx, body.url, body.environment);
  const owner = ownerOf(user);
  const now = ctx.config.now();
  const id = crypto.randomUUID();
  return ctx.db.transaction().execute(async (trx) => {
    await lockKeyOwner(trx, owner);
    if ((await countWebhookEndpoints(trx, owner)) >= WEBHOOK_ENDPOINTS_MAX) {
      throw new ApiError('WEBHOOK_ENDPOINT_LIMIT_REACHED');
    }
    const row = await insertWebhookEndpoint(trx, owner, {
      id,
      key_type: body.environment,
      url: body.url,
      description: (body.description ?? '').trim(),
      event_types: [...new Set(body.eventTypes)],
      payload_style: body.payloadStyle ?? 'thin',
      enabled: true,
      secret_ciphertext: ctx.secrets.seal(newSecret(), id),
      previous_secret_ciphertext: null,
      previous_secret_expires_at: null,
      failing_since: null,
      disabled_at: null,
      created_at: now,
      updated_at: now,
    });
    return toEndpointBody(row);
  });
}

export async function updateEndpoint(
  ctx: WebhookEndpointsContext,
  user: UserWithTeam,
  id: string,
  changes: WebhookEndpointChanges,
): Promise<WebhookEndpoint> {
  const existing = await ownedEndpoint(ctx, user, id);
  assertMayManage(user);
  if (changes.url !== undefined) assertUrl(ctx, changes.url, existing.key_type);
  const set: WebhookEndpointUpdate = {updated_at: ctx.config.now()};
  if (changes.url !== undefined) set.url = changes.url;
  if (changes.description !== undefined) set.description = changes.description.trim();
  if (changes.eventTypes !== undefined) set.event_types = [...new Set(changes.eventTypes)];
  if (changes.payloadStyle !== undefined) set.payload_style = changes.payloadStyle;
  if (changes.enabled !== undefined) set.enabled = changes.enabled;
  // Enabled again by a person: its failures so far no longer count towards the 5 days.
  if (changes.enabled) Object.assign(set, {failures_in_a_row: 0, failing_since: null, disabled_at: null});
  const row = await updateWebhookEndpoint(ctx.db, ownerOf(user), existing.id, set);
  if (!row) throw new ApiError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return toEndpointBody(row);
}

export async function deleteEndpoint(ctx: WebhookEndpointsContext, user: UserWithTeam, id: string) {
  await ownedEndpoint(ctx, user, id);
  assertMayManage(user);
  const row = await deleteWebhookEndpoint(ctx.db, ownerOf(user), id);
  if (!row) throw new ApiError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return toEndpointBody(row);
}

export async function revealSecret(
  ctx: WebhookEndpointsContext,
  user: UserWithTeam,
  id: string,
): Promise<{endpoint: WebhookEndpoint; secret: WebhookSecretResponse}> {
  const row = await ownedEndpoint(ctx, user, id);
  assertMayManage(user);
  return {endpoint: toEndpointBody(row), secret: secretBody(ctx, row)};
}

/** A new secret now; the old one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_HOURS. */
export async function rollSecret(ctx: WebhookEndpointsContext, user: UserWithTeam, id: string) {
  const existing = await ownedEndpoint(ctx, user, id);
  assertMayManage(user);
  const now = ctx.config.now();
  const row = await rollWebhookSecret(ctx.db, ownerOf(user), existing.id, {
    secret_ciphertext: ctx.secrets.seal(newSecret(), existing.id),
    previous_secret_expires_at: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000),
    updated_at: now,
  });
  if (!row) throw new ApiError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return {endpoint: toEndpointBody(row), secret: secretBody(ctx, row)};
}

/** The secrets an attempt at `now` signs with: the newest first, the rolled one while its overlap lasts. */
export function signingSecrets(secrets: SecretBox, row: WebhookEndpointRow, now: Date): string[] {
  const current = secrets.open(row.secret_ciphertext, row.id);
  const overlap =
    row.previous_secret_ciphertext && row.previous_secret_expires_at && row.previous_secret_expires_at > now;
  return overlap ? [current, secrets.open(row.previous_secret_ciphertext!, row.id)] : [current];
}

function secretBody({secrets, config}: WebhookEndpointsContext, row: WebhookEndpointRow): WebhookSecretResponse {
  const stillSigning = row.previous_secret_expires_at && row.previous_secret_expires_at > config.now();
  return {
    secret: secrets.open(row.secret_ciphertext, row.id),
    previousSecretExpiresAt: stillSigning ? row.previous_secret_expires_at!.toISOString() : null,
  };
}

/** The endpoint of the user's team (or their own), or WEBHOOK_ENDPOINT_NOT_FOUND: another team's is not found. */
export async function ownedEndpoint(
  {db}: WebhookEndpointsContext,
  user: UserWithTeam,
  id: string,
): Promise<WebhookEndpointRow> {
  const row = await findWebhookEndpoint(db, ownerOf(user), id);
  if (!row) throw new ApiError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return row;
}

export function mayManageWebhooks(user: UserWithTeam): boolean {
  return !user.team || isManager(user.team);
}

export function assertMayManage(user: UserWithTeam): void {
  if (user.team) assertManager(user.team);
}

function assertUrl(ctx: WebhookEndpointsContext, url: string, environment: 'sandbox' | 'production'): void {
  const {allowPrivateNetworks, ownInboxOrigin} = ctx;
  const check = checkEndpointUrl(url, environment, {allowPrivateNetworks, ownInboxOrigin});
  if (!check.ok) throw new ApiError(check.code);
}
