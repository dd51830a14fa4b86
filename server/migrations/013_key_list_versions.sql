-- A counter per key owner (a team, or a user without one) that moves whenever one of its keys is added or
-- changed, so a process can keep an owner's key list in memory and tell from the session lookup (which reads
-- the owner's row anyway) whether it is still current. A trigger moves it, so no write to api_keys can forget
-- to, whichever process or job makes it. Keys are deleted only with their owner, whose counter goes with it.
ALTER TABLE teams ADD COLUMN keys_version bigint NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN keys_version bigint NOT NULL DEFAULT 0;

-- Owners are locked in id order, teams before users, once per statement after all its rows are written, so
-- two writers that touch keys of the same owners never wait on each other in a cycle.
CREATE FUNCTION bump_key_list_versions(team_ids uuid[], user_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM teams WHERE id = ANY(team_ids) ORDER BY id FOR UPDATE;
  UPDATE teams SET keys_version = keys_version + 1 WHERE id = ANY(team_ids);
  PERFORM 1 FROM users WHERE id = ANY(user_ids) ORDER BY id FOR UPDATE;
  UPDATE users SET keys_version = keys_version + 1 WHERE id = ANY(user_ids);
END $$;

CREATE FUNCTION api_keys_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_key_list_versions(
    ARRAY(SELECT DISTINCT team_id FROM new_keys WHERE team_id IS NOT NULL),
    ARRAY(SELECT DISTINCT user_id FROM new_keys WHERE user_id IS NOT NULL));
  RETURN NULL;
END $$;

-- A key moved from a user to a team changes both lists.
CREATE FUNCTION api_keys_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_key_list_versions(
    ARRAY(SELECT team_id FROM new_keys WHERE team_id IS NOT NULL
          UNION SELECT team_id FROM old_keys WHERE team_id IS NOT NULL),
    ARRAY(SELECT user_id FROM new_keys WHERE user_id IS NOT NULL
          UNION SELECT user_id FROM old_keys WHERE user_id IS NOT NULL));
  RETURN NULL;
END $$;

CREATE TRIGGER api_keys_inserted AFTER INSERT ON api_keys
  REFERENCING NEW TABLE AS new_keys FOR EACH STATEMENT EXECUTE FUNCTION api_keys_inserted();
CREATE TRIGGER api_keys_updated AFTER UPDATE ON api_keys
  REFERENCING OLD TABLE AS old_keys NEW TABLE AS new_keys FOR EACH STATEMENT EXECUTE FUNCTION api_keys_updated();
