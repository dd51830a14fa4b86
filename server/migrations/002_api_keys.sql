-- API keys. A key belongs to a team (shared by its members) or, for a user without a team, to
-- that user. The full value is kept only encrypted (the list call returns it); lookups use the
-- SHA-256 of the value.

CREATE TABLE api_keys (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id         uuid REFERENCES teams(id) ON DELETE CASCADE,
  user_id         uuid REFERENCES users(id) ON DELETE CASCADE,
  key_type        text NOT NULL CHECK (key_type IN ('sandbox', 'production')),
  key_hash        text NOT NULL UNIQUE,
  key_ciphertext  text NOT NULL,
  status          text NOT NULL CHECK (status IN ('active', 'revoked')),
  created_by      uuid REFERENCES users(id) ON DELETE SET NULL,
  rotated_from    uuid REFERENCES api_keys(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL,
  last_used_at    timestamptz,
  revoked_at      timestamptz,
  CHECK ((team_id IS NULL) <> (user_id IS NULL))
);
CREATE INDEX api_keys_team_id ON api_keys (team_id);
CREATE INDEX api_keys_user_id ON api_keys (user_id);
-- A key is rotated at most once: however many rotations race, one successor exists.
CREATE UNIQUE INDEX api_keys_one_successor ON api_keys (rotated_from) WHERE rotated_from IS NOT NULL;
