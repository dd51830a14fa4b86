// SQL for webhook endpoints. Every query is scoped to an owner (a team, or a user without one).
import type {ExpressionBuilder, Insertable, Selectable, Updateable} from 'kysely';
import type {Db} from '../db/connect.js';
import type {Database} from '../db/schema.js';
import type {WebhookEndpointsTable} from '../db/webhook-tables.js';
import {countOwned, ownerColumns, ownerFilter, type KeyOwner} from './api-keys-repository.js';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookEndpointUpdate = Updateable<WebhookEndpointsTable>;

/** The owner's endpoint `id`: every write names both, so no owner reaches another's endpoint. */
function isOwnedEndpoint(owner: KeyOwner, id: string) {
  const [column, ownerId] = ownerFilter(owner);
  return (eb: ExpressionBuilder<Database, 'webhook_endpoints'>) =>
    eb.and([eb('id', '=', id), eb(column, '=', ownerId)]);
}

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

export interface SecretRoll {
  secret_ciphertext: string;
  previous_secret_expires_at: Date;
  updated_at: Date;
}

/**
 * A new secret, the current one kept as the previous in the same statement (its ciphertext as it is: one box, one
 * context), so that two rolls at once never lose the secret the first of them showed.
 */
export async function rollWebhookSecret(db: Db, owner: KeyOwner, id: string, roll: SecretRoll) {
  return db
    .updateTable('webhook_endpoints')
    .set((eb) => ({...roll, previous_secret_ciphertext: eb.ref('secret_ciphertext')}))
    .where(isOwnedEndpoint(owner, id))
    .returningAll()
    .executeTakeFirst();
}

export async function updateWebhookEndpoint(db: Db, owner: KeyOwner, id: string, changes: WebhookEndpointUpdate) {
  return db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where(isOwnedEndpoint(owner, id))
    .returningAll()
    .executeTakeFirst();
}

export async function deleteWebhookEndpoint(
  db: Db,
  owner: KeyOwner,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  return db.deleteFrom('webhook_endpoints').where(isOwnedEndpoint(owner, id)).returningAll().executeTakeFirst();
}
