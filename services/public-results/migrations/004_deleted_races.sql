-- Up Migration
-- Races the events service deleted (race.deleted). A results or progress fact for one of them that
-- arrives later (results.v1 and events.v1 are separate topics) must not re-create it on the public pages.
CREATE TABLE deleted_races (
  race_id     uuid        PRIMARY KEY,
  event_id    uuid        NOT NULL,
  deleted_at  timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE deleted_races;
