-- Up Migration
-- The boat of an entry as entered in this regatta (name, sail number, model): a snapshot taken when
-- the entry is made and corrected by the regatta's organizers (PATCH of the registration's `boat`).
-- The boats table stays the sailor's boat, reused for her next entries; a correction here, or the
-- same boat entered elsewhere under another name, never renames the boat in another regatta.
-- NULL (entries made before this migration are filled below) reads as the boat's own value.
ALTER TABLE registrations ADD COLUMN entry_boat_name text;
ALTER TABLE registrations ADD COLUMN entry_sail_number text;
ALTER TABLE registrations ADD COLUMN entry_boat_model text;
-- Who corrected the boat as entered, and when (null: as the sailor entered it).
ALTER TABLE registrations ADD COLUMN entry_boat_corrected_by uuid;
ALTER TABLE registrations ADD COLUMN entry_boat_corrected_at timestamptz;

UPDATE registrations r SET entry_boat_name = b.name, entry_sail_number = b.sail_number, entry_boat_model = b.model
  FROM boats b WHERE b.id = r.boat_id;

-- Down Migration
ALTER TABLE registrations DROP COLUMN entry_boat_corrected_at;
ALTER TABLE registrations DROP COLUMN entry_boat_corrected_by;
ALTER TABLE registrations DROP COLUMN entry_boat_model;
ALTER TABLE registrations DROP COLUMN entry_sail_number;
ALTER TABLE registrations DROP COLUMN entry_boat_name;
