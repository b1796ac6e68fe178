/**
 * What the events service changed or removed in a regatta's schedule (issue 15 §2) into scoring:
 * race.updated re-projects the race and re-scores its fleet when it has results (weight, must-count,
 * discard-first or distance may have changed), recording the races whose numbers moved as revisions
 * (app/rescore-setup.ts); race.deleted takes the race out of scoring (its fleet re-scored, or
 * re-rendered when it has no results); series.deleted and event.deleted drop them.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { RaceProjection } from '../domain/records.js';
import { raceChangeReason } from '../domain/rescore-reasons.js';
import { lockSeries } from '../store/locks.js';
import { findEventsByIds } from '../store/projections/events.js';
import { findFleet } from '../store/projections/fleets.js';
import { removeEvent, removeRace, removeSeries } from '../store/projections/removals.js';
import { findSeriesContainingEvent } from '../store/projections/series.js';
import { fleetHasResults } from '../store/results.js';
import { projectRace } from './project-race.js';
import { recomputeFleet } from './recompute-fleet.js';
import { renderFleetViews } from './render-views.js';
import { rescoreRecorded } from './rescore-setup.js';
import { lockSeriesOfEvent } from './series-standings.js';

/** Re-scores the fleet when it has results (recorded as revisions when `reason` is given), else re-renders its views. */
async function rescoreOrRender(context: ServiceContext, client: PoolClient, eventId: string, fleetId: string, requestId: string | undefined, reason?: string, by: string | null = null): Promise<void> {
  const [event] = await findEventsByIds(client, [eventId]);
  const fleet = await findFleet(client, fleetId);
  if (event && fleet && (await fleetHasResults(client, fleetId))) {
    if (reason) await rescoreRecorded(context, client, event, fleet, { reason, by, requestId, everyRace: false });
    else await recomputeFleet(client, event, fleet, { publish: (c, f) => context.publish(c, f), requestId, onlyIfChanged: true });
    return;
  }
  await renderFleetViews(client, fleetId);
}

export async function projectRaceChange(
  context: ServiceContext,
  client: PoolClient,
  race: RaceProjection,
  fact: { occurredAt: Date; requestId?: string | undefined; actorUserId?: string | null; changedFields: readonly string[] },
): Promise<void> {
  await projectRace(client, race, fact);
  // Attributed to whoever changed the race (the fact's actor), as every change must be.
  await rescoreOrRender(context, client, race.eventId, race.fleetId, fact.requestId, raceChangeReason(race.number, fact.changedFields), fact.actorUserId ?? null);
}

export async function projectRaceDeleted(
  context: ServiceContext,
  client: PoolClient,
  race: { id: string; eventId: string; fleetId: string },
  fact: { requestId?: string | undefined },
): Promise<void> {
  await lockSeriesOfEvent(client, race.eventId);
  await removeRace(client, race.id);
  await rescoreOrRender(context, client, race.eventId, race.fleetId, fact.requestId);
}

export async function projectSeriesDeleted(client: PoolClient, seriesId: string): Promise<void> {
  await lockSeries(client, [seriesId]);
  await removeSeries(client, seriesId);
}

export async function projectEventDeleted(client: PoolClient, eventId: string): Promise<void> {
  // Series locks first (store/locks.ts); a series still listing the event keeps it as absent.
  await lockSeries(client, (await findSeriesContainingEvent(client, eventId)).map((s) => s.id));
  await removeEvent(client, eventId);
}
