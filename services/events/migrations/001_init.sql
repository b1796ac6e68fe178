-- Up Migration
-- Events service: regattas, fleets (scoring and handicap set-up), races, documents, boats,
-- registrations and series it owns, plus read-only projections of organizations, users and results.

-- Projection of organizations.v1 (organization.created/updated): what events need to show and check.
CREATE TABLE organizations (
  id              uuid PRIMARY KEY,
  slug            text        NOT NULL,
  name            text        NOT NULL,
  created_by      uuid,
  -- The creator is the first admin; a membership.revoked for the creator clears that.
  creator_revoked boolean     NOT NULL DEFAULT false,
  updated_at      timestamptz NOT NULL
);
CREATE UNIQUE INDEX organizations_slug ON organizations (slug);

-- Projection of identity.v1 (user.registered): names and emails of sailors.
CREATE TABLE users (
  id          uuid PRIMARY KEY,
  email       text NOT NULL,
  name        text NOT NULL
);
CREATE INDEX users_email ON users (lower(email));

CREATE TABLE events (
  id                   uuid PRIMARY KEY,
  organization_id      uuid        NOT NULL,
  name                 text        NOT NULL,
  slug                 text        NOT NULL,
  description          text,
  venue                text,
  address              text,
  start_date           timestamptz NOT NULL,
  end_date             timestamptz NOT NULL,
  registration_open    timestamptz,
  registration_close   timestamptz,
  status               text        NOT NULL DEFAULT 'draft'
                       CHECK (status IN ('draft', 'published', 'ongoing', 'completed', 'cancelled')),
  entry_fee            numeric(12, 2),
  currency             text        NOT NULL DEFAULT 'USD',
  max_participants     integer     CHECK (max_participants >= 1),
  nor                  text,
  sailing_instructions text,
  settings             jsonb,
  created_by           uuid,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date >= start_date),
  CHECK (registration_close IS NULL OR registration_open IS NULL OR registration_close >= registration_open)
);
CREATE UNIQUE INDEX events_slug ON events (slug);
CREATE INDEX events_public_start ON events (start_date, id) WHERE status IN ('published', 'ongoing', 'completed');
CREATE INDEX events_organization ON events (organization_id, start_date);

