-- Up Migration
-- The safety tally (modules/tally): each boat signs out before launching and in after coming ashore,
-- per regatta day, with the persons on board. Kept here, private to the organizer's members and the
-- boat's entrant; a closed day's misses travel on capture.v1 (tally.day.closed) to results-scoring.

-- Who entered the boat and whom to call (registrations.v1): the entrant signs her boat out and in.
ALTER TABLE capture_entries ADD COLUMN user_id text;
ALTER TABLE capture_entries ADD COLUMN sailor_name text;
ALTER TABLE capture_entries ADD COLUMN crew text[] NOT NULL DEFAULT '{}';
ALTER TABLE capture_entries ADD COLUMN emergency_contact text;

-- The organizer's rules of the tally: the daily sign-in deadline (wall clock of the regatta's time
-- zone) and what a missed sign-out or sign-in costs.
CREATE TABLE tally_settings (
  event_id          uuid        PRIMARY KEY,
  sign_in_deadline  text        CHECK (sign_in_deadline ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  missed_sign_out   text        NOT NULL DEFAULT 'none' CHECK (missed_sign_out IN ('none', 'points', 'dnc')),
  missed_sign_in    text        NOT NULL DEFAULT 'none' CHECK (missed_sign_in IN ('none', 'points')),
  penalty_points    numeric(5,1) NOT NULL DEFAULT 2,
  updated_by        text        NOT NULL,
  updated_at        timestamptz NOT NULL DEFAULT now()
);

-- Sign-outs and sign-ins. The id is the client's (a retried tap is answered as the first one).
CREATE TABLE tally_movements (
  id                uuid        PRIMARY KEY,
  event_id          uuid        NOT NULL,
  day               date        NOT NULL,
  registration_id   uuid        NOT NULL,
  kind              text        NOT NULL CHECK (kind IN ('out', 'in')),
  persons_on_board  integer     NOT NULL CHECK (persons_on_board BETWEEN 1 AND 50),
  persons           text[]      NOT NULL DEFAULT '{}',
  recorder_kind     text        NOT NULL,
  recorder_id       text        NOT NULL,
  recorder_label    text        NOT NULL,
  body_hash         text        NOT NULL,
  at                timestamptz NOT NULL DEFAULT clock_timestamp(),
  seq               bigserial
);
CREATE INDEX tally_movements_day ON tally_movements (event_id, day, seq);

-- A day closed by the organizer: the misses found and the penalty in force then (each closing is kept).
CREATE TABLE tally_closings (
  id          uuid        PRIMARY KEY,
  event_id    uuid        NOT NULL,
  day         date        NOT NULL,
  misses      jsonb       NOT NULL,
  policy      jsonb       NOT NULL,
  closed_by   text        NOT NULL,
  closed_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tally_closings_day ON tally_closings (event_id, day, closed_at DESC);
