-- Up Migration
-- A message the broker refuses for good (larger than the topic's max.message.bytes, an invalid record)
-- is set aside instead of being retried for ever, so the service's later facts still flow
-- (packages/messaging/src/outbox.ts, docs/messages.md "Messages the broker refuses"). The row stays
-- with its bytes; clearing dead_lettered_at puts it back in the queue.
ALTER TABLE outbox ADD COLUMN dead_lettered_at timestamptz;
ALTER TABLE outbox ADD COLUMN dead_letter_error text;
DROP INDEX outbox_unpublished;
CREATE INDEX outbox_unpublished ON outbox (position) WHERE published_at IS NULL AND dead_lettered_at IS NULL;
CREATE INDEX outbox_dead_lettered ON outbox (position) WHERE dead_lettered_at IS NOT NULL;

-- Down Migration
DROP INDEX outbox_dead_lettered;
DROP INDEX outbox_unpublished;
CREATE INDEX outbox_unpublished ON outbox (position) WHERE published_at IS NULL;
ALTER TABLE outbox DROP COLUMN dead_letter_error;
ALTER TABLE outbox DROP COLUMN dead_lettered_at;
