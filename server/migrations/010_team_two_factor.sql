-- A team's owner can require two-factor authentication of every member, so one weak account cannot expose the team's keys: members without it reach
-- neither the team's keys nor its page until they turn it on.
ALTER TABLE teams ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;
