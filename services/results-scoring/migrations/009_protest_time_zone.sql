-- Up Migration
-- The venue's IANA time zone: "the day's last race" of the protest time limit is a day at the venue
-- (null: UTC days, as before).
ALTER TABLE event_result_settings ADD COLUMN time_zone text;

-- Down Migration
ALTER TABLE event_result_settings DROP COLUMN time_zone;
