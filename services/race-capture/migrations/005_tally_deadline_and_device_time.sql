-- Up Migration
-- The safety tally's days close themselves at their sign-in deadline, once: a day closed
-- automatically is marked, and at most one automatic closing of a regatta day exists (two replicas
-- running the closing loop cannot both close it; a hand closing before it makes it unnecessary).
ALTER TABLE tally_closings ADD COLUMN automatic boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX tally_closings_automatic ON tally_closings (event_id, day) WHERE automatic;

-- A movement kept offline keeps the time it was tapped (`at`, the device's clock within bounds);
-- the server's receipt time is kept beside it. Movements kept before this carry the same time twice.
ALTER TABLE tally_movements ADD COLUMN received_at timestamptz;
UPDATE tally_movements SET received_at = at;
ALTER TABLE tally_movements ALTER COLUMN received_at SET NOT NULL;
ALTER TABLE tally_movements ALTER COLUMN received_at SET DEFAULT clock_timestamp();
