-- A counter per team that moves whenever what its Team page shows changes (a member joins, leaves or changes role,
-- a member's name or address changes, an invitation is sent, resent, answered or revoked), so a process can keep
-- the page in memory and tell from the session lookup (which reads the team's row anyway) whether it is still
-- current, as keys_version does for the key list (013). Triggers move it, so no write can forget to.
ALTER TABLE teams ADD COLUMN members_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION bump_members_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE teams SET members_version = members_version + 1 WHERE id = OLD.team_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.team_id IS DISTINCT FROM OLD.team_id) THEN
    UPDATE teams SET members_version = members_version + 1 WHERE id = NEW.team_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER team_members_changed AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION bump_members_version();
CREATE TRIGGER invitations_changed AFTER INSERT OR UPDATE OR DELETE ON invitations
  FOR EACH ROW EXECUTE FUNCTION bump_members_version();

CREATE FUNCTION bump_members_version_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE teams SET members_version = members_version + 1
   WHERE id = (SELECT team_id FROM team_members WHERE user_id = NEW.id);
  RETURN NULL;
END $$;

CREATE TRIGGER users_named AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.name, OLD.email) IS DISTINCT FROM (NEW.name, NEW.email))
  EXECUTE FUNCTION bump_members_version_of_user();
