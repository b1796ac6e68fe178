-- Up Migration

-- A split series (issue 15): qualifying fleets → final fleets → medal fleet, defined per event by the
-- race committee, and the membership each split produced. split_members is what results submission
-- and fleet scoring read: a boat assigned to a final (or medal) fleet may be scored there although
-- she is registered in a qualifying fleet.
CREATE TABLE split_series (
  event_id text PRIMARY KEY,
  definition jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE split_assignments (
  event_id text NOT NULL,
  -- final | medal
  stage text NOT NULL,
  method text NOT NULL,
  -- fleet id → boat ids, in ranking order
  fleets jsonb NOT NULL,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, stage)
);

CREATE TABLE split_members (
  event_id text NOT NULL,
  stage text NOT NULL,
  fleet_id text NOT NULL,
  boat_id text NOT NULL,
  PRIMARY KEY (event_id, stage, boat_id)
);
CREATE INDEX split_members_fleet_idx ON split_members (fleet_id, boat_id);

-- Down Migration
DROP TABLE split_members;
DROP TABLE split_assignments;
DROP TABLE split_series;
