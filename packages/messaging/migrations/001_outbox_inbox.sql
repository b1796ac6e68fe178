-- Up Migration
-- Facts waiting to be published. Written in the same transaction as the state change they describe.
CREATE TABLE outbox (
  position      bigserial PRIMARY KEY,
  message_id    uuid        NOT NULL UNIQUE,
  topic         text        NOT NULL,
  message_key   text,
  payload       bytea       NOT NULL,
  headers       jsonb       NOT NULL DEFAULT '{}'::jsonb,
  created_at    timestamptz NOT NULL DEFAULT now(),
  published_at  timestamptz
);
CREATE INDEX outbox_unpublished ON outbox (position) WHERE published_at IS NULL;

-- Messages already applied by a consumer: written in the same transaction as the projection change,
-- so a redelivered message changes nothing.
CREATE TABLE inbox (
  consumer      text        NOT NULL,
  message_id    text        NOT NULL,
  topic         text        NOT NULL,
  kafka_partition integer   NOT NULL,
  kafka_offset  bigint      NOT NULL,
  processed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, message_id)
);

-- Messages a handler failed on repeatedly: kept (never dropped) for an operator to replay.
CREATE TABLE dead_letters (
  id            bigserial PRIMARY KEY,
  consumer      text        NOT NULL,
  message_id    text        NOT NULL,
  topic         text        NOT NULL,
  kafka_partition integer   NOT NULL,
  kafka_offset  bigint      NOT NULL,
  message_key   text,
  payload       bytea,
  headers       jsonb       NOT NULL DEFAULT '{}'::jsonb,
  error         text        NOT NULL,
  attempts      integer     NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE dead_letters;
DROP TABLE inbox;
DROP TABLE outbox;