CREATE TABLE fleets (
  id                 uuid PRIMARY KEY,
  event_id           uuid        NOT NULL REFERENCES events (id),
  name               text        NOT NULL,
  class_id           uuid,
  description        text,
  max_boats          integer     CHECK (max_boats >= 1),
  scoring_system     text        NOT NULL DEFAULT 'low_point' CHECK (scoring_system IN ('low_point', 'high_point', 'pursuit')),
  drop_races         integer     NOT NULL DEFAULT 0 CHECK (drop_races >= 0),
  handicap_system    text        NOT NULL DEFAULT 'one_design',
  handicap_params    jsonb       NOT NULL DEFAULT '{}'::jsonb,
  penalty_basis      text        NOT NULL DEFAULT 'series_entries' CHECK (penalty_basis IN ('series_entries', 'starting_area')),
  discard_thresholds integer[]   NOT NULL DEFAULT '{}',
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX fleets_event_name ON fleets (event_id, lower(name));

CREATE TABLE races (
  id                 uuid PRIMARY KEY,
  event_id           uuid        NOT NULL REFERENCES events (id),
  fleet_id           uuid        NOT NULL REFERENCES fleets (id),
  name               text        NOT NULL,
  race_number        integer     NOT NULL CHECK (race_number >= 1),
  scheduled_start    timestamptz,
  actual_start       timestamptz,
  status             text        NOT NULL DEFAULT 'scheduled'
                     CHECK (status IN ('scheduled', 'postponed', 'started', 'finished', 'abandoned')),
  course_description text,
  course_distance_nm double precision CHECK (course_distance_nm > 0),
  weight             double precision NOT NULL DEFAULT 1 CHECK (weight > 0),
  must_count         boolean     NOT NULL DEFAULT false,
  discard_first      boolean     NOT NULL DEFAULT false,
  wind_direction     integer,
  wind_speed         double precision,
  conditions         text,
  notes              text,
  -- occurred_at of the newest results.v1 fact applied (race progress is owned by results-scoring).
  progress_at        timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX races_fleet_number ON races (fleet_id, race_number);
CREATE INDEX races_event ON races (event_id, scheduled_start);

CREATE TABLE documents (
  id           uuid PRIMARY KEY,
  event_id     uuid        NOT NULL REFERENCES events (id),
  kind         text        NOT NULL,
  title        text        NOT NULL,
  url          text,
  body         text,
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_event ON documents (event_id, published_at);

-- Boats entered with registrations (the sailors service keeps the public boat register from facts).
CREATE TABLE boats (
  id            uuid PRIMARY KEY,
  owner_user_id uuid        NOT NULL,
  name          text        NOT NULL,
  sail_number   text,
  model         text,
  ratings       jsonb       NOT NULL DEFAULT '{}'::jsonb,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX boats_owner ON boats (owner_user_id);

CREATE TABLE registrations (
  id                   uuid PRIMARY KEY,
  event_id             uuid        NOT NULL REFERENCES events (id),
  fleet_id             uuid        NOT NULL REFERENCES fleets (id),
  user_id              uuid        NOT NULL,
  sailor_name          text,
  sailor_email         text,
  boat_id              uuid        NOT NULL REFERENCES boats (id),
  -- Normalized sail number, to refuse the same sail twice in one regatta.
  sail_key             text,
  status               text        NOT NULL CHECK (status IN ('registered', 'waitlisted', 'cancelled', 'no_show')),
  payment_status       text        NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending', 'paid', 'refunded')),
  crew                 text[]      NOT NULL DEFAULT '{}',
  emergency_contact    text,
  special_requirements text,
  submitted_by         uuid,
  registration_time    timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- Strictly increasing: the waitlist order (earliest first) even for equal timestamps.
  sequence             bigserial,
  updated_at           timestamptz NOT NULL DEFAULT now()
);
-- Backstops for the checks made under the event lock: one active entry per sailor and per boat.
CREATE UNIQUE INDEX registrations_active_sailor ON registrations (event_id, user_id) WHERE status IN ('registered', 'waitlisted');
CREATE UNIQUE INDEX registrations_active_boat ON registrations (event_id, boat_id) WHERE status IN ('registered', 'waitlisted');
CREATE UNIQUE INDEX registrations_active_sail ON registrations (event_id, sail_key) WHERE status IN ('registered', 'waitlisted') AND sail_key IS NOT NULL;
CREATE INDEX registrations_event_status ON registrations (event_id, status, sequence);

CREATE TABLE series (
  id              uuid PRIMARY KEY,
  organization_id uuid        NOT NULL,
  slug            text        NOT NULL,
  name            text        NOT NULL,
  description     text,
  year            integer     NOT NULL,
  scoring_rule    text        NOT NULL,
  best_of         integer,
  created_by      uuid,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX series_slug ON series (slug);
CREATE INDEX series_year ON series (year, created_at);

CREATE TABLE series_events (
  series_id uuid    NOT NULL REFERENCES series (id),
  event_id  uuid    NOT NULL REFERENCES events (id),
  position  integer NOT NULL,
  PRIMARY KEY (series_id, event_id)
);

-- Projection of results.v1 results.updated: the complete current results of one race.
CREATE TABLE race_results (
  race_id     uuid PRIMARY KEY,
  event_id    uuid        NOT NULL,
  fleet_id    uuid        NOT NULL,
  race_number integer     NOT NULL,
  race_name   text        NOT NULL,
  published   boolean     NOT NULL DEFAULT false,
  results     jsonb       NOT NULL,
  occurred_at timestamptz NOT NULL
);
CREATE INDEX race_results_event ON race_results (event_id);

-- Down Migration
DROP TABLE race_results;
DROP TABLE series_events;
DROP TABLE series;
DROP TABLE registrations;
DROP TABLE boats;
DROP TABLE documents;
DROP TABLE races;
DROP TABLE fleets;
DROP TABLE events;
DROP TABLE users;
DROP TABLE organizations;
