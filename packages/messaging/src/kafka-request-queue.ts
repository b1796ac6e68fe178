/**
 * Idle Kafka connections that cost nothing. kafkajs 2.2.4 (its last release) re-arms a timer after
 * every check of a connection's request queue, even when nothing waits and nothing is throttled: its
 * delay is `throttledUntil - now`, negative, so Node runs it after 1 ms, and the check arms the next.
 * Every broker connection of every process (producer, consumers' coordinator and fetch connections,
 * admin) thus wakes about a thousand times a second for nothing. A CPU profile of an idle stack shows
 * it: `checkPendingRequests` and its timer were about half of each service's idle CPU, and ten idle
 * processes spent about 19 % of a core (`npm run bench:idle`).
 *
 * The queue needs a timed check only while requests wait: for the end of a throttle, or after the
 * queue's usual 10 ms when the throttle is already over (a throttle that ends in the same millisecond
 * must still be looked at). Otherwise a request is sent when it is pushed, and the waiting ones when
 * an in-flight request is answered or times out: both check the queue themselves. So with nothing
 * waiting and no throttle, no timer is armed; this is the fix proposed upstream (kafkajs pull
 * requests 1667 and 1703), applied to the request queue's prototype once per process.
 */
import { createRequire } from 'node:module';

/** The part of kafkajs' RequestQueue the check touches. */
export interface RequestQueueState {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
}

/** kafkajs' delay before checking a queue whose throttle is over while requests wait. */
export const CHECK_PENDING_REQUESTS_MS = 10;

/**
 * When the queue must be checked again, in ms from `now`; undefined: no timed check is needed.
 * Worked values: nothing waiting, no throttle (throttledUntil -1) → undefined; nothing waiting,
 * throttled until now + 250 → 250; 3 waiting, throttle over → 10; 3 waiting, throttled until
 * now + 40 → 40.
 */
export function nextPendingCheckMs(pending: number, throttledUntil: number, now: number): number | undefined {
  const throttleLeft = throttledUntil - now;
  if (pending > 0) return throttleLeft > 0 ? throttleLeft : CHECK_PENDING_REQUESTS_MS;
  return throttleLeft > 0 ? throttleLeft : undefined;
}

/** Arms at most one timed check of `queue`, when one is needed (nextPendingCheckMs). */
export function scheduleCheckPendingRequests(this: RequestQueueState): void {
  if (this.throttleCheckTimeoutId) return;
  const delay = nextPendingCheckMs(this.pending.length, this.throttledUntil, Date.now());
  if (delay === undefined) return;
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, delay);
}

let applied = false;

/**
 * Puts scheduleCheckPendingRequests on kafkajs' RequestQueue (once per process; createKafka calls
 * it). Returns false when this kafkajs has no such queue (a later version): nothing is changed.
 */
export function quietIdleKafkaConnections(): boolean {
  if (applied) return true;
  const require = createRequire(import.meta.url);
  let RequestQueue: { prototype: Partial<RequestQueueState> & { scheduleCheckPendingRequests?: unknown } } | undefined;
  try {
    RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as typeof RequestQueue;
  } catch {
    return false;
  }
  if (typeof RequestQueue?.prototype.scheduleCheckPendingRequests !== 'function') return false;
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  applied = true;
  return true;
}
