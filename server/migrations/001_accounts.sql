-- Accounts, teams, sessions and single-use email tokens.
-- Every timestamp is written by the application (its injectable clock), never by now(),
-- so expiry rules can be tested without sleeping.

CREATE TABLE users (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email           text NOT NULL UNIQUE,
  name            text,
  password_hash   text NOT NULL,
  email_verified  boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);

CREATE TABLE teams (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name              text NOT NULL,
  -- Set by the operator (SQL), never by the portal: gates production keys.
  production_ready  boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL
);

-- A user belongs to at most one team (UNIQUE user_id).
CREATE TABLE team_members (
  team_id     uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id     uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  role        text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (team_id, user_id)
);
-- Exactly one owner per team.
CREATE UNIQUE INDEX team_members_one_owner ON team_members (team_id) WHERE role = 'owner';

-- Invitations for addresses that have no account yet; consumed at sign-up.
CREATE TABLE team_invitations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id     uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  email       text NOT NULL UNIQUE,
  name        text,
  invited_by  uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL
);

CREATE TABLE sessions (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- All tokens issued by rotation from one sign-in share a family: logout revokes the family.
  family_id            uuid NOT NULL,
  user_id              uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash           text NOT NULL UNIQUE,
  created_at           timestamptz NOT NULL,
  last_used_at         timestamptz NOT NULL,
  absolute_expires_at  timestamptz NOT NULL,
  -- Set when a successor was issued; the token then lives only for the grace period.
  replaced_at          timestamptz
);
CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_family_id ON sessions (family_id);

CREATE TABLE email_tokens (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id        uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose        text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  token_hash     text NOT NULL UNIQUE,
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  superseded_at  timestamptz
);
CREATE INDEX email_tokens_user_purpose ON email_tokens (user_id, purpose);

-- Failed sign-ins per address (with or without an account) and the resulting locks.
CREATE TABLE login_failures (
  id          bigserial PRIMARY KEY,
  email       text NOT NULL,
  failed_at   timestamptz NOT NULL
);
CREATE INDEX login_failures_email_at ON login_failures (email, failed_at);

CREATE TABLE login_locks (
  email         text PRIMARY KEY,
  locked_until  timestamptz NOT NULL
);
