-- Teams by consent: an invitation is a row of its own with a single-use token, and
-- membership starts only when the mailbox owner accepts it. The old team_invitations rows had no
-- token and could never be accepted under these rules, so they go.

DROP TABLE team_invitations;

CREATE TABLE invitations (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id       uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  -- Normalised as the Email schema does (trimmed, lowercased).
  email         text NOT NULL,
  name          text,
  role          text NOT NULL CHECK (role IN ('admin', 'member')),
  invited_by    uuid REFERENCES users(id) ON DELETE SET NULL,
  -- SHA-256 of the 32-byte random token in the emailed link; a resend replaces it.
  token_hash    text NOT NULL UNIQUE,
  -- A 'pending' row whose expires_at has passed counts as expired everywhere.
  status        text NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'revoked', 'expired')),
  created_at    timestamptz NOT NULL,
  -- The last send (invite or resend); expires_at is sent_at + 7 days.
  sent_at       timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  responded_at  timestamptz
);
-- Any number of teams may invite one address; one team only once at a time.
CREATE UNIQUE INDEX invitations_one_pending ON invitations (team_id, email) WHERE status = 'pending';

-- One row per invitation email sent, for the per-team and per-address limits. Never deleted by a
-- revoke, and kept when the team is deleted (team_id NULL): deleting a team must not reset the
-- count of emails sent to an address.
CREATE TABLE invitation_sends (
  id       bigserial PRIMARY KEY,
  team_id  uuid REFERENCES teams(id) ON DELETE SET NULL,
  email    text NOT NULL,
  sent_at  timestamptz NOT NULL
);
CREATE INDEX invitation_sends_team_at ON invitation_sends (team_id, sent_at);
CREATE INDEX invitation_sends_email_at ON invitation_sends (email, sent_at);
