-- The mail outbox: every email is written here in the transaction of the change that causes it
-- (a token, an invitation, a password change) and sent afterwards by a worker in each API process.
-- A worker claims due rows with SELECT ... FOR UPDATE SKIP LOCKED and a lease (locked_until), so a
-- message is sent by one process at a time and a process killed mid-send releases it when the lease
-- ends. The payload (recipient and links with single-use tokens) is sealed with the server secret
-- and dropped once the message is sent or given up.
CREATE TABLE mail_outbox (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The template's kind (verify-email, reset-password, ...), for logs and metrics; no personal data.
  kind             text NOT NULL,
  -- Sealed JSON {to, template}; NULL once sent or given up.
  payload          text,
  created_at       timestamptz NOT NULL,
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL,
  locked_until     timestamptz,
  sent_at          timestamptz,
  failed_at        timestamptz,
  last_error       text
);

-- What a worker scans: the messages still to send, by due time.
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
-- Housekeeping deletes sent messages by age.
CREATE INDEX mail_outbox_sent ON mail_outbox (sent_at) WHERE sent_at IS NOT NULL;
