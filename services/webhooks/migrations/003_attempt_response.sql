-- Up Migration
-- What the receiver answered to each attempt (domain/response-excerpt.ts): the first 2048 bytes of
-- its body as text (null when binary), whether more was sent, and its content type. Attempts made
-- before this migration, and attempts without an answer (timeout, connection error, egress guard),
-- have response_truncated NULL.
ALTER TABLE delivery_attempts
  ADD COLUMN response_body text,
  ADD COLUMN response_truncated boolean,
  ADD COLUMN response_binary boolean,
  ADD COLUMN response_content_type text;

-- Down Migration
ALTER TABLE delivery_attempts
  DROP COLUMN response_content_type,
  DROP COLUMN response_binary,
  DROP COLUMN response_truncated,
  DROP COLUMN response_body;
