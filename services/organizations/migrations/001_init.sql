-- Up Migration
-- Organization profiles: owned by this service (facts organization.created/updated on organizations.v1).
CREATE TABLE organizations (
  id           uuid        PRIMARY KEY,
  slug         text        NOT NULL UNIQUE,
  name         text        NOT NULL,
  description  text,
  type         text        NOT NULL CHECK (type IN ('yacht-club', 'sailing-club', 'race-committee', 'association')),
  founded      integer,
  street       text,
  city         text,
  state        text,
  postal_code  text,
  country      text,
  email        text,
  phone        text,
  website      text,
  facebook     text,
  instagram    text,
  created_by   uuid        NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organizations_name ON organizations (lower(name), id);

-- Read-only projection of the events service's regattas (events.v1 event.created/updated), for the
-- counts and lists on organization pages. Never written by requests.
CREATE TABLE org_events (
  id                  uuid        PRIMARY KEY,
  organization_id     uuid        NOT NULL,
  organization_slug   text,
  organization_name   text,
  slug                text        NOT NULL,
  name                text        NOT NULL,
  description         text,
  venue               text,
  address             text,
  start_date          timestamptz NOT NULL,
  end_date            timestamptz NOT NULL,
  registration_open   timestamptz,
  registration_close  timestamptz,
  status              text        NOT NULL,
  entry_fee           text,
  currency            text        NOT NULL DEFAULT 'USD',
  max_participants    integer,
  settings            jsonb,
  source_updated_at   timestamptz,
  projected_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX org_events_organization ON org_events (organization_id, status, end_date);

-- Down Migration
DROP TABLE org_events;
DROP TABLE organizations;
