-- Submissions: a patient's answers to a flow, sent by the widget. The answers are kept as a FHIR R4
-- QuestionnaireResponse sealed with AES-256-GCM under a subkey of SECRET_KEY of their own and bound to the row's id
-- (services/submissions.ts); the metadata stays plain, so that lists, filters and the purge need no key and never
-- open an answer. A submission belongs to its key's owner (a team, or a user without one), like the key.
-- session_id is unique per key: a session is submitted once, and a repeated submit finds the first row.
CREATE TABLE submissions (
  id                  uuid PRIMARY KEY,
  team_id             uuid REFERENCES teams(id) ON DELETE CASCADE,
  user_id             uuid REFERENCES users(id) ON DELETE CASCADE,
  key_id              uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  key_type            text NOT NULL CHECK (key_type IN ('sandbox', 'production')),
  env                 text NOT NULL,
  flow_id             text NOT NULL,
  flow_version        text NOT NULL,
  session_id          uuid NOT NULL,
  origin              text,
  size                integer NOT NULL,
  answers_ciphertext  text NOT NULL,
  created_at          timestamptz NOT NULL,
  CHECK ((team_id IS NULL) <> (user_id IS NULL))
);
CREATE UNIQUE INDEX submissions_key_session ON submissions (key_id, session_id);
CREATE INDEX submissions_team_newest ON submissions (team_id, created_at DESC, id DESC) WHERE team_id IS NOT NULL;
CREATE INDEX submissions_user_newest ON submissions (user_id, created_at DESC, id DESC) WHERE user_id IS NOT NULL;
CREATE INDEX submissions_created ON submissions (created_at);

-- How long an owner keeps its submissions, per environment (the key type). No row: the contract's default
-- (submissions.ts); its bounds are checked by the API.
CREATE TABLE submission_retention (
  team_id     uuid REFERENCES teams(id) ON DELETE CASCADE,
  user_id     uuid REFERENCES users(id) ON DELETE CASCADE,
  key_type    text NOT NULL CHECK (key_type IN ('sandbox', 'production')),
  days        integer NOT NULL CHECK (days > 0),
  updated_at  timestamptz NOT NULL,
  CHECK ((team_id IS NULL) <> (user_id IS NULL))
);
CREATE UNIQUE INDEX submission_retention_team ON submission_retention (team_id, key_type) WHERE team_id IS NOT NULL;
CREATE UNIQUE INDEX submission_retention_user ON submission_retention (user_id, key_type) WHERE user_id IS NOT NULL;
