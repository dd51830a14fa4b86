-- Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and single-use recovery codes.
--
-- users.two_factor_enabled is what the session lookup and the sign-in read; it is set in the same
-- transaction that confirms or removes the secret, so the two never disagree.
ALTER TABLE users ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false;

-- One authenticator secret per account, sealed like sandbox keys (AES-256-GCM, its own subkey). A row with
-- confirmed_at NULL is a setup begun but not confirmed with a code; it never counts at sign-in.
-- last_used_step is the time step of the last code accepted: a code of that step or an earlier one is
-- refused, so a code seen over someone's shoulder cannot be used again.
CREATE TABLE two_factor_secrets (
  user_id            uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_ciphertext  text NOT NULL,
  created_at         timestamptz NOT NULL,
  confirmed_at       timestamptz,
  last_used_step     integer
);

-- Recovery codes, SHA-256 of the normalised code (each has 50 bits of randomness, like a token).
CREATE TABLE two_factor_recovery_codes (
  user_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- The second step of a sign-in: issued when the password was right, spent by a valid code. Hashed like
-- session tokens; dead rows go with housekeeping.
CREATE TABLE sign_in_challenges (
  token_hash  text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX sign_in_challenges_expires_at ON sign_in_challenges (expires_at);
