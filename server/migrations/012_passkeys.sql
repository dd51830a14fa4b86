-- Passkeys (WebAuthn): a sign-in without a password, or the second step of one with two-factor on.
--
-- credential_id is the authenticator's id of the credential (base64url), unique across accounts because a
-- passwordless sign-in finds the account by it. public_key is the COSE key the registration answered; it is
-- not a secret (it only checks signatures), so it is stored as it came. sign_count is the authenticator's
-- counter: an assertion whose counter does not move past it (a cloned authenticator) is refused.
CREATE TABLE passkeys (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key    bytea NOT NULL,
  sign_count    bigint NOT NULL DEFAULT 0,
  transports    text[] NOT NULL DEFAULT '{}',
  name          text NOT NULL,
  backed_up     boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL,
  last_used_at  timestamptz
);
CREATE INDEX passkeys_user_id ON passkeys (user_id, created_at);

-- The challenges handed to the browser, each spent by the one answer signed over it. A challenge of a
-- registration or of a second step belongs to its account; one of a passwordless sign-in to nobody yet.
-- Dead rows go with housekeeping.
CREATE TABLE passkey_challenges (
  challenge   text PRIMARY KEY,
  purpose     text NOT NULL CHECK (purpose IN ('register', 'sign-in', 'second-factor')),
  user_id     uuid REFERENCES users(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expires_at ON passkey_challenges (expires_at);
