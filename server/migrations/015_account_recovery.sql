-- Account recovery for a person who lost their authenticator and recovery codes: started from a password reset
-- link, it waits (ACCOUNT_RECOVERY_WAIT_DAYS) before two-factor is removed and the new password takes effect, so
-- that whoever set up that two-factor (perhaps someone who registered the address before its owner) cannot keep the
-- owner out, and a holder of the real authenticator whose mailbox was taken has days to cancel. One at a time per
-- account. password_hash is the new password's argon2id hash, set in place when the wait ends; cancel_token_hash is
-- the SHA-256 of the cancel link mailed to the address.
CREATE TABLE account_recoveries (
  user_id            uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  password_hash      text NOT NULL,
  cancel_token_hash  text NOT NULL UNIQUE,
  started_at         timestamptz NOT NULL,
  ends_at            timestamptz NOT NULL
);
CREATE INDEX account_recoveries_ends_at ON account_recoveries (ends_at);

-- Two-factor codes checked with a reset link, each counted before it is checked: a link checks at most
-- LOGIN_LOCK_ATTEMPTS, so a link got through a taken mailbox buys few guesses at the code.
ALTER TABLE email_tokens ADD COLUMN code_attempts integer NOT NULL DEFAULT 0;
