/**
 * A re-score that records no revision (a projection the numbers may follow, an import's parity pass),
 * inside the caller's transaction, through the unit of work (unit-of-work/fleet-change.ts): the fleet
 * re-scored once, its views rendered, results.updated for races whose numbers changed, and
 * standings.updated with the series' and split series' facts only when the standings changed.
 */
import type { Fact } from '@regatta/contracts';
import type { PoolClient, Queryable } from '@regatta/db';
import type { EventProjection, FleetProjection } from '../../shared/domain/records.js';
import { changeFleets } from './unit-of-work/fleet-change.js';

export interface RecomputeOptions {
  publish(client: Queryable, fact: Fact): Promise<void>;
  requestId?: string | undefined;
  /** Kept for callers that say so: a re-score without a change of results is quiet when the standings stand. */
  onlyIfChanged?: true;
}

export async function recomputeFleet(client: PoolClient, event: EventProjection, fleet: FleetProjection, options: RecomputeOptions): Promise<void> {
  await changeFleets({ publish: options.publish }, client, { event, fleetIds: [fleet.id], requestId: options.requestId }, async (change) => change.rescore(fleet.id, { revisions: 'none' }));
}
