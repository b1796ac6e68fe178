/** A race snapshot (race.scheduled) into the projection; the views of its fleet (and of a fleet it left) re-rendered. */
import type { PoolClient } from '@regatta/db';
import type { RaceProjection } from '../../shared/domain/records.js';
import { findRace, upsertRace } from '../../shared/store/projections/fleets.js';
import { renderFleetViews } from '../../results/app/render-views.js';
import { lockSeriesOfEvent } from '../../shared/store/locks.js';

export async function projectRace(client: PoolClient, race: RaceProjection, fact: { occurredAt: Date }): Promise<void> {
  await lockSeriesOfEvent(client, race.eventId);
  const before = await findRace(client, race.id);
  await upsertRace(client, race, fact.occurredAt);
  // A race that moved to another fleet leaves the old fleet's views too (fleet locks in id order).
  for (const fleetId of [...new Set([race.fleetId, before?.fleetId ?? race.fleetId])].sort()) await renderFleetViews(client, fleetId);
}
