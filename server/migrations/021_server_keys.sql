-- Server keys: what a clinic's backend reads the submissions API with, one environment each (ik_server_sandbox_...,
-- ik_server_production_...). Kept apart from api_keys: a server key is never a browser key (the SDK's session
-- call never finds one), it has no origins, expiry or grace, and its changes must not move the browser keys' list
-- versions nor their change notices. Only the SHA-256 of the value and its masked form are kept: the value is shown
-- once. Every use reads this table (one indexed read by hash), so a revoked or rolled key is refused at once on
-- every process.
CREATE TABLE server_keys (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id       uuid REFERENCES teams(id) ON DELETE CASCADE,
  user_id       uuid REFERENCES users(id) ON DELETE CASCADE,
  key_type      text NOT NULL CHECK (key_type IN ('sandbox', 'production')),
  key_hash      text NOT NULL UNIQUE,
  key_masked    text NOT NULL,
  name          text NOT NULL,
  status        text NOT NULL CHECK (status IN ('active', 'revoked')),
  created_by    uuid REFERENCES users(id) ON DELETE SET NULL,
  rotated_from  uuid REFERENCES server_keys(id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  CHECK ((team_id IS NULL) <> (user_id IS NULL))
);
CREATE INDEX server_keys_team_id ON server_keys (team_id, created_at DESC) WHERE team_id IS NOT NULL;
CREATE INDEX server_keys_user_id ON server_keys (user_id, created_at DESC) WHERE user_id IS NOT NULL;
-- A key is rolled at most once: however many rolls race, one successor exists.
CREATE UNIQUE INDEX server_keys_one_successor ON server_keys (rotated_from) WHERE rotated_from IS NOT NULL;
