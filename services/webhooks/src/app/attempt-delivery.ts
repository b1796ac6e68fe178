/**
 * One delivery attempt of a leased task: sign the message, POST it through the sender, count it, and
 * decide what comes next (retry after a delay, succeeded, failed). Recording happens in batches
 * (app/record-attempts.ts), so this returns what is to be recorded.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import { decideAfterAttempt } from '../domain/retry.js';
import { deliveryHeaders } from '../domain/signature.js';
import { cancelTask, type AttemptRecord, type ClaimedTask, type TaskNext } from '../store/deliveries.js';
import { deliveriesTotal, deliveryDuration, deliveryLag } from './metrics.js';
import type { WebhooksResources } from './resources.js';

export interface FinishedAttempt {
  record: AttemptRecord & { next: TaskNext };
  /** For event tasks: what the attempt means for the webhook's health once the task is settled. */
  health: 'succeeded' | 'failed' | undefined;
}

/** Undefined when the task was cancelled instead (webhook deleted or inactive meanwhile). */
export async function attemptDelivery(
  deps: { pool: Pool; logger: Logger },
  resources: Pick<WebhooksResources, 'secrets' | 'sender' | 'delivery'>,
  task: ClaimedTask,
): Promise<FinishedAttempt | undefined> {
  const settings = resources.delivery;
  if (!task.url || !task.secret_sealed || !task.active) {
    // Deleted or inactive meanwhile: inactive webhooks receive nothing.
    await cancelTask(deps.pool, task.id);
    return undefined;
  }
  const secret = resources.secrets.open(task.secret_sealed, task.webhook_id);
  const deliveryId = randomUUID();
  const attemptedAt = new Date();
  const headers = deliveryHeaders({
    secret,
    messageId: task.message_id,
    deliveryId,
    event: task.event_type,
    body: task.body,
    timestampSeconds: Math.floor(attemptedAt.getTime() / 1000),
    requestId: task.request_id,
  });
  const result = await resources.sender.send({ url: task.url, headers, body: task.body, timeoutMs: settings.timeoutMs, policy: settings.policy });
  deliveriesTotal.inc({ outcome: result.outcome, kind: task.kind });
  deliveryDuration.observe({ outcome: result.outcome }, result.durationMs / 1000);
  if (result.outcome === 'success') deliveryLag.observe((Date.now() - task.message_created_at.getTime()) / 1000);

  const success = result.outcome === 'success';
  const decision = decideAfterAttempt(task.attempt, success, settings.retryDelaysMs, task.kind === 'event' ? settings.retryDelaysMs.length : 0);
  const next: TaskNext = decision.kind === 'retry' ? { status: 'pending', delayMs: decision.delayMs } : { status: decision.kind };
  if (!success) {
    deps.logger.info(
      { webhookId: task.webhook_id, messageId: task.message_id, attempt: task.attempt, error: result.error, next: decision.kind },
      'delivery attempt failed',
    );
  }
  return {
    record: {
      id: deliveryId,
      taskId: task.id,
      webhookId: task.webhook_id,
      messageId: task.message_id,
      eventType: task.event_type,
      kind: task.kind,
      attempt: task.attempt,
      success,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error,
      response: result.response,
      attemptedAt,
      next,
    },
    health: task.kind === 'event' && decision.kind !== 'retry' ? decision.kind : undefined,
  };
}
