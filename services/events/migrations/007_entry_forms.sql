-- Up Migration
-- The organizer's entry form per regatta: questions (text, choice, yes/no; required or not) and
-- waivers (versioned text: a change of title or text is a new version, which entries accepted
-- before must accept again). An entry keeps its answers (by question id), its waiver acceptances
-- (who, when, which version, a guardian's name and acceptance for a minor), its crew as persons
-- (name, role, World Sailing Sailor ID, date of birth), the sailor's date of birth and the
-- certificates of its ratings (number and expiry by rating key). Existing entries start empty.
CREATE TABLE entry_questions (
  id          uuid PRIMARY KEY,
  event_id    uuid        NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  position    integer     NOT NULL,
  kind        text        NOT NULL CHECK (kind IN ('text', 'choice', 'yes_no')),
  label       text        NOT NULL,
  choices     text[]      NOT NULL DEFAULT '{}',
  required    boolean     NOT NULL DEFAULT false,
  created_by  uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  uuid,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX entry_questions_event ON entry_questions (event_id, position);

CREATE TABLE entry_waivers (
  id          uuid PRIMARY KEY,
  event_id    uuid        NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  position    integer     NOT NULL,
  title       text        NOT NULL,
  body        text        NOT NULL,
  version     integer     NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_by  uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  uuid,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX entry_waivers_event ON entry_waivers (event_id, position);

ALTER TABLE registrations
  ADD COLUMN answers            jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN waiver_acceptances jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN crew_members       jsonb,
  ADD COLUMN sailor_birth_date  text CHECK (sailor_birth_date ~ '^\d{4}-\d{2}-\d{2}$'),
  ADD COLUMN entry_certificates jsonb NOT NULL DEFAULT '{}'::jsonb;

-- Down Migration
ALTER TABLE registrations
  DROP COLUMN answers,
  DROP COLUMN waiver_acceptances,
  DROP COLUMN crew_members,
  DROP COLUMN sailor_birth_date,
  DROP COLUMN entry_certificates;
DROP TABLE entry_waivers;
DROP TABLE entry_questions;
