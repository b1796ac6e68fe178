-- Up Migration

-- ---------------------------------------------------------------------------------------------
-- Read views: what GET results / standings / series standings answer, rendered (as JSON text, sent
-- as it is) whenever results or their inputs change, in the transaction of that change. A fleet or
-- series without a row yet (data from before this migration) is rendered on its first read.
-- ---------------------------------------------------------------------------------------------

-- One row per race: {"race": raceView, "results": [guideResult, ...]}.
CREATE TABLE race_views (
  race_id text PRIMARY KEY,
  event_id text NOT NULL,
  fleet_id text NOT NULL,
  -- Sort keys of the event-wide list (race number, then fleet name, then race id).
  race_number integer NOT NULL,
  fleet_name text NOT NULL,
  body text NOT NULL
);
CREATE INDEX race_views_event_idx ON race_views (event_id);
CREATE INDEX race_views_fleet_idx ON race_views (fleet_id);

-- One row per fleet: its summary ({id, name, scoringSystem, handicapSystem, racesCompleted,
-- provisional}) and its standing entries (JSON arrays of standingView, with and without drops).
CREATE TABLE fleet_views (
  fleet_id text PRIMARY KEY,
  event_id text NOT NULL,
  summary text NOT NULL,
  standings text NOT NULL,
  standings_without_drops text NOT NULL
);
CREATE INDEX fleet_views_event_idx ON fleet_views (event_id);

-- One row per series: its public view (the events not in draft, as series.standings.updated has it).
CREATE TABLE series_views (
  series_id text PRIMARY KEY,
  -- The events the view covers, in the order listed.
  event_ids text[] NOT NULL,
  -- What the view was computed from (each fleet's standings version and name, see seriesInputs): a
  -- read that finds other inputs (a change that raced the series' creation) renders the view again.
  inputs text NOT NULL,
  -- JSON: the series object and the events list ([eventRef]).
  series text NOT NULL,
  events text NOT NULL,
  -- JSON arrays of standings, with and without dropped cells.
  standings text NOT NULL,
  standings_without_drops text NOT NULL
);

-- Down Migration
DROP TABLE series_views;
DROP TABLE fleet_views;
DROP TABLE race_views;
