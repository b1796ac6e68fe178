-- Up Migration
-- Race capture: signals and finish records made on the water (owned here; facts on capture.v1),
-- committee devices enrolled for one regatta, and read-only projections of the regatta's events,
-- races and entries (events.v1, registrations.v1) the records are checked against.

CREATE TABLE capture_events (
  id                 uuid        PRIMARY KEY,
  organization_id    uuid        NOT NULL,
  slug               text        NOT NULL,
  name               text        NOT NULL,
  time_zone          text,
  start_date         timestamptz NOT NULL,
  end_date           timestamptz NOT NULL,
  status             text        NOT NULL,
  source_updated_at  timestamptz
);
CREATE UNIQUE INDEX capture_events_slug ON capture_events (slug);

CREATE TABLE capture_fleets (
  id        uuid PRIMARY KEY,
  event_id  uuid NOT NULL,
  name      text NOT NULL
);
CREATE INDEX capture_fleets_event ON capture_fleets (event_id);

CREATE TABLE capture_races (
  id               uuid        PRIMARY KEY,
  event_id         uuid        NOT NULL,
  fleet_id         uuid        NOT NULL,
  name             text        NOT NULL,
  race_number      integer     NOT NULL,
  scheduled_start  timestamptz,
  status           text        NOT NULL
);
CREATE INDEX capture_races_event ON capture_races (event_id);

CREATE TABLE capture_entries (
  registration_id    uuid        PRIMARY KEY,
  event_id           uuid        NOT NULL,
  fleet_id           uuid        NOT NULL,
  sail_number        text,
  sail_key           text,
  boat_name          text,
  status             text        NOT NULL,
  source_updated_at  timestamptz
);
CREATE INDEX capture_entries_fleet ON capture_entries (fleet_id, sail_key);

-- Signals of a start (one or more races starting together). Never changed once written.
CREATE TABLE race_signals (
  id               uuid        PRIMARY KEY,
  event_id         uuid        NOT NULL,
  start_id         uuid        NOT NULL,
  race_ids         uuid[]      NOT NULL,
  kind             text        NOT NULL CHECK (kind IN ('warning', 'preparatory', 'start', 'individual_recall', 'general_recall', 'postponement', 'abandonment', 'shortened_course')),
  at               timestamptz NOT NULL,
  device_at        timestamptz,
  clock_offset_ms  integer,
  sail_numbers     text[]      NOT NULL DEFAULT '{}',
  note             text,
  recorder_kind    text        NOT NULL,
  recorder_id      text        NOT NULL,
  recorder_label   text        NOT NULL,
  body_hash        text        NOT NULL,
  received_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  seq              bigserial
);
CREATE INDEX race_signals_races ON race_signals USING gin (race_ids);
CREATE INDEX race_signals_event ON race_signals (event_id, seq);

-- Finish records: a finish (boat or unidentified), a code seen on the water, or a deletion. A
-- correction is a new record naming the one it `replaces`; superseded_by marks the replaced one.
CREATE TABLE finish_records (
  id               uuid        PRIMARY KEY,
  event_id         uuid        NOT NULL,
  race_id          uuid        NOT NULL,
  kind             text        NOT NULL CHECK (kind IN ('finish', 'code', 'deletion')),
  registration_id  uuid,
  sail_number      text,
  code             text        CHECK (code IN ('OCS', 'UFD', 'BFD', 'DNS', 'DNF', 'RET')),
  at               timestamptz,
  device_at        timestamptz,
  clock_offset_ms  integer,
  replaces         uuid        REFERENCES finish_records (id),
  superseded_by    uuid,
  note             text,
  recorder_kind    text        NOT NULL,
  recorder_id      text        NOT NULL,
  recorder_label   text        NOT NULL,
  body_hash        text        NOT NULL,
  received_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  seq              bigserial
);
CREATE INDEX finish_records_race ON finish_records (race_id, seq);
CREATE UNIQUE INDEX finish_records_replaces ON finish_records (replaces) WHERE replaces IS NOT NULL;

-- Committee devices: an enrolment code (one-time, short-lived; only its hash is kept) becomes a
-- device token (only its hash is kept) good for one regatta between valid_from and valid_until.
CREATE TABLE capture_devices (
  id                uuid        PRIMARY KEY,
  event_id          uuid        NOT NULL,
  label             text,
  enrolled_by       text        NOT NULL,
  enrolled_at       timestamptz NOT NULL DEFAULT now(),
  code_hash         text        NOT NULL UNIQUE,
  code_expires_at   timestamptz NOT NULL,
  token_hash        text        UNIQUE,
  redeemed_at       timestamptz,
  valid_from        timestamptz NOT NULL,
  valid_until       timestamptz NOT NULL,
  revoked_at        timestamptz
);
CREATE INDEX capture_devices_event ON capture_devices (event_id, enrolled_at DESC);
