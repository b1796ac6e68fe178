-- Up Migration
-- A protest, request for redress or inquiry withdrawn with the protest committee's approval (rule 63.1):
-- the case is closed without a decision and no longer holds its races provisional.
ALTER TABLE protests
  ADD COLUMN withdrawn_at timestamptz,
  ADD COLUMN withdrawal_reason text,
  ADD COLUMN withdrawn_by_user_id text,
  ADD COLUMN withdrawn_by_key_id text;
DROP INDEX protests_open_races_idx;
CREATE INDEX protests_open_races_idx ON protests USING gin (race_ids) WHERE status IN ('lodged', 'scheduled');

-- Down Migration
DROP INDEX protests_open_races_idx;
CREATE INDEX protests_open_races_idx ON protests USING gin (race_ids) WHERE status <> 'decided';
ALTER TABLE protests DROP COLUMN withdrawn_at, DROP COLUMN withdrawal_reason, DROP COLUMN withdrawn_by_user_id, DROP COLUMN withdrawn_by_key_id;
