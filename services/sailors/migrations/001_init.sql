-- Up Migration
-- Every table here is a projection of Kafka facts (identity.v1, registrations.v1, events.v1,
-- results.v1): written only by this service's consumers, never by requests, never by calling others.

-- Sailors: users (user.registered) and anyone named as a sailor in registrations or results.
CREATE TABLE sailors (
  id             uuid        PRIMARY KEY,
  name           text,
  -- 'identity' when the name came from the user account (it then wins over names in registrations).
  name_source    text        NOT NULL DEFAULT 'registration',
  email          text,
  registered_at  timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- Boat registry, from the boats entered with registrations (and, until one arrives, from results).
CREATE TABLE boats (
  id                 uuid        PRIMARY KEY,
  name               text        NOT NULL,
  sail_number        text,
  model              text,
  ratings            jsonb       NOT NULL DEFAULT '{}'::jsonb,
  owner_id           uuid,
  -- updatedAt of the registration snapshot that last described the boat (null: only seen in results).
  source_updated_at  timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX boats_sail_number ON boats (upper(regexp_replace(sail_number, '[^A-Za-z0-9]', '', 'g')));
CREATE INDEX boats_name ON boats (lower(name), id);

CREATE TABLE registrations (
  id                 uuid        PRIMARY KEY,
  event_id           uuid        NOT NULL,
  fleet_id           uuid        NOT NULL,
  fleet_name         text,
  user_id            uuid        NOT NULL,
  boat_id            uuid,
  status             text        NOT NULL,
  registration_time  timestamptz,
  source_updated_at  timestamptz
);
CREATE INDEX registrations_user ON registrations (user_id);
CREATE INDEX registrations_boat ON registrations (boat_id);

-- Regattas (event.created / event.updated): the names, slugs and dates history entries show.
CREATE TABLE regattas (
  id                 uuid        PRIMARY KEY,
  slug               text        NOT NULL,
  name               text        NOT NULL,
  start_date         timestamptz,
  end_date           timestamptz,
  status             text        NOT NULL,
  source_updated_at  timestamptz
);

-- The complete current results of each race (results.updated replaces a race's rows).
CREATE TABLE race_results (
  race_id      uuid    NOT NULL,
  boat_id      uuid    NOT NULL,
  event_id     uuid    NOT NULL,
  fleet_id     uuid    NOT NULL,
  race_number  integer NOT NULL,
  race_status  text    NOT NULL,
  user_id      uuid,
  position     integer,
  points       double precision NOT NULL,
  status       text    NOT NULL,
  PRIMARY KEY (race_id, boat_id)
);
CREATE INDEX race_results_boat ON race_results (event_id, fleet_id, boat_id);

-- The complete current standings of each fleet (standings.updated replaces a fleet's rows).
CREATE TABLE standings (
  event_id         uuid    NOT NULL,
  fleet_id         uuid    NOT NULL,
  boat_id          uuid    NOT NULL,
  fleet_name       text,
  user_id          uuid,
  sailor_name      text,
  boat_name        text    NOT NULL,
  sail_number      text,
  position         integer NOT NULL,
  total_points     double precision NOT NULL,
  net_points       double precision NOT NULL,
  races_completed  integer NOT NULL,
  boats_in_fleet   integer NOT NULL,
  PRIMARY KEY (event_id, fleet_id, boat_id)
);
CREATE INDEX standings_user ON standings (user_id);

-- Down Migration
DROP TABLE standings;
DROP TABLE race_results;
DROP TABLE regattas;
DROP TABLE registrations;
DROP TABLE boats;
DROP TABLE sailors;
