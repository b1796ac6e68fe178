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

/**
 * Several outcomes of one webhook's event deliveries, in the order they finished, folded into one
 * update: `reset` when any succeeded (failureCount back to 0 and lastTriggeredAt set, before the
 * failures that follow), and `failures` = the failures after the last success (or all of them).
 * Applying the fold to a state equals applying the outcomes one by one with applyOutcome, except that
 * a success after the disabling failure within one batch still counts (the endpoint works again).
 */
export function foldOutcomes(outcomes: readonly DeliveryOutcome['kind'][]): { reset: boolean; failures: number } {
  const lastSuccess = outcomes.lastIndexOf('succeeded');
  return { reset: lastSuccess >= 0, failures: outcomes.length - 1 - lastSuccess };
}

/** What the store's batch update does with a fold (mirrors store/deliveries.ts applyHealth). */
export function applyFolded(state: WebhookHealth, fold: { reset: boolean; failures: number }, at: Date, maxFailures = DEFAULT_MAX_CONSECUTIVE_FAILURES): WebhookHealth {
  const failureCount = (fold.reset ? 0 : state.failureCount) + fold.failures;
  return { failureCount, active: state.active && failureCount < maxFailures, lastTriggeredAt: fold.reset ? at : state.lastTriggeredAt };
}
