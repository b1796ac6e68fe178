-- Up Migration
-- A version of each stored read view, computed by PostgreSQL when the view is written (rendered when
-- results change) and never on a read: GET results and standings tag their answers from these
-- (with the event reference and the fleets' status around them) and answer If-None-Match without
-- reading or hashing the views' text. MD5 (hex) of the exact stored text: a version, not a secret
-- (generated columns need an immutable expression, which md5 of text is).
ALTER TABLE race_views ADD COLUMN etag text GENERATED ALWAYS AS (md5(body)) STORED;
ALTER TABLE fleet_views ADD COLUMN etag text GENERATED ALWAYS AS (md5(summary || E'\n' || standings || E'\n' || standings_without_drops)) STORED;

-- Down Migration
ALTER TABLE fleet_views DROP COLUMN etag;
ALTER TABLE race_views DROP COLUMN etag;
