-- Up Migration
-- Issue 16: the entry details a Sailwave export writes back (compcrewname, compclass), projected from
-- registration snapshots: the crew names and the boat's model (class). Club and nationality have no
-- field on a registration; the export reads them from the import's row (imports.draft).
ALTER TABLE registrations ADD COLUMN crew text[] NOT NULL DEFAULT '{}';
ALTER TABLE registrations ADD COLUMN boat_model text;

-- Down Migration
ALTER TABLE registrations DROP COLUMN boat_model;
ALTER TABLE registrations DROP COLUMN crew;
