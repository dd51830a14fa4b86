// SQL for webhook endpoints. Every query is scoped to an owner (a team, or a user without one).
import type {Insertable, Selectable, Updateable} from 'kysely';
import type {Db} from '../db/connect.js';
import type {WebhookEndpointsTable} from '../db/webhook-tables.js';
import {countOwned, ownerColumns, ownerFilter, type KeyOwner} from './api-keys-repository.js';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookEndpointUpdate = Updateable<WebhookEndpointsTable>;

function selectEndpoints(db: Db, owner: KeyOwner) {
  const [column, id] = ownerFilter(owner);
  return db.selectFrom('webhook_endpoints').selectAll().where(column, '=', id);
}

export async function listWebhookEndpoints(db: Db, owner: KeyOwner): Promise<WebhookEndpointRow[]> {
  return selectEndpoints(db, owner).orderBy('created_at').orderBy('id').execute();
}

export async function countWebhookEndpoints(db: Db, owner: KeyOwner): Promise<number> {
  return countOwned(db, 'webhook_endpoints', owner);
}

export async function findWebhookEndpoint(
  db: Db,
  owner: KeyOwner,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  return selectEndpoints(db, owner).where('id', '=', id).executeTakeFirst();
}

export async function insertWebhookEndpoint(
  db: Db,
  owner: KeyOwner,
  row: Omit<Insertable<WebhookEndpointsTable>, 'team_id' | 'user_id'>,
): Promise<WebhookEndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({...row, ...ownerColumns(owner)})
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A new secret, the current one kept as the previous in the same statement (its ciphertext as it is: one box, one
 * context), so that two rolls at once never lose the secret the first of them showed.
 */
export async function rollWebhookSecret(
  db: Db,
  owner: KeyOwner,
  id: string,
  roll: {secret_ciphertext: string; previous_secret_expires_at: Date; updated_at: Date},
): Promise<WebhookEndpointRow | undefined> {
  const [column, ownerId] = ownerFilter(owner);
  return db
    .updateTable('webhook_endpoints')
    .set((eb) => ({...roll, previous_secret_ciphertext: eb.ref('secret_ciphertext')}))
    .where('id', '=', id)
    .where(column, '=', ownerId)
    .returningAll()
    .executeTakeFirst();
}

export async function updateWebhookEndpoint(
  db: Db,
  owner: KeyOwner,
  id: string,
  changes: WebhookEndpointUpdate,
): Promise<WebhookEndpointRow | undefined> {
  const [column, ownerId] = ownerFilter(owner);
  return db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('id', '=', id)
    .where(column, '=', ownerId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteWebhookEndpoint(
  db: Db,
  owner: KeyOwner,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  const [column, ownerId] = ownerFilter(owner);
  return db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', id)
    .where(column, '=', ownerId)
    .returningAll()
    .executeTakeFirst();
}
