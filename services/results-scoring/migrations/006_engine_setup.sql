-- Up Migration
-- The engine's set-up options through the API (issue 15 §1).
-- Fleet options projected from fleet.created/updated (NULL = not used): the N of "finishers + N",
-- proportional discards, the redress defaults.
ALTER TABLE fleets ADD COLUMN finishers_plus jsonb;
ALTER TABLE fleets ADD COLUMN proportional_discards jsonb;
ALTER TABLE fleets ADD COLUMN redress jsonb;

-- An entry's ratings in force from a race on ([{ key, value, fromRace }]), from registration snapshots.
ALTER TABLE registrations ADD COLUMN rating_changes jsonb NOT NULL DEFAULT '[]';

-- The rating applied in the race (handicap fleets), shown with each result.
ALTER TABLE race_results ADD COLUMN rating double precision;

-- The overall (combined) result of an event across its fleets, defined by the race committee.
CREATE TABLE overall_definitions (
  event_id text PRIMARY KEY,
  definition jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE overall_definitions;
ALTER TABLE race_results DROP COLUMN rating;
ALTER TABLE registrations DROP COLUMN rating_changes;
ALTER TABLE fleets DROP COLUMN redress;
ALTER TABLE fleets DROP COLUMN proportional_discards;
ALTER TABLE fleets DROP COLUMN finishers_plus;
