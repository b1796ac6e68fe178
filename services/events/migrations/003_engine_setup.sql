-- Up Migration
-- The engine's set-up options through the API (issue 15 §1): the N of the "finishers + N" penalty
-- basis, proportional discards and the redress defaults of a fleet (NULL = not used), and the rating
-- changes of an entry (a new certificate in force from a race on).
ALTER TABLE fleets ADD COLUMN finishers_plus jsonb;
-- The shared vocabulary grew (SCORING_SYSTEMS, PENALTY_BASES of @regatta/contracts).
ALTER TABLE fleets DROP CONSTRAINT fleets_scoring_system_check;
ALTER TABLE fleets ADD CONSTRAINT fleets_scoring_system_check
  CHECK (scoring_system IN ('low_point', 'high_point', 'high_point_percentage', 'pursuit'));
ALTER TABLE fleets DROP CONSTRAINT fleets_penalty_basis_check;
ALTER TABLE fleets ADD CONSTRAINT fleets_penalty_basis_check
  CHECK (penalty_basis IN ('series_entries', 'starting_area', 'starting_area_incl_dnc', 'finishers_plus'));
ALTER TABLE fleets ADD COLUMN proportional_discards jsonb;
ALTER TABLE fleets ADD COLUMN redress jsonb;

-- [{ "system": "irc", "key": "irc", "value": 1.012, "fromRace": 3, "recordedAt": "..." }], by fromRace.
ALTER TABLE registrations ADD COLUMN rating_changes jsonb NOT NULL DEFAULT '[]';

-- Down Migration
ALTER TABLE registrations DROP COLUMN rating_changes;
ALTER TABLE fleets DROP COLUMN redress;
ALTER TABLE fleets DROP COLUMN proportional_discards;
ALTER TABLE fleets DROP COLUMN finishers_plus;
ALTER TABLE fleets DROP CONSTRAINT fleets_penalty_basis_check;
ALTER TABLE fleets ADD CONSTRAINT fleets_penalty_basis_check CHECK (penalty_basis IN ('series_entries', 'starting_area'));
ALTER TABLE fleets DROP CONSTRAINT fleets_scoring_system_check;
ALTER TABLE fleets ADD CONSTRAINT fleets_scoring_system_check CHECK (scoring_system IN ('low_point', 'high_point', 'pursuit'));
