-- Up Migration
-- Subscriptions. A webhook belongs to one organization; DELETE removes it with its tasks and attempts.
CREATE TABLE webhooks (
  id                uuid        PRIMARY KEY,
  organization_id   uuid        NOT NULL,
  url               text        NOT NULL,
  events            text[]      NOT NULL,
  active            boolean     NOT NULL DEFAULT true,
  -- AES-256-GCM sealed signing secret (see src/domain/secret-box.ts).
  secret_sealed     text        NOT NULL,
  failure_count     integer     NOT NULL DEFAULT 0,
  last_triggered_at timestamptz,
  -- Why it became inactive: 'paused' (PATCH) or 'failures' (auto-disable); null while active.
  disabled_reason   text,
  created_by        uuid,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_organization ON webhooks (organization_id, created_at);

-- Regatta -> organization, from events.v1, for facts that do not carry organization_id.
CREATE TABLE event_organizations (
  event_id        uuid        PRIMARY KEY,
  organization_id uuid        NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- One row per public event (and per ping). body is the exact JSON sent on every attempt; id is the
-- envelope id (= the fact id), so every retry and redelivery carries the same id.
CREATE TABLE messages (
  id              text        PRIMARY KEY,
  event_type      text        NOT NULL,
  organization_id uuid,
  event_id        uuid,
  body            text        NOT NULL,
  request_id      text,
  created_at      timestamptz NOT NULL,
  received_at     timestamptz NOT NULL DEFAULT now(),
  -- False while its organization is unknown (fact arrived before its regatta's event.created).
  routed          boolean     NOT NULL DEFAULT true
);
CREATE INDEX messages_unrouted ON messages (event_id) WHERE NOT routed;

-- One row per (message, webhook) delivery. Durable: the dispatcher leases due rows (FOR UPDATE SKIP
-- LOCKED, then next_attempt_at = now() + lease), so a crash mid-attempt only delays the retry.
CREATE TABLE delivery_tasks (
  id              uuid        PRIMARY KEY,
  webhook_id      uuid        NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  message_id      text        NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  -- 'event' (counts towards failureCount, retried), 'redeliver' and 'ping' (one attempt, not counted).
  kind            text        NOT NULL,
  -- 'pending' | 'succeeded' | 'failed' | 'cancelled'
  status          text        NOT NULL DEFAULT 'pending',
  attempts        integer     NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at      timestamptz NOT NULL DEFAULT now(),
  completed_at    timestamptz
);
CREATE UNIQUE INDEX delivery_tasks_event_once ON delivery_tasks (webhook_id, message_id) WHERE kind = 'event';
CREATE INDEX delivery_tasks_due ON delivery_tasks (next_attempt_at) WHERE status = 'pending';
CREATE INDEX delivery_tasks_webhook_pending ON delivery_tasks (webhook_id) WHERE status = 'pending';

-- Every HTTP attempt. id is the X-Service-Delivery header (unique per attempt).
CREATE TABLE delivery_attempts (
  id              uuid        PRIMARY KEY,
  task_id         uuid        NOT NULL REFERENCES delivery_tasks (id) ON DELETE CASCADE,
  webhook_id      uuid        NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  message_id      text        NOT NULL,
  event_type      text        NOT NULL,
  kind            text        NOT NULL,
  attempt         integer     NOT NULL,
  success         boolean     NOT NULL,
  status_code     integer,
  duration_ms     integer     NOT NULL,
  error           text,
  attempted_at    timestamptz NOT NULL
);
CREATE INDEX delivery_attempts_webhook ON delivery_attempts (webhook_id, attempted_at DESC, id);

-- Down Migration
DROP TABLE delivery_attempts;
DROP TABLE delivery_tasks;
DROP TABLE messages;
DROP TABLE event_organizations;
DROP TABLE webhooks;
