-- Webhooks: the endpoints a team's events are pushed to, the events (a durable outbox written in the same
-- transaction as their cause), one delivery per event and endpoint, and each attempt of a delivery.
--
-- An endpoint belongs to a team, or to a user without one, like a server key, and to one environment. Its signing
-- secret is sealed under a subkey of SECRET_KEY of its own (services/webhook-endpoints.ts); after a roll the previous
-- one keeps signing until previous_secret_expires_at. failures_in_a_row and failing_since count the attempts failed
-- since the last 2xx: an endpoint failing for 5 days is disabled (disabled_at).
CREATE TABLE webhook_endpoints (
  id                          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id                     uuid REFERENCES teams(id) ON DELETE CASCADE,
  user_id                     uuid REFERENCES users(id) ON DELETE CASCADE,
  key_type                    text NOT NULL CHECK (key_type IN ('sandbox', 'production')),
  url                         text NOT NULL,
  description                 text NOT NULL,
  event_types                 text[] NOT NULL,
  payload_style               text NOT NULL CHECK (payload_style IN ('full', 'thin')),
  enabled                     boolean NOT NULL,
  secret_ciphertext           text NOT NULL,
  previous_secret_ciphertext  text,
  previous_secret_expires_at  timestamptz,
  failures_in_a_row           integer NOT NULL DEFAULT 0,
  failing_since               timestamptz,
  disabled_at                 timestamptz,
  created_at                  timestamptz NOT NULL,
  updated_at                  timestamptz NOT NULL,
  CHECK ((team_id IS NULL) <> (user_id IS NULL))
);
-- The submit's one look: does this owner have an enabled endpoint in this environment?
CREATE INDEX webhook_endpoints_team ON webhook_endpoints (team_id, key_type) WHERE team_id IS NOT NULL;
CREATE INDEX webhook_endpoints_user ON webhook_endpoints (user_id, key_type) WHERE user_id IS NOT NULL;

-- The outbox. id is the msg_... sent as webhook-id on every attempt, so a receiver deduplicates by it. The payload
-- is sealed (bound to the id) because a full payload holds patient answers; a submission.created event carries no
-- payload of its own: its body is built at send time from the submission, whose answers stay sealed once.
CREATE TABLE webhook_events (
  id                  text PRIMARY KEY,
  team_id             uuid REFERENCES teams(id) ON DELETE CASCADE,
  user_id             uuid REFERENCES users(id) ON DELETE CASCADE,
  key_type            text NOT NULL CHECK (key_type IN ('sandbox', 'production')),
  event_type          text NOT NULL,
  submission_id       uuid,
  payload_ciphertext  text,
  created_at          timestamptz NOT NULL,
  CHECK ((team_id IS NULL) <> (user_id IS NULL))
);
CREATE INDEX webhook_events_created ON webhook_events (created_at);

-- One per event and subscribed endpoint. A claim is a lease (locked_until), taken with FOR UPDATE SKIP LOCKED as
-- the mail outbox's, so each due delivery is sent by one process at a time.
CREATE TABLE webhook_deliveries (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id         text NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
  endpoint_id      uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  status           text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempt_count    integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz,
  locked_until     timestamptz,
  created_at       timestamptz NOT NULL,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

-- What each attempt sent and got: the request's headers (the signature included; the secret never), the answer's
-- status and its body's first 2 kB, or why there was none.
CREATE TABLE webhook_attempts (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id      uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  at               timestamptz NOT NULL,
  response_status  integer,
  latency_ms       integer NOT NULL,
  error            text,
  error_message    text,
  request_headers  text NOT NULL,
  response_body    text NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);
