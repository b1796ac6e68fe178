-- Up Migration
-- protest.withdrawn (rule 63.1): a case on the notice board closed without a decision.
ALTER TABLE protest_cases ADD COLUMN withdrawal jsonb;

-- Down Migration
ALTER TABLE protest_cases DROP COLUMN withdrawal;
