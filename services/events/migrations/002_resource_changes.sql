-- Up Migration
-- Complete resources (issue 15): versioned documents that can be withdrawn, and the who/why of a
-- cancelled regatta. Fleets, races, series and events without history are deleted outright.

-- The version in force of each document; every version (the first included) is kept in
-- document_versions, so an amended sailing instruction leaves the old text readable.
ALTER TABLE documents ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE documents ADD COLUMN updated_at timestamptz;
ALTER TABLE documents ADD COLUMN withdrawn_at timestamptz;
ALTER TABLE documents ADD COLUMN withdrawn_reason text;

CREATE TABLE document_versions (
  document_id  uuid        NOT NULL REFERENCES documents (id),
  version      integer     NOT NULL CHECK (version >= 1),
  kind         text        NOT NULL,
  title        text        NOT NULL,
  url          text,
  body         text,
  note         text,
  published_at timestamptz NOT NULL,
  published_by uuid,
  PRIMARY KEY (document_id, version)
);

-- Documents published before this migration: their one version.
INSERT INTO document_versions (document_id, version, kind, title, url, body, published_at)
  SELECT id, 1, kind, title, url, body, published_at FROM documents;

ALTER TABLE events ADD COLUMN cancelled_reason text;

-- Down Migration
ALTER TABLE events DROP COLUMN cancelled_reason;
DROP TABLE document_versions;
ALTER TABLE documents DROP COLUMN withdrawn_reason;
ALTER TABLE documents DROP COLUMN withdrawn_at;
ALTER TABLE documents DROP COLUMN updated_at;
ALTER TABLE documents DROP COLUMN version;
