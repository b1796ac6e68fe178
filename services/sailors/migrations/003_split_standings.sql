-- Up Migration
-- results.v1 split.standings.updated: the overall standings of a regatta's split series (qualifying →
-- final → medal fleets). Rankings count a split regatta by these instead of its fleets' standings
-- (docs/rankings.md); a projection like the others, replaced whole by each fact.

CREATE TABLE split_series (
  event_id              uuid        PRIMARY KEY,
  qualifying_fleet_ids  uuid[]      NOT NULL,
  final_fleet_ids       uuid[]      NOT NULL,
  medal_fleet_id        uuid,
  -- The last split made: 'qualifying' (not split yet), 'final' or 'medal'.
  stage                 text        NOT NULL,
  boats_in_split        integer     NOT NULL,
  -- occurred_at of the fact that wrote it (an older snapshot never replaces a newer one).
  source_occurred_at    timestamptz NOT NULL
);

CREATE TABLE split_standings (
  event_id             uuid    NOT NULL REFERENCES split_series (event_id) ON DELETE CASCADE,
  boat_id              uuid    NOT NULL,
  user_id              uuid,
  sailor_name          text,
  rank                 integer NOT NULL,
  qualifying_fleet_id  uuid,
  final_fleet_id       uuid,
  medal                boolean,
  net_points           double precision NOT NULL,
  PRIMARY KEY (event_id, boat_id)
);

-- Down Migration
DROP TABLE split_standings;
DROP TABLE split_series;
