/**
 * What one "failure" is, and what it does to a webhook.
 *
 * One failure = one event delivery task (one message to one webhook) whose initial attempt AND all of
 * its retries failed. A delivery that succeeds on a retry is a success. Rationale: the contract calls
 * failureCount "consecutive failed deliveries" and says "a failed delivery is retried up to 3 times";
 * the retries belong to the delivery, so the delivery has failed only once they are exhausted. Counting
 * every attempt would disable a webhook after 2.5 messages during a 40-second outage.
 *
 * Ping and redeliver (manual, one attempt each) never change failureCount, lastTriggeredAt or active.
 */
export interface WebhookHealth {
  failureCount: number;
  active: boolean;
  lastTriggeredAt: Date | null;
}

export type DeliveryOutcome = { kind: 'succeeded'; at: Date } | { kind: 'failed' };

export const DEFAULT_MAX_CONSECUTIVE_FAILURES = 10;

export function applyOutcome(state: WebhookHealth, outcome: DeliveryOutcome, maxFailures = DEFAULT_MAX_CONSECUTIVE_FAILURES): WebhookHealth {
  if (outcome.kind === 'succeeded') return { failureCount: 0, active: state.active, lastTriggeredAt: outcome.at };
  const failureCount = state.failureCount + 1;
  return { failureCount, active: state.active && failureCount < maxFailures, lastTriggeredAt: state.lastTriggeredAt };
}
