-- Up Migration
-- A regatta's venue time zone: an IANA name (e.g. America/New_York) the service checked with Intl,
-- NULL when not set. Dates stay instants (timestamptz); the zone says how to show them.
ALTER TABLE events ADD COLUMN time_zone text CHECK (time_zone IS NULL OR char_length(time_zone) BETWEEN 1 AND 64);

-- Down Migration
ALTER TABLE events DROP COLUMN time_zone;
