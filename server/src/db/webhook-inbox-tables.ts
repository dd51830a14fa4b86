// Kysely's view of migrations/023_webhook_inbox.sql.
import type {Generated} from 'kysely';
import type {Timestamp} from './column-types.js';

export interface WebhookInboxesTable {
  /** The random part of /api/webhook-inbox/{id}. */
  id: string;
  team_id: string | null;
  user_id: string | null;
  created_at: Timestamp;
}

export interface WebhookInboxMessagesTable {
  id: Generated<string>;
  inbox_id: string;
  received_at: Timestamp;
  /** The request's headers as JSON, less cookies and authorization. */
  headers: string;
  /** The body as received, sealed with the message's id as context. */
  body_ciphertext: string;
}

// Added to the Database interface from here, as schema.ts is at the size limit of a module.
declare module './schema.js' {
  interface Database {
    webhook_inboxes: WebhookInboxesTable;
    webhook_inbox_messages: WebhookInboxMessagesTable;
  }
}
