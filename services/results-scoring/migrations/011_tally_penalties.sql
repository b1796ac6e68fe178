-- Up Migration
-- The safety tally's penalties (race-capture's tally.day.closed): each boat's breach of a day is
-- penalized once, in the race(s) its rule names, through a revision via "tally". A day closed again
-- adds only the misses not yet penalized; taking a penalty back is a scorer's correction or redress.
CREATE TABLE tally_penalties (
  event_id     uuid        NOT NULL,
  day          date        NOT NULL,
  boat_id      text        NOT NULL,
  breach       text        NOT NULL CHECK (breach IN ('sign_out', 'sign_in')),
  penalty      text        NOT NULL CHECK (penalty IN ('points', 'dnc')),
  points       numeric(5,1),
  race_ids     uuid[]      NOT NULL,
  closing_id   uuid        NOT NULL,
  applied_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, day, boat_id, breach)
);
