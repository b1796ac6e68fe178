-- Up Migration
-- How a person receives a kind that may be gathered into a daily digest (organizer_entry): at once,
-- or once a day; NULL on a per-regatta row means "as chosen in general", and no row means at once.
ALTER TABLE preferences ADD COLUMN delivery text CHECK (delivery IN ('at_once', 'digest'));

-- Changes gathered for a person's daily digest of a regatta, collected in the transaction that
-- records the fact in the inbox. All of one (user, regatta, due_at) become one outbox message (fact
-- id derived from the regatta and the local day) in the transaction that deletes them.
CREATE TABLE digest_items (
  fact_id uuid NOT NULL,
  user_id uuid NOT NULL,
  event_id uuid NOT NULL,
  kind text NOT NULL,
  item jsonb NOT NULL,
  collected_at timestamptz NOT NULL,
  due_at timestamptz NOT NULL,
  -- The regatta's local day of due_at (the digest's name).
  digest_day date NOT NULL,
  PRIMARY KEY (fact_id, user_id, kind)
);
CREATE INDEX digest_items_due_idx ON digest_items (due_at, event_id);

-- The registration an entrant's message is about: a sailor entered by name and address without an
-- account is reached through it (the address is asked of events at send time, never stored here).
ALTER TABLE messages ADD COLUMN registration_id uuid;

-- Down Migration
ALTER TABLE messages DROP COLUMN registration_id;
DROP TABLE digest_items;
ALTER TABLE preferences DROP COLUMN delivery;
