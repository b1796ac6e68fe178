-- Up Migration
-- The place a result was entered with, where a race is scored on places rather than times (a
-- one-design race imported from Sailwave: its rrecpos). Equal places are a tie. Null for results
-- entered as times or as a listed order (the desk's place-only sheets rank on seq).
ALTER TABLE race_results ADD COLUMN recorded_place integer CHECK (recorded_place IS NULL OR recorded_place >= 1);

-- Down Migration
ALTER TABLE race_results DROP COLUMN recorded_place;
