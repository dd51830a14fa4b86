-- Keys for browsers: a name, allowed origins, an expiry, a per-key limit, rotation with a
-- grace period, production keys kept only as a hash, and per-key usage and a request log.
--
-- Rotation with a grace period revokes the old key with revoked_at in the future: a key works while
-- (status = 'active' OR revoked_at > now) AND (expires_at IS NULL OR expires_at > now).

ALTER TABLE api_keys ADD COLUMN name text;
UPDATE api_keys AS k
   SET name = CASE WHEN n.key_type = 'sandbox' THEN 'Sandbox key' ELSE 'Production key' END
              || CASE WHEN n.position > 1 THEN ' ' || n.position ELSE '' END
  FROM (SELECT id, key_type,
               row_number() OVER (PARTITION BY coalesce(team_id, user_id), key_type ORDER BY created_at, id) AS position
          FROM api_keys) AS n
 WHERE k.id = n.id;
ALTER TABLE api_keys ALTER COLUMN name SET NOT NULL;

-- The key as the table shows it (first 8 and last 8 characters). Production keys keep only this and
-- their hash: the API fills it in for older keys at start (it needs SECRET_KEY to open them) and then
-- drops their ciphertext. Sandbox keys stay encrypted, because the list returns them whole.
ALTER TABLE api_keys ADD COLUMN key_masked text;
ALTER TABLE api_keys ALTER COLUMN key_ciphertext DROP NOT NULL;

ALTER TABLE api_keys ADD COLUMN allowed_origins text[] NOT NULL DEFAULT '{}';
ALTER TABLE api_keys ADD COLUMN expires_at timestamptz;
-- Null: SDK_KEY_RATE_LIMIT.
ALTER TABLE api_keys ADD COLUMN rate_limit_per_minute integer CHECK (rate_limit_per_minute > 0);
-- How many of the expiry reminders (7 days, then 1 day before) went out for the current expires_at.
ALTER TABLE api_keys ADD COLUMN expiry_reminders_sent smallint NOT NULL DEFAULT 0;
CREATE INDEX api_keys_expires_at ON api_keys (expires_at) WHERE expires_at IS NOT NULL;

-- SDK sessions started per key and UTC day (successes only), written in batches.
CREATE TABLE api_key_usage_days (
  key_id    uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  day       date NOT NULL,
  sessions  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, day)
);

-- The origins each key was presented from ('' for requests without an Origin header).
CREATE TABLE api_key_origins_seen (
  key_id        uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  origin        text NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  requests      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, origin)
);

-- The latest requests that presented each key, refused ones included (kept to the newest 100 a key).
CREATE TABLE api_key_requests (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key_id      uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  at          timestamptz NOT NULL,
  origin      text,
  outcome     text NOT NULL,
  status      smallint NOT NULL,
  latency_ms  real NOT NULL
);
CREATE INDEX api_key_requests_key_at ON api_key_requests (key_id, at DESC, id DESC);
