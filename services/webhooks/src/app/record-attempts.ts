/**
 * Records a batch of finished attempts in one transaction: the attempts, their tasks' next state, and
 * each webhook's health from its settled event tasks (in the order they finished); webhooks that reach
 * the limit of consecutive failures are disabled and their pending tasks cancelled.
 */
import { withTransaction, type Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import { foldOutcomes } from '../domain/failures.js';
import { applyHealth, recordAttempts } from '../store/deliveries.js';
import { cancelPendingTasks } from '../store/webhooks.js';
import type { FinishedAttempt } from './attempt-delivery.js';
import { webhooksDisabled } from './metrics.js';

export async function recordDeliveryAttempts(deps: { pool: Pool; logger: Logger }, batch: readonly FinishedAttempt[], maxConsecutiveFailures: number): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const disabled = await withTransaction(deps.pool, async (client) => {
        const pending = await recordAttempts(client, batch.map((item) => item.record));
        const outcomes = new Map<string, Array<'succeeded' | 'failed'>>();
        for (const item of batch) {
          if (!item.health || !pending.has(item.record.taskId)) continue;
          outcomes.set(item.record.webhookId, [...(outcomes.get(item.record.webhookId) ?? []), item.health]);
        }
        const updates = [...outcomes].map(([webhookId, list]) => ({ webhookId, ...foldOutcomes(list) }));
        const disabledNow = await applyHealth(client, updates, maxConsecutiveFailures);
        for (const webhook of disabledNow) await cancelPendingTasks(client, webhook.webhookId);
        return disabledNow;
      });
      for (const webhook of disabled) {
        webhooksDisabled.inc();
        deps.logger.warn({ webhookId: webhook.webhookId, failureCount: webhook.failureCount }, 'webhook disabled after consecutive failures');
      }
      return;
    } catch (error) {
      // A deadlock or a webhook deleted mid-batch: the whole batch rolled back; try it again.
      if (attempt >= 3) throw error;
      deps.logger.warn({ err: error, attempt, size: batch.length }, 'recording a batch of attempts failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
