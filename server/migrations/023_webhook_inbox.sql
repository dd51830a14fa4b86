-- The test inbox: one per team (or user without a team), at /api/webhook-inbox/{id}, recording what it receives
-- for 24 hours so a newcomer sees deliveries without running a server. The id is the only credential of the
-- receiving route (24 random bytes), like a capability URL. A message's body may hold patients' answers: it is
-- sealed (lib/secret-box.ts, the message's id as context); its headers (JSON: webhook-id, signature, user agent) are not
-- secret and kept as sent, less cookies and authorization.
CREATE TABLE webhook_inboxes (
  id          text PRIMARY KEY,
  team_id     uuid UNIQUE REFERENCES teams(id) ON DELETE CASCADE,
  user_id     uuid UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  CHECK ((team_id IS NULL) <> (user_id IS NULL))
);
CREATE TABLE webhook_inbox_messages (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  inbox_id         text NOT NULL REFERENCES webhook_inboxes(id) ON DELETE CASCADE,
  received_at      timestamptz NOT NULL,
  headers          text NOT NULL,
  body_ciphertext  text NOT NULL
);
CREATE INDEX webhook_inbox_messages_inbox ON webhook_inbox_messages (inbox_id, received_at DESC);
-- Housekeeping's purge of what is older than 24 hours.
CREATE INDEX webhook_inbox_messages_received ON webhook_inbox_messages (received_at);
