-- Up Migration

-- ---------------------------------------------------------------------------------------------
-- The protest room (RRS Part 5): protests, requests for redress and to reopen, scoring inquiries;
-- the hearings the protest committee schedules; the decisions it records. A decision's score
-- changes are result revisions (result_revisions.decision_id = decisions.id), written in the same
-- transaction as the decision.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE protests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id text NOT NULL,
  -- Per event, in lodging order (the number on the notice board).
  number integer NOT NULL,
  -- boat | race_committee | protest_committee | redress | reopen | scoring_inquiry
  type text NOT NULL,
  race_ids text[] NOT NULL,
  fleet_ids text[] NOT NULL,
  -- boat | race_committee | protest_committee
  protestor_party text NOT NULL,
  protestor_boat_id text,
  protestee_boat_ids text[] NOT NULL DEFAULT '{}',
  incident text NOT NULL,
  rules_alleged text[] NOT NULL DEFAULT '{}',
  -- Private: shown to the organization's members and the lodger only.
  contact jsonb,
  lodged_at timestamptz NOT NULL,
  -- The protest time limit that applied when it was lodged (null: none yet); late = lodged after it.
  deadline timestamptz,
  late boolean NOT NULL,
  -- lodged | scheduled | decided
  status text NOT NULL DEFAULT 'lodged',
  lodged_by_user_id text,
  lodged_by_key_id text,
  lodged_via text NOT NULL,
  UNIQUE (event_id, number)
);
CREATE INDEX protests_event_idx ON protests (event_id, number);
-- Open cases by race (official status asks whether one concerns a race).
CREATE INDEX protests_open_races_idx ON protests USING gin (race_ids) WHERE status <> 'decided';

CREATE TABLE hearings (
  protest_id uuid PRIMARY KEY REFERENCES protests (id),
  event_id text NOT NULL,
  starts_at timestamptz NOT NULL,
  room text NOT NULL,
  -- Boat ids of the parties (rule 63.2: notified of the time and place).
  party_boat_ids text[] NOT NULL DEFAULT '{}',
  scheduled_by_user_id text,
  scheduled_by_key_id text,
  scheduled_at timestamptz NOT NULL
);
CREATE INDEX hearings_event_idx ON hearings (event_id, starts_at);

CREATE TABLE decisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  protest_id uuid NOT NULL UNIQUE REFERENCES protests (id),
  event_id text NOT NULL,
  facts_found text NOT NULL,
  conclusions text NOT NULL,
  rules_applied text[] NOT NULL DEFAULT '{}',
  -- [{boatId, raceId, action, points?, percent?, method?, status?, code?, finishTime?}]; [] = no action.
  consequences jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The result revisions the decision made: [{raceId, revisionId, seq}].
  revisions jsonb NOT NULL DEFAULT '[]'::jsonb,
  decided_at timestamptz NOT NULL,
  decided_by_user_id text,
  decided_by_key_id text,
  decided_via text NOT NULL
);
CREATE INDEX decisions_event_idx ON decisions (event_id, decided_at);

-- Down Migration
DROP TABLE decisions;
DROP TABLE hearings;
DROP TABLE protests;
