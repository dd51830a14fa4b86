-- The activity log: an append-only record of security events (sign-ins, password and two-factor
-- changes, sessions, keys, team changes), kept ACTIVITY_RETENTION_DAYS (six years by default, as HIPAA asks of
-- audit records).
--
-- Rows carry no foreign keys: an account's or a team's history outlives the account or the team, which is the
-- point of an audit record. The actor's email is kept as it was when the event happened.
CREATE TABLE activity_events (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at            timestamptz NOT NULL,
  -- The team the event belongs to (the actor's team then), or NULL for a person without a team.
  team_id       uuid,
  actor_id      uuid,
  actor_email   text,
  action        text NOT NULL,
  target_type   text,
  target_id     text,
  target_label  text,
  ip_address    text,
  user_agent    text,
  result        text NOT NULL CHECK (result IN ('success', 'failure'))
);
CREATE INDEX activity_events_team_at ON activity_events (team_id, id DESC);
CREATE INDEX activity_events_actor_at ON activity_events (actor_id, id DESC);
CREATE INDEX activity_events_at ON activity_events (at);

-- The database itself refuses to change or remove an event. The only exception is the retention purge, which
-- sets intakekit.activity_purge for its own transaction (SET LOCAL). One line: the old migrator's test fixture
-- splits statements at line-ending semicolons.
CREATE FUNCTION activity_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' AND current_setting('intakekit.activity_purge', true) = 'on' THEN RETURN OLD; END IF; RAISE EXCEPTION 'activity_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege'; END $$;
CREATE TRIGGER activity_events_append_only BEFORE UPDATE OR DELETE ON activity_events
  FOR EACH ROW EXECUTE FUNCTION activity_events_append_only();
