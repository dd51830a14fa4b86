// Shapes of /api/webhook-inbox: the test inbox a team adds as an endpoint to see deliveries without a server.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {Timestamp, Uuid} from './common.js';

const EXAMPLE_INBOX = {
  id: 'Qm9vdHN0cmFwcGVkLWluYm94LWlkLTAx',
  path: '/api/webhook-inbox/Qm9vdHN0cmFwcGVkLWluYm94LWlkLTAx',
  createdAt: '2026-11-26T14:32:05.000Z',
} as const;

export const WebhookInbox = Type.Object(
  {
    id: Type.String(),
    path: Type.String({description: "Add it to the API's address (API_URL) to get the endpoint URL."}),
    createdAt: Timestamp,
  },
  {examples: [EXAMPLE_INBOX]},
);
export type WebhookInbox = Static<typeof WebhookInbox>;

export const WebhookInboxResponse = Type.Object({inbox: WebhookInbox});
export type WebhookInboxResponse = Static<typeof WebhookInboxResponse>;

export const WebhookInboxMessage = Type.Object({
  id: Uuid,
  receivedAt: Timestamp,
  headers: Type.Record(Type.String(), Type.String(), {description: 'As received, less cookies and authorization.'}),
  body: Type.Union([Type.String(), Type.Null()], {
    description:
      'The body as received, byte for byte: verify its signature with it. Null for members: it may hold answers.',
  }),
});
export type WebhookInboxMessage = Static<typeof WebhookInboxMessage>;

export const WebhookInboxContents = Type.Object({
  inbox: Type.Union([WebhookInbox, Type.Null()]),
  messages: Type.Array(WebhookInboxMessage),
});
export type WebhookInboxContents = Static<typeof WebhookInboxContents>;

export const WebhookInboxParams = Type.Object({inboxId: Type.String({maxLength: 64})});

export const WebhookInboxReceipt = Type.Object({received: Type.Literal(true)});
