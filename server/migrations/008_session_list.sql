-- The sessions list of Settings, and the reason a session ended so its next request can say why.
--
-- Each token row carries what the list shows of its sign-in: the browser's User-Agent and the address it signed
-- in from, and when the sign-in happened (rotation copies all three to the successor). Rows from before this
-- migration show their own creation as the sign-in and an unknown browser.
ALTER TABLE sessions ADD COLUMN signed_in_at timestamptz;
UPDATE sessions SET signed_in_at = created_at;
ALTER TABLE sessions ALTER COLUMN signed_in_at SET NOT NULL;
-- The app always sets it; the default serves rows written by other tools (the bench's seed).
ALTER TABLE sessions ALTER COLUMN signed_in_at SET DEFAULT now();
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN ip_address text;

-- Why a token stopped working, kept after its session row is gone, so the next request with it can say so
-- (signed out elsewhere, password changed, idle...). Only the token's hash, the reason and the time.
CREATE TABLE ended_sessions (
  token_hash  text PRIMARY KEY,
  reason      text NOT NULL,
  ended_at    timestamptz NOT NULL
);
CREATE INDEX ended_sessions_ended_at ON ended_sessions (ended_at);
