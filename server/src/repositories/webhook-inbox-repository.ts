// SQL for the test inboxes and what they received. An inbox belongs to one owner (a team, or a user without one).
import type {Db} from '../db/connect.js';
import {ownerColumns, ownerFilter, type KeyOwner} from './api-keys-repository.js';

/** The most messages an inbox keeps: its receiving route is public, so what it may hold is bounded. */
export const INBOX_MESSAGES_KEPT = 50;

export async function findInboxOf(db: Db, owner: KeyOwner) {
  const [column, id] = ownerFilter(owner);
  return db.selectFrom('webhook_inboxes').selectAll().where(column, '=', id).executeTakeFirst();
}

/** The owner's inbox, created with `id` unless it exists; one statement, so racing creations agree. */
export async function ensureInbox(db: Db, owner: KeyOwner, id: string, now: Date) {
  await db
    .insertInto('webhook_inboxes')
    .values({id, ...ownerColumns(owner), created_at: now})
    .onConflict((oc) => oc.doNothing())
    .execute();
  const inbox = await findInboxOf(db, owner);
  if (!inbox) throw new Error('the inbox was neither created nor found');
  return inbox;
}

export async function inboxExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('webhook_inboxes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function insertInboxMessage(
  db: Db,
  message: {id: string; inboxId: string; receivedAt: Date; headers: string; bodyCiphertext: string},
): Promise<void> {
  await db
    .insertInto('webhook_inbox_messages')
    .values({
      id: message.id,
      inbox_id: message.inboxId,
      received_at: message.receivedAt,
      headers: message.headers,
      body_ciphertext: message.bodyCiphertext,
    })
    .execute();
  // Past the bound, the oldest go.
  await db
    .deleteFrom('webhook_inbox_messages')
    .where('inbox_id', '=', message.inboxId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('webhook_inbox_messages')
        .select('id')
        .where('inbox_id', '=', message.inboxId)
        .orderBy('received_at', 'desc')
        .limit(INBOX_MESSAGES_KEPT),
    )
    .execute();
}

/** What the inbox received since `since`, newest first. */
export async function listInboxMessages(db: Db, inboxId: string, since: Date) {
  return db
    .selectFrom('webhook_inbox_messages')
    .selectAll()
    .where('inbox_id', '=', inboxId)
    .where('received_at', '>', since)
    .orderBy('received_at', 'desc')
    .limit(INBOX_MESSAGES_KEPT)
    .execute();
}

export async function purgeInboxMessagesBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('webhook_inbox_messages').where('received_at', '<=', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
