-- Each API process may keep a session's lookup (the session with its user and team: findSessionWithUser) in memory
-- under the rule it keeps keys by (018): a change to any row the lookup reads announces the session on the channel
-- intakekit_state, inside the writing transaction, so the notice goes out on commit and never for a change rolled
-- back. Triggers rather than calls beside each write: no sign-out, password change, removal from a team or
-- account deletion can forget to (cascaded deletes fire them too). Every column counts, the use recorded once a
-- minute included: the lookup's times decide idle expiry, and the team's versions tell the key list and Team page
-- caches whether they are current.
CREATE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('intakekit_state', 'session:' || OLD.token_hash);
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();

-- A user's row: each of the user's sessions.
CREATE FUNCTION announce_sessions_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('intakekit_state', 'session:' || token_hash) FROM sessions WHERE user_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER users_changed_sessions AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_sessions_of_user();

-- A membership that starts, changes or ends: the sessions of the user it names, before and after.
CREATE FUNCTION announce_sessions_of_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('intakekit_state', 'session:' || token_hash) FROM sessions WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('intakekit_state', 'session:' || token_hash) FROM sessions WHERE user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER team_members_changed_sessions AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION announce_sessions_of_member();

-- A team's row (its name, its two-factor rule, its versions): the sessions of every member.
CREATE FUNCTION announce_sessions_of_team() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('intakekit_state', 'session:' || s.token_hash)
     FROM team_members m JOIN sessions s ON s.user_id = m.user_id
    WHERE m.team_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER teams_changed_sessions AFTER UPDATE ON teams
  FOR EACH ROW EXECUTE FUNCTION announce_sessions_of_team();
