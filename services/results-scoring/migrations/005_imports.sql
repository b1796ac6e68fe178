-- Up Migration

-- ---------------------------------------------------------------------------------------------
-- Imports (issue 16): one row per imported file. The draft regatta it produced is created by the
-- events service from the regatta.imported fact; the results are stored here in the same transaction
-- as this row. `report` is the answer the import gave (parity per fleet, warnings).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE imports (
  id uuid PRIMARY KEY,
  organization_id text NOT NULL,
  event_id text NOT NULL,
  source text NOT NULL,
  file_name text NOT NULL,
  file_sha256 text NOT NULL,
  file_bytes integer NOT NULL,
  user_id text,
  key_id text,
  -- What the file held that the platform has no field for (club, nationality per registration), and
  -- the draft's summary.
  draft jsonb NOT NULL,
  warnings jsonb NOT NULL DEFAULT '[]'::jsonb,
  report jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX imports_organization_idx ON imports (organization_id, created_at);
CREATE UNIQUE INDEX imports_event_idx ON imports (event_id);

-- Projection of organizations.v1: the importer names the organization by slug.
CREATE TABLE organizations (
  id text PRIMARY KEY,
  slug text NOT NULL,
  name text NOT NULL,
  occurred_at timestamptz NOT NULL
);
CREATE INDEX organizations_slug_idx ON organizations (lower(slug));

-- Down Migration
DROP TABLE organizations;
DROP TABLE imports;
