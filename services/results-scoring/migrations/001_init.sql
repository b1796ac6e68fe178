-- Up Migration

-- ---------------------------------------------------------------------------------------------
-- Read-only projections fed by events.v1 and registrations.v1 (upserted; newer snapshots win).
-- Foreign ids are text: no cast can fail on a malformed path parameter.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE events (
  id text PRIMARY KEY,
  slug text NOT NULL,
  name text NOT NULL,
  organization_id text,
  organization_slug text,
  organization_name text,
  status text NOT NULL,
  start_date timestamptz,
  source_updated_at timestamptz,
  occurred_at timestamptz NOT NULL
);
CREATE INDEX events_slug_idx ON events (slug);

CREATE TABLE fleets (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  name text NOT NULL,
  scoring_system text NOT NULL DEFAULT 'low_point',
  drop_races integer NOT NULL DEFAULT 0,
  handicap_system text NOT NULL DEFAULT 'one_design',
  handicap_params jsonb NOT NULL DEFAULT '{}'::jsonb,
  penalty_basis text NOT NULL DEFAULT 'series_entries',
  discard_thresholds integer[] NOT NULL DEFAULT '{}',
  created_at timestamptz,
  occurred_at timestamptz NOT NULL
);
CREATE INDEX fleets_event_idx ON fleets (event_id);

CREATE TABLE races (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  fleet_id text NOT NULL,
  name text NOT NULL,
  race_number integer NOT NULL,
  scheduled_start timestamptz,
  scheduled_status text NOT NULL DEFAULT 'scheduled',
  course_distance_nm double precision,
  weight double precision NOT NULL DEFAULT 1,
  must_count boolean NOT NULL DEFAULT false,
  discard_first boolean NOT NULL DEFAULT false,
  occurred_at timestamptz NOT NULL
);
CREATE INDEX races_event_idx ON races (event_id);
CREATE INDEX races_fleet_idx ON races (fleet_id);

CREATE TABLE registrations (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  fleet_id text NOT NULL,
  fleet_name text,
  user_id text,
  sailor_name text,
  boat_id text NOT NULL,
  boat_name text NOT NULL,
  sail_number text,
  ratings jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL,
  source_updated_at timestamptz,
  occurred_at timestamptz NOT NULL
);
CREATE INDEX registrations_fleet_boat_idx ON registrations (fleet_id, boat_id);
CREATE INDEX registrations_event_idx ON registrations (event_id);

CREATE TABLE series (
  id text PRIMARY KEY,
  organization_id text,
  slug text NOT NULL,
  name text NOT NULL,
  year integer,
  event_ids text[] NOT NULL DEFAULT '{}',
  scoring_rule text NOT NULL DEFAULT 'sum_of_net',
  best_of integer,
  created_at timestamptz,
  occurred_at timestamptz NOT NULL
);
CREATE INDEX series_slug_idx ON series (slug);

-- ---------------------------------------------------------------------------------------------
-- Owned by results-scoring: race progress, results, standings.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE race_progress (
  race_id text PRIMARY KEY,
  event_id text NOT NULL,
  fleet_id text NOT NULL,
  actual_start timestamptz,
  -- scheduled | postponed | started | finished | abandoned
  status text NOT NULL,
  results_submitted_at timestamptz,
  published boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX race_progress_event_idx ON race_progress (event_id);
CREATE INDEX race_progress_fleet_idx ON race_progress (fleet_id);

CREATE TABLE race_results (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  race_id text NOT NULL,
  event_id text NOT NULL,
  fleet_id text NOT NULL,
  boat_id text NOT NULL,
  -- Order of the entry in the submission (keeps the finishing order of equal times stable).
  seq integer NOT NULL,
  -- Public status: finished | dnf | dns | dsq | dnc | raf
  status text NOT NULL,
  -- Appendix A code (upper case) or null when finished clean.
  code text,
  finish_time timestamptz,
  penalty_percent double precision,
  penalty_points double precision,
  -- average_all | average_before | points
  redress_method text,
  redress_points double precision,
  notes text,
  -- Computed by the scoring engine.
  position integer,
  elapsed_seconds double precision,
  corrected_seconds double precision,
  points double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (race_id, boat_id)
);
CREATE INDEX race_results_fleet_idx ON race_results (fleet_id);
CREATE INDEX race_results_event_idx ON race_results (event_id);

CREATE TABLE fleet_standings (
  fleet_id text PRIMARY KEY,
  event_id text NOT NULL,
  scoring_system text NOT NULL,
  drops integer NOT NULL,
  applied_drops integer NOT NULL,
  races_completed integer NOT NULL,
  -- [{position, boatId, userId, sailorName, boatName, sailNumber, totalPoints, netPoints,
  --   racesCompleted, raceResults: [{raceId, race, points, dropped, code}]}], best first.
  entries jsonb NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fleet_standings_event_idx ON fleet_standings (event_id);

-- Down Migration
DROP TABLE fleet_standings;
DROP TABLE race_results;
DROP TABLE race_progress;
DROP TABLE series;
DROP TABLE registrations;
DROP TABLE races;
DROP TABLE fleets;
DROP TABLE events;
