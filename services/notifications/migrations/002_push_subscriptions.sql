-- Up Migration
-- Browsers that asked for web push (RFC 8030/8291, VAPID RFC 8292): the push service's endpoint and
-- the browser's keys. Messages of the at-once kinds are pushed besides the e-mail (the record).
CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id uuid NOT NULL,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

-- Down Migration
DROP TABLE push_subscriptions;
