-- Team flows: FHIR R4 Questionnaire documents a team writes (or a user without a team), each with one draft and
-- frozen published versions. A flow's public id (flow_id) is what `init({flowId})` names; it is unique within its
-- owner and never a built-in flow's id (checked by the service, since the catalogue lives in code). Documents are
-- forms, not answers: they hold no patient data and are stored as they were written.
CREATE TABLE flows (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id           uuid REFERENCES teams(id) ON DELETE CASCADE,
  user_id           uuid REFERENCES users(id) ON DELETE CASCADE,
  flow_id           text NOT NULL,
  draft             jsonb NOT NULL,
  draft_updated_at  timestamptz NOT NULL,
  draft_updated_by  uuid REFERENCES users(id) ON DELETE SET NULL,
  archived_at       timestamptz,
  created_at        timestamptz NOT NULL,
  CHECK ((team_id IS NULL) <> (user_id IS NULL))
);
CREATE UNIQUE INDEX flows_team_flow_id ON flows (team_id, flow_id) WHERE team_id IS NOT NULL;
CREATE UNIQUE INDEX flows_user_flow_id ON flows (user_id, flow_id) WHERE user_id IS NOT NULL;

-- A published version is frozen: never updated, deleted only with its flow (which a published flow never is:
-- it is archived instead, so every submission keeps the version it answered).
CREATE TABLE flow_versions (
  flow          uuid NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
  number        integer NOT NULL CHECK (number >= 1),
  document      jsonb NOT NULL,
  published_at  timestamptz NOT NULL,
  published_by  uuid REFERENCES users(id) ON DELETE SET NULL,
  note          text NOT NULL,
  PRIMARY KEY (flow, number)
);
