-- Up Migration
-- The public read model: what anyone may see of a regatta, projected from the facts of
-- organizations.v1, events.v1, registrations.v1 and results.v1. Never written by requests.
-- Payload columns hold the public subset of each snapshot as JSON (camelCase), ready to render.

CREATE TABLE organizations (
  id          uuid        PRIMARY KEY,
  slug        text        NOT NULL UNIQUE,
  name        text        NOT NULL,
  data        jsonb       NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- One row per regatta. A row may exist before its event.created arrives (results and registrations
-- travel on other topics): such a stub has no slug and status 'unknown', and is never public.
-- `live_seq` numbers its live-feed messages (under this row's lock, so in commit order).
CREATE TABLE events (
  id               uuid        PRIMARY KEY,
  organization_id  uuid,
  slug             text        UNIQUE,
  name             text,
  status           text        NOT NULL DEFAULT 'unknown',
  start_date       timestamptz,
  end_date         timestamptz,
  data             jsonb,
  source_updated_at timestamptz,
  live_seq         bigint      NOT NULL DEFAULT 0
);
CREATE INDEX events_listing ON events (status, start_date);
CREATE INDEX events_organization ON events (organization_id, start_date);

CREATE TABLE fleets (
  id        uuid  PRIMARY KEY,
  event_id  uuid  NOT NULL,
  name      text  NOT NULL,
  data      jsonb NOT NULL
);
CREATE INDEX fleets_event ON fleets (event_id);

CREATE TABLE races (
  id            uuid   PRIMARY KEY,
  event_id      uuid   NOT NULL,
  fleet_id      uuid   NOT NULL,
  race_number   integer NOT NULL,
  data          jsonb  NOT NULL
);
CREATE INDEX races_event ON races (event_id, race_number);

CREATE TABLE documents (
  id        uuid  PRIMARY KEY,
  event_id  uuid  NOT NULL,
  data      jsonb NOT NULL
);
CREATE INDEX documents_event ON documents (event_id);

CREATE TABLE registrations (
  id          uuid        PRIMARY KEY,
  event_id    uuid        NOT NULL,
  fleet_id    uuid        NOT NULL,
  status      text        NOT NULL,
  data        jsonb       NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX registrations_event ON registrations (event_id, fleet_id);

-- The latest complete results of one race (results.updated), and whether they are official.
CREATE TABLE race_results (
  race_id     uuid        PRIMARY KEY,
  event_id    uuid        NOT NULL,
  fleet_id    uuid        NOT NULL,
  published   boolean     NOT NULL,
  data        jsonb       NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX race_results_event ON race_results (event_id);

-- The latest standings of one fleet (standings.updated).
CREATE TABLE standings (
  fleet_id    uuid        PRIMARY KEY,
  event_id    uuid        NOT NULL,
  data        jsonb       NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX standings_event ON standings (event_id);

CREATE TABLE series (
  id               uuid        PRIMARY KEY,
  organization_id  uuid        NOT NULL,
  slug             text        NOT NULL UNIQUE,
  data             jsonb       NOT NULL,
  standings        jsonb,
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- The live feed's bounded history per regatta: a client reconnecting with Last-Event-ID gets what it
-- missed from here; older messages are pruned (the client is then told to reload).
CREATE TABLE live_messages (
  event_id    uuid        NOT NULL,
  seq         bigint      NOT NULL,
  type        text        NOT NULL,
  data        jsonb       NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, seq)
);
