// The test inbox: created on demand for an owner, it records what /api/webhook-inbox/{id} receives for
// INBOX_RETENTION_MS, bodies sealed since a full payload holds patients' answers.
import crypto from 'node:crypto';
import type {WebhookInbox, WebhookInboxContents} from '@intakekit/contract/schemas/webhook-inbox';
import type {Db} from '../db/connect.js';
import {ApiError} from '../errors.js';
import {DAY_MS} from '../lib/durations.js';
import {secretBox, type SecretBox} from '../lib/secret-box.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {
  ensureInbox,
  findInboxOf,
  inboxExists,
  insertInboxMessage,
  listInboxMessages,
} from '../repositories/webhook-inbox-repository.js';
import {WEBHOOK_INBOX_ID, WEBHOOK_INBOX_PATH} from '../webhooks/own-inbox.js';
import {ownerOf} from './api-key-bodies.js';
import {assertMayManage, mayManageWebhooks} from './webhook-endpoints.js';

export const INBOX_RETENTION_MS = DAY_MS;
/** Headers not recorded: a browser's or a proxy's credentials have no business in a webhook log. */
const UNRECORDED_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization']);

export interface WebhookInboxContext {
  db: Db;
  box: SecretBox;
  now: () => Date;
}

export function webhookInboxBox(secretKey: string): SecretBox {
  return secretBox(secretKey, 'webhook-inbox');
}

const toInbox = (row: {id: string; created_at: Date}): WebhookInbox => ({
  id: row.id,
  path: `${WEBHOOK_INBOX_PATH}${row.id}`,
  createdAt: row.created_at.toISOString(),
});

export async function createInbox(ctx: WebhookInboxContext, user: UserWithTeam): Promise<WebhookInbox> {
  assertMayManage(user);
  return toInbox(await ensureInbox(ctx.db, ownerOf(user), crypto.randomBytes(24).toString('base64url'), ctx.now()));
}

export async function readInbox(ctx: WebhookInboxContext, user: UserWithTeam): Promise<WebhookInboxContents> {
  const inbox = await findInboxOf(ctx.db, ownerOf(user));
  if (!inbox) return {inbox: null, messages: []};
  const since = new Date(ctx.now().getTime() - INBOX_RETENTION_MS);
  const rows = await listInboxMessages(ctx.db, inbox.id, since);
  // A production endpoint may point here with full payloads: bodies are opened, as in the delivery log, only for
  // owners and admins; members see what arrived and when.
  const mayReadBodies = mayManageWebhooks(user);
  const messages = rows.map((row) => ({
    id: row.id,
    receivedAt: row.received_at.toISOString(),
    headers: JSON.parse(row.headers) as Record<string, string>,
    body: mayReadBodies ? ctx.box.open(row.body_ciphertext, row.id) : null,
  }));
  return {inbox: toInbox(inbox), messages};
}

export async function receive(
  ctx: WebhookInboxContext,
  inboxId: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
): Promise<void> {
  if (!WEBHOOK_INBOX_ID.test(inboxId) || !(await inboxExists(ctx.db, inboxId))) throw new ApiError('NOT_FOUND');
  const recorded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !UNRECORDED_HEADERS.has(name)) recorded[name] = String(value);
  }
  const id = crypto.randomUUID();
  await insertInboxMessage(ctx.db, {
    id,
    inboxId,
    receivedAt: ctx.now(),
    headers: JSON.stringify(recorded),
    bodyCiphertext: ctx.box.seal(body, id),
  });
}
