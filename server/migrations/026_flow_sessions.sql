-- Team flows on the SDK's path. Each API process keeps a flow's published versions in memory
-- (services/flow-cache.ts) under the rule keys are kept by (018): a change that could alter what a session is
-- served announces the flow on the channel intakekit_state, inside the writing transaction, so the notice goes out
-- on commit and never for a change rolled back. The notice names the owner (team or user) and the public flow id,
-- which is what a session asks by: 'flow:<owner uuid> <flow_id>'.
CREATE FUNCTION announce_flow_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('intakekit_state', 'flow:' || coalesce(OLD.team_id, OLD.user_id) || ' ' || OLD.flow_id);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('intakekit_state', 'flow:' || coalesce(NEW.team_id, NEW.user_id) || ' ' || NEW.flow_id);
  END IF;
  RETURN NULL;
END $$;

-- Archive and restore, a rename or a move to another owner; the draft's saves serve no session from memory
-- (a preview reads the draft every time) and must not empty the caches at every keystroke of the editor.
CREATE TRIGGER flows_changed AFTER UPDATE ON flows FOR EACH ROW
  WHEN ((OLD.flow_id, OLD.team_id, OLD.user_id, OLD.archived_at)
        IS DISTINCT FROM (NEW.flow_id, NEW.team_id, NEW.user_id, NEW.archived_at))
  EXECUTE FUNCTION announce_flow_change();
CREATE TRIGGER flows_deleted AFTER DELETE ON flows FOR EACH ROW EXECUTE FUNCTION announce_flow_change();

-- A publish moves the flow's latest version.
CREATE FUNCTION announce_flow_version_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('intakekit_state', 'flow:' || coalesce(f.team_id, f.user_id) || ' ' || f.flow_id)
     FROM flows f WHERE f.id = coalesce(NEW.flow, OLD.flow);
  RETURN NULL;
END $$;

CREATE TRIGGER flow_versions_changed AFTER INSERT OR UPDATE OR DELETE ON flow_versions
  FOR EACH ROW EXECUTE FUNCTION announce_flow_version_change();

-- The SDK's key check now keeps the key's owner (a team flow is looked up by it), and personal keys move to a
-- team when their user makes one: the owner's columns join those whose change drops a kept key.
DROP TRIGGER api_keys_changed ON api_keys;
CREATE TRIGGER api_keys_changed AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN ((OLD.key_hash, OLD.id, OLD.key_type, OLD.status, OLD.revoked_at, OLD.expires_at, OLD.allowed_origins,
         OLD.rate_limit_per_minute, OLD.team_id, OLD.user_id)
        IS DISTINCT FROM
        (NEW.key_hash, NEW.id, NEW.key_type, NEW.status, NEW.revoked_at, NEW.expires_at, NEW.allowed_origins,
         NEW.rate_limit_per_minute, NEW.team_id, NEW.user_id))
  EXECUTE FUNCTION announce_key_change();

-- Sessions a team flow served per UTC day, written in batches (as api_key_usage_days is), never one write per
-- session: the Flows page's "sessions in the last 7 days". Gone with its flow.
CREATE TABLE flow_session_days (
  flow      uuid NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
  day       date NOT NULL,
  sessions  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (flow, day)
);
