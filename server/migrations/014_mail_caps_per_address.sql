-- Link emails (verification and password reset) per address and purpose: the times of the sends still inside
-- the day's window. A send is recorded in the transaction that writes its token and its outbox row, by one
-- upsert whose WHERE is evaluated on the row's latest version under its row lock, so simultaneous requests
-- from any number of processes are counted one at a time and no more than the caps are ever queued. Keyed by
-- address, not account: deleting and registering the account again starts no new count.
CREATE TABLE link_mail_sends (
  email    text NOT NULL,
  purpose  text NOT NULL,
  sent_at  timestamptz[] NOT NULL,
  PRIMARY KEY (email, purpose)
);

-- An invitation a team sent while the address had had its share of invitation emails from all teams: the
-- invitation is stored and the team answered as if it were sent, but no email goes out. Such a send still
-- counts for the team's own limits (so its answers do not depend on what other teams did) and not for the
-- address's (so it does not keep the address closed to other teams for longer).
ALTER TABLE invitation_sends ADD COLUMN delivered boolean NOT NULL DEFAULT true;
