-- Production access: a team's owner asks for it (what the clinic plans, the volume it expects); the operator reviews
-- the request and marks the team production-ready with `npm run admin -- production-ready`, which grants it. At
-- most one request of a team waits at a time; answered ones stay as the team's history. requested_by is kept NULL
-- once that account is deleted, so the request outlives it.
CREATE TABLE production_access_requests (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id          uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  requested_by     uuid REFERENCES users(id) ON DELETE SET NULL,
  plans            text NOT NULL,
  monthly_intakes  text NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'granted', 'withdrawn')),
  created_at       timestamptz NOT NULL,
  decided_at       timestamptz
);
CREATE UNIQUE INDEX production_access_one_pending ON production_access_requests (team_id) WHERE status = 'pending';
CREATE INDEX production_access_team_created ON production_access_requests (team_id, created_at);
