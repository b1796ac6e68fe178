-- Up Migration
-- National rankings (issue 15 §3; docs/rankings.md). Ranking lists, event factors, sailor records
-- and published editions are the sailors service's own aggregates (written by requests); the
-- organizations, fleets and the regattas' organization are projections of facts.

-- events.v1: which organization runs each regatta (rankings combine one organization's regattas).
-- Rows projected before this column existed stay NULL until their next event.updated.
ALTER TABLE regattas ADD COLUMN organization_id uuid;
CREATE INDEX regattas_organization ON regattas (organization_id);
CREATE INDEX regattas_slug ON regattas (slug);

-- events.v1 fleet.created / fleet.updated: the class a fleet sails (the ranking class filter).
CREATE TABLE fleets (
  id          uuid        PRIMARY KEY,
  event_id    uuid        NOT NULL,
  name        text        NOT NULL,
  class_id    text
);
CREATE INDEX fleets_event ON fleets (event_id);

-- organizations.v1: slug → id for the routes, and the creator (an admin until identity says otherwise).
CREATE TABLE organizations (
  id               uuid        PRIMARY KEY,
  slug             text        NOT NULL,
  name             text        NOT NULL,
  created_by       uuid,
  creator_revoked  boolean     NOT NULL DEFAULT false,
  updated_at       timestamptz NOT NULL
);
CREATE UNIQUE INDEX organizations_slug ON organizations (slug);

CREATE TABLE ranking_lists (
  id               uuid        PRIMARY KEY,
  organization_id  uuid        NOT NULL,
  name             text        NOT NULL,
  -- {kind, n, placePoints, windowMonths} (domain/rankings/formula.ts)
  formula          jsonb       NOT NULL,
  -- {class, ageGroup, nationality, gender} (domain/rankings/filters.ts)
  filters          jsonb       NOT NULL DEFAULT '{}'::jsonb,
  default_factor   double precision NOT NULL DEFAULT 1,
  -- 'public': anyone with the read scope; 'members': the organization's members only.
  visibility       text        NOT NULL DEFAULT 'public',
  created_by       uuid,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ranking_lists_organization ON ranking_lists (organization_id, created_at, id);

CREATE TABLE ranking_event_factors (
  list_id    uuid             NOT NULL REFERENCES ranking_lists (id) ON DELETE CASCADE,
  event_id   uuid             NOT NULL,
  factor     double precision NOT NULL,
  updated_at timestamptz      NOT NULL DEFAULT now(),
  PRIMARY KEY (list_id, event_id)
);

-- What an organization recorded of a sailor for its rankings' filters (nothing else records them).
CREATE TABLE sailor_records (
  organization_id  uuid        NOT NULL,
  sailor_id        uuid        NOT NULL,
  nationality      text,
  gender           text,
  birth_year       integer,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, sailor_id)
);

-- Published editions: the frozen computation, and the source of each sailor's rank history.
CREATE TABLE ranking_editions (
  id            uuid        PRIMARY KEY,
  list_id       uuid        NOT NULL REFERENCES ranking_lists (id) ON DELETE CASCADE,
  edition       integer     NOT NULL,
  as_of         timestamptz NOT NULL,
  published_at  timestamptz NOT NULL DEFAULT now(),
  published_by  uuid,
  UNIQUE (list_id, edition)
);

CREATE TABLE ranking_edition_entries (
  edition_id       uuid             NOT NULL REFERENCES ranking_editions (id) ON DELETE CASCADE,
  sailor_id        uuid             NOT NULL,
  sailor_name      text,
  rank             integer          NOT NULL,
  points           double precision NOT NULL,
  counted_results  integer          NOT NULL,
  PRIMARY KEY (edition_id, sailor_id)
);
CREATE INDEX ranking_edition_entries_sailor ON ranking_edition_entries (sailor_id);

-- Down Migration
DROP TABLE ranking_edition_entries;
DROP TABLE ranking_editions;
DROP TABLE sailor_records;
DROP TABLE ranking_event_factors;
DROP TABLE ranking_lists;
DROP TABLE organizations;
DROP TABLE fleets;
DROP INDEX regattas_slug;
DROP INDEX regattas_organization;
ALTER TABLE regattas DROP COLUMN organization_id;
