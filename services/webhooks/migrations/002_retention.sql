-- Up Migration
-- Indexes for retention (src/store/retention.ts) and for the ON DELETE CASCADE paths, which otherwise
-- scan the child tables once per deleted row.
CREATE INDEX delivery_tasks_message ON delivery_tasks (message_id);
CREATE INDEX delivery_tasks_finished ON delivery_tasks (completed_at) WHERE status <> 'pending';
-- Deleting a webhook cascades to all its tasks (not only pending ones); pending lookups use the prefix + status.
DROP INDEX delivery_tasks_webhook_pending;
CREATE INDEX delivery_tasks_webhook ON delivery_tasks (webhook_id, status);
CREATE INDEX delivery_attempts_task ON delivery_attempts (task_id);
CREATE INDEX delivery_attempts_time ON delivery_attempts (attempted_at);
CREATE INDEX messages_received ON messages (received_at);

-- Down Migration
DROP INDEX messages_received;
DROP INDEX delivery_attempts_time;
DROP INDEX delivery_attempts_task;
DROP INDEX delivery_tasks_webhook;
CREATE INDEX delivery_tasks_webhook_pending ON delivery_tasks (webhook_id) WHERE status = 'pending';
DROP INDEX delivery_tasks_finished;
DROP INDEX delivery_tasks_message;
