-- Sign-in attempts per address (with or without an account), one row each: the times of the attempts
-- still inside the window and the lock they caused. An attempt is recorded BEFORE its password is
-- checked, by one upsert whose WHERE is evaluated on the row's latest version under its row lock, so
-- simultaneous attempts are counted one at a time and no more than LOGIN_LOCK_ATTEMPTS passwords are
-- ever checked in a window. Replaces login_failures + login_locks, which recorded a failure
-- only after the check: 30 simultaneous guesses were all checked. Locks in force when this runs are
-- dropped (they last 15 minutes).
DROP TABLE login_failures;
DROP TABLE login_locks;

CREATE TABLE sign_in_attempts (
  email         text PRIMARY KEY,
  attempted_at  timestamptz[] NOT NULL,
  locked_until  timestamptz
);
