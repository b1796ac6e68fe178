-- Up Migration
-- The messages of one registration (a sailor entered without an account sees them on the page
-- behind their unsubscribe link), newest first.
CREATE INDEX messages_registration_idx ON messages (registration_id, created_at DESC) WHERE registration_id IS NOT NULL;

-- Down Migration
DROP INDEX messages_registration_idx;
