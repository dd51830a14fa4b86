-- The key list counter's owner locks (013) were FOR UPDATE, which also waits for every transaction holding a mere
-- reference to the owner: a foreign key check takes FOR KEY SHARE on the row it points at. A user joining a team
-- inserts a membership row (a reference to the user) and then moves the user's keys; a usage batch updating one of
-- those keys' last use between the two waited for the user's row while holding the key's, and the join waited for the
-- key's: PostgreSQL aborted one of them as a deadlock (seen on CI as a 500 from POST /api/invitations/accept).
-- FOR NO KEY UPDATE, what the UPDATE that follows takes anyway, still orders two writers of one owner's counter and
-- lets references be.
CREATE OR REPLACE FUNCTION bump_key_list_versions(team_ids uuid[], user_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM teams WHERE id = ANY(team_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE teams SET keys_version = keys_version + 1 WHERE id = ANY(team_ids);
  PERFORM 1 FROM users WHERE id = ANY(user_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE users SET keys_version = keys_version + 1 WHERE id = ANY(user_ids);
END $$;
