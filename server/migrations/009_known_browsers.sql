-- The browsers each account has signed in from, so a stolen password used elsewhere is noticed: a sign-in from one not seen before on the account
-- emails a notice. A browser is its name and OS without versions (an update is not a new browser), hashed.
CREATE TABLE known_browsers (
  user_id        uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  fingerprint    text NOT NULL,
  first_seen_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, fingerprint)
);
