/**
 * The retry schedule. A delivery task (one message to one webhook) makes an initial attempt and, while
 * attempts fail, up to `delays.length` retries, each `delays[n]` after the previous attempt failed.
 * The contract's schedule is [1000, 5000, 30000]: attempts at t, t+1 s, t+6 s, t+36 s (plus the time
 * the failed attempts themselves took).
 */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000] as const;

export type AttemptDecision =
  | { kind: 'succeeded' }
  /** Another attempt is due `delayMs` after now. */
  | { kind: 'retry'; delayMs: number; nextAttempt: number }
  /** The task failed for good: this is one failure towards failureCount (for event deliveries). */
  | { kind: 'failed' };

/**
 * What follows attempt number `attempt` (1 = the initial attempt). Manual deliveries (ping,
 * redeliver) have `maxRetries` 0: one attempt, no retries.
 */
export function decideAfterAttempt(attempt: number, success: boolean, delays: readonly number[], maxRetries = delays.length): AttemptDecision {
  if (success) return { kind: 'succeeded' };
  const retriesDone = attempt - 1;
  if (retriesDone >= Math.min(maxRetries, delays.length)) return { kind: 'failed' };
  return { kind: 'retry', delayMs: delays[retriesDone]!, nextAttempt: attempt + 1 };
}

/** Offsets (ms after the first attempt) of every attempt when each fails instantly. */
export function attemptOffsets(delays: readonly number[]): number[] {
  const offsets = [0];
  for (const delay of delays) offsets.push(offsets[offsets.length - 1]! + delay);
  return offsets;
}

/** A 2xx status is the only success (3xx redirects are not followed and count as failures). */
export function isSuccessStatus(status: number | undefined): boolean {
  return status !== undefined && status >= 200 && status < 300;
}
