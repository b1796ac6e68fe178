-- Up Migration
-- Who last changed a ranking list's settings (name, formula, filters, default factor, visibility):
-- a change is attributed, as the list's creation is (created_by).
ALTER TABLE ranking_lists ADD COLUMN updated_by uuid;

-- Down Migration
ALTER TABLE ranking_lists DROP COLUMN updated_by;
