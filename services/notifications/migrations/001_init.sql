-- Up Migration
-- Projections (fed by facts; user ids only, never an e-mail address).
CREATE TABLE regattas (
  id uuid PRIMARY KEY,
  organization_id uuid,
  slug text NOT NULL,
  name text NOT NULL,
  time_zone text,
  status text NOT NULL,
  source_updated_at timestamptz
);

CREATE TABLE fleets (
  id uuid PRIMARY KEY,
  event_id uuid NOT NULL,
  name text NOT NULL
);

-- Entries (registrations): who sails which boat in which fleet of a regatta.
CREATE TABLE entries (
  registration_id uuid PRIMARY KEY,
  event_id uuid NOT NULL,
  fleet_id uuid NOT NULL,
  user_id uuid NOT NULL,
  boat_id text,
  boat_name text NOT NULL,
  sail_number text,
  status text NOT NULL,
  source_updated_at timestamptz
);
CREATE INDEX entries_event_idx ON entries (event_id, status);
CREATE INDEX entries_boat_idx ON entries (event_id, boat_id);

-- Members of organizing clubs (membership.granted / revoked).
CREATE TABLE members (
  organization_id uuid NOT NULL,
  user_id uuid NOT NULL,
  role text NOT NULL,
  PRIMARY KEY (organization_id, user_id)
);

-- The parties (boats) of each protest case, for the decision's message.
CREATE TABLE cases (
  protest_id uuid PRIMARY KEY,
  event_id uuid NOT NULL,
  party_boat_ids text[] NOT NULL
);

-- A person's own settings: the language messages are written in.
CREATE TABLE recipients (
  user_id uuid PRIMARY KEY,
  locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'de')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Per kind, for every regatta (event_key '') or one regatta (its id): switched off when enabled = false.
CREATE TABLE preferences (
  user_id uuid NOT NULL,
  kind text NOT NULL,
  event_key text NOT NULL DEFAULT '',
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, event_key)
);

-- The outbox of messages: decided in the transaction that records the fact in the inbox, one row per
-- (fact, recipient, kind), sent by the worker, which marks each.
CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fact_id uuid NOT NULL,
  user_id uuid NOT NULL,
  kind text NOT NULL,
  event_id uuid,
  params jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  locale text,
  subject text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  failed_at timestamptz,
  UNIQUE (fact_id, user_id, kind)
);
CREATE INDEX messages_due_idx ON messages (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX messages_user_idx ON messages (user_id, created_at DESC);

-- Down Migration
DROP TABLE messages;
DROP TABLE preferences;
DROP TABLE recipients;
DROP TABLE cases;
DROP TABLE members;
DROP TABLE entries;
DROP TABLE fleets;
DROP TABLE regattas;
