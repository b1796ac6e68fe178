-- Up Migration
-- The boat of an entry (registrations.v1 boat.id): finish.recorded names boats as results-scoring does.
ALTER TABLE capture_entries ADD COLUMN boat_id text;
