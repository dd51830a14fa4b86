-- Each API process may keep a key's state in memory (services/state-cache/) as long as it learns of every change
-- that could refuse the key. A trigger announces each such change on the channel intakekit_state, inside the
-- writing transaction, so the notice goes out on commit and never for a change rolled back. A trigger rather than a
-- call beside each write: no write path can forget it, whichever process or job makes it, and keys deleted with
-- their team or account (ON DELETE CASCADE) are announced too. Only the columns the key check reads count: the
-- usage batches' last_used_at and the reminder stage change every second and must not empty the caches.
CREATE FUNCTION announce_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('intakekit_state', 'key:' || OLD.key_hash);
  RETURN NULL;
END $$;

CREATE TRIGGER api_keys_changed AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN ((OLD.key_hash, OLD.id, OLD.key_type, OLD.status, OLD.revoked_at, OLD.expires_at, OLD.allowed_origins,
         OLD.rate_limit_per_minute)
        IS DISTINCT FROM
        (NEW.key_hash, NEW.id, NEW.key_type, NEW.status, NEW.revoked_at, NEW.expires_at, NEW.allowed_origins,
         NEW.rate_limit_per_minute))
  EXECUTE FUNCTION announce_key_change();
CREATE TRIGGER api_keys_deleted AFTER DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION announce_key_change();
