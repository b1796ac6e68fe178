/** A fleet snapshot (fleet.created) into the projection; its views (and its series' views, which show its name) re-rendered. */
import type { PoolClient } from '@regatta/db';
import type { FleetProjection } from '../domain/records.js';
import { upsertFleet } from '../store/projections/fleets.js';
import { renderFleetViews } from './render-views.js';
import { lockSeriesOfEvent, renderSeriesView } from './series-standings.js';

export async function projectFleet(client: PoolClient, fleet: FleetProjection, fact: { createdAt: Date | null; occurredAt: Date }): Promise<void> {
  // Series locks before the fleet lock (the order every path takes; see store/locks.ts).
  const series = await lockSeriesOfEvent(client, fleet.eventId);
  await upsertFleet(client, fleet, fact.createdAt, fact.occurredAt);
  await renderFleetViews(client, fleet.id);
  for (const one of series) await renderSeriesView(client, one);
}
