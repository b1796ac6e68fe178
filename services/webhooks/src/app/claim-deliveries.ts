/** What the dispatcher asks for each pass: due tasks to attempt now, and when the next one falls due. */
import type { Queryable } from '@regatta/db';
import { claimDueTasks, nextDueInMs, type ClaimedTask } from '../store/deliveries.js';

/** Leases up to `capacity` due tasks for `leaseMs` (a dispatcher that dies leaves them due again). */
export function claimDeliveries(db: Queryable, capacity: number, leaseMs: number): Promise<ClaimedTask[]> {
  return claimDueTasks(db, capacity, leaseMs);
}

/** Milliseconds until the next pending task is due; undefined when none is pending. */
export function nextDeliveryDueInMs(db: Queryable): Promise<number | undefined> {
  return nextDueInMs(db);
}
