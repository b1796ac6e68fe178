-- Up Migration
-- A version of each stored series view, computed by PostgreSQL when the view is written and never on a
-- read (as migration 013 for race and fleet views): GET series standings tags its answer from it and
-- answers If-None-Match without reading the view's text. MD5 (hex) of the exact stored text sent.
ALTER TABLE series_views ADD COLUMN etag text GENERATED ALWAYS AS (md5(series || E'\n' || events || E'\n' || standings || E'\n' || standings_without_drops)) STORED;

-- Down Migration
ALTER TABLE series_views DROP COLUMN etag;
