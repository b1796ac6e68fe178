/**
 * fleet.split on results.v1 (key: the event id; proto/regatta/facts/v1/split.proto): the final or
 * medal fleets a split dealt, boats in ranking order. A public webhook event.
 */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { EventProjection } from '../domain/records.js';
import { PRODUCER } from './facts.js';

export function fleetSplitFact(
  meta: { event: EventProjection; requestId?: string | undefined },
  split: { stage: 'final' | 'medal'; method: string; fleets: Record<string, string[]>; assignedAt: Date },
): Fact {
  return newFact(
    'fleet.split',
    'fleetSplit',
    {
      eventId: meta.event.id,
      stage: split.stage,
      method: split.method,
      fleets: Object.entries(split.fleets).map(([fleetId, boatIds]) => ({ fleetId, boatIds })),
      assignedAt: timestampFromDate(split.assignedAt),
    },
    { producer: PRODUCER, eventId: meta.event.id, organizationId: meta.event.organizationId, requestId: meta.requestId ?? null, occurredAt: split.assignedAt },
  );
}
