/**
 * Fleet snapshots into the projection. fleet.created: its views (and its series' views, which show its
 * name) re-rendered. fleet.updated: the same, and a set-up change of a fleet with results re-scores it
 * and records the re-score (rescore-setup.ts). fleet.deleted: the fleet (which had no races) removed.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { isUnscorable } from '../../shared/domain/fleet-setup.js';
import type { FleetProjection } from '../../shared/domain/records.js';
import { findEventsByIds } from '../../shared/store/projections/events.js';
import { findFleet, upsertFleet } from '../../shared/store/projections/fleets.js';
import { removeFleet } from '../store/removals.js';
import { fleetHasResults } from '../../results/store/results.js';
import { renderFleetViews } from '../../results/app/render-views.js';
import { rescoreAfterSetupChange, type SetupChange } from '../../results/app/rescore-setup.js';
import { renderSeriesView } from '../../series/app/series-standings.js';
import { lockSeriesOfEvent } from '../../shared/store/locks.js';

export async function projectFleet(client: PoolClient, fleet: FleetProjection, fact: { createdAt: Date | null; occurredAt: Date }): Promise<void> {
  // Series locks before the fleet lock (the order every path takes; see shared/store/locks.ts).
  const series = await lockSeriesOfEvent(client, fleet.eventId);
  await upsertFleet(client, fleet, fact.createdAt, fact.occurredAt);
  await renderFleetViews(client, fleet.id);
  for (const one of series) await renderSeriesView(client, one);
}

export async function projectFleetChange(
  context: ServiceContext,
  client: PoolClient,
  fleet: FleetProjection,
  fact: { createdAt: Date | null; occurredAt: Date; setupChanged: boolean } & SetupChange,
): Promise<void> {
  await projectFleet(client, fleet, fact);
  if (!fact.setupChanged || !(await fleetHasResults(client, fleet.id))) return;
  const [event] = await findEventsByIds(client, [fleet.eventId]);
  const stored = await findFleet(client, fleet.id);
  if (!event || !stored) return;
  try {
    await client.query('SAVEPOINT setup_rescore');
    await rescoreAfterSetupChange(context, client, event, stored, fact);
    await client.query('RELEASE SAVEPOINT setup_rescore');
  } catch (error) {
    // The events service refuses the set-ups it can foresee as unscorable (a rating an entered boat
    // lacks, a time-on-distance system while a race has no distance) before publishing the change; one
    // that still cannot be scored here must not block the topic: the set-up is kept, the scores stay
    // as they were until results or entries make it scorable.
    if (!isUnscorable(error)) throw error;
    await client.query('ROLLBACK TO SAVEPOINT setup_rescore');
    context.logger.warn({ fleetId: fleet.id, error: error.message }, 'fleet set-up change not scorable; scores kept');
  }
}

export async function projectFleetDeleted(client: PoolClient, fleetId: string, eventId: string): Promise<void> {
  const series = await lockSeriesOfEvent(client, eventId);
  await removeFleet(client, fleetId);
  for (const one of series) await renderSeriesView(client, one);
}
