-- Up Migration

-- ---------------------------------------------------------------------------------------------
-- Revisions: every change to a race's results (submission, correction, revert, decision) and every
-- publication step is an immutable row: who, when, why, and per boat before → after.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE result_revisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id text NOT NULL,
  fleet_id text NOT NULL,
  -- Null for a publication step of several races (race_ids lists them).
  race_id text,
  race_ids text[] NOT NULL DEFAULT '{}',
  -- Revision number within the race (results changes only); null for publication steps.
  seq integer,
  -- submission | correction | revert | decision | posted | official
  kind text NOT NULL,
  reason text NOT NULL DEFAULT '',
  decision_id text,
  reverted_to uuid,
  user_id text,
  key_id text,
  via text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- [{boatId, before, after}] (RevisedState or null).
  changes jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The race's complete stored entries after this revision (what a revert restores); null for publication steps.
  entries jsonb,
  UNIQUE (race_id, seq)
);
CREATE INDEX result_revisions_event_idx ON result_revisions (event_id, created_at);
CREATE INDEX result_revisions_race_idx ON result_revisions (race_id, seq);

-- Publication per fleet and race with the protest time limit.
ALTER TABLE race_progress ADD COLUMN revised_at timestamptz;
ALTER TABLE race_progress ADD COLUMN posted_at timestamptz;
ALTER TABLE race_progress ADD COLUMN protest_deadline timestamptz;
ALTER TABLE race_progress ADD COLUMN deadline_explicit boolean NOT NULL DEFAULT false;
ALTER TABLE race_progress ADD COLUMN official_reason text;
CREATE INDEX race_progress_deadline_idx ON race_progress (protest_deadline) WHERE NOT published AND posted_at IS NOT NULL;

-- The protest time limit of an event (minutes after the last boat finishes the day's last race).
CREATE TABLE event_result_settings (
  event_id text PRIMARY KEY,
  protest_time_limit_minutes integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- ---------------------------------------------------------------------------------------------
-- History of the rendered read views: a row each time a view's content changes (valid from the
-- changing transaction's time); body null = the view was removed. `asOf` reads answer from here.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE race_view_history (
  race_id text NOT NULL,
  valid_from timestamptz NOT NULL,
  event_id text NOT NULL,
  fleet_id text NOT NULL,
  race_number integer NOT NULL,
  fleet_name text NOT NULL,
  body text,
  PRIMARY KEY (race_id, valid_from)
);
CREATE INDEX race_view_history_event_idx ON race_view_history (event_id, valid_from);

CREATE TABLE fleet_view_history (
  fleet_id text NOT NULL,
  valid_from timestamptz NOT NULL,
  event_id text NOT NULL,
  summary text NOT NULL,
  standings text NOT NULL,
  standings_without_drops text NOT NULL,
  PRIMARY KEY (fleet_id, valid_from)
);
CREATE INDEX fleet_view_history_event_idx ON fleet_view_history (event_id, valid_from);

-- Views rendered before this migration: shown from now on (nothing is known of before).
INSERT INTO race_view_history (race_id, valid_from, event_id, fleet_id, race_number, fleet_name, body)
  SELECT race_id, now(), event_id, fleet_id, race_number, fleet_name, body FROM race_views;
INSERT INTO fleet_view_history (fleet_id, valid_from, event_id, summary, standings, standings_without_drops)
  SELECT fleet_id, now(), event_id, summary, standings, standings_without_drops FROM fleet_views;

-- Down Migration
DROP TABLE fleet_view_history;
DROP TABLE race_view_history;
DROP TABLE event_result_settings;
DROP INDEX race_progress_deadline_idx;
ALTER TABLE race_progress DROP COLUMN official_reason;
ALTER TABLE race_progress DROP COLUMN deadline_explicit;
ALTER TABLE race_progress DROP COLUMN protest_deadline;
ALTER TABLE race_progress DROP COLUMN posted_at;
ALTER TABLE race_progress DROP COLUMN revised_at;
DROP TABLE result_revisions;
