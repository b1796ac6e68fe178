/**
 * What the events service removed from a regatta's schedule in scoring (race.updated is
 * project-race.ts'): race.deleted takes the race out of scoring in one unit of work
 * (unit-of-work/fleet-change.ts: its fleet re-scored, or re-rendered when it has no results);
 * series.deleted and event.deleted drop them under the same locks, taken by the unit's removeUnderLocks.
 *
 * The events service refuses to delete a race with results, but it judges from its own copy of them,
 * which results.v1 fills a moment after results-scoring commits: results submitted just before the
 * deletion reach this consumer with race.deleted. They are never dropped silently: the removal is
 * recorded as a revision of the deleted race (kind correction, reason "race N deleted with its
 * results", under the fact's actor; changes: every boat before → none; entries: what the race held,
 * so the results can be entered again on a race that is kept) and published as results.revised.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { RaceProjection } from '../../shared/domain/records.js';
import { findEventsByIds } from '../../shared/store/projections/events.js';
import { raceBeingRemoved, removeEvent, removeRace, removeSeries } from '../store/removals.js';
import { listFleets } from '../../shared/store/projections/fleets.js';
import { fleetHasResults } from '../../results/store/results.js';
import { renderLockedFleetViews } from '../../results/app/render-views.js';
import { changeFleets, removeUnderLocks } from '../../results/app/unit-of-work/fleet-change.js';
import { systemActor } from '../../results/app/unit-of-work/revision-builder.js';

/** The reason of the revision that records a deleted race's results (and of the re-score it causes). */
export function raceDeletedReason(raceNumber: number | null, hadResults: boolean): string {
  const race = raceNumber === null ? 'race' : `race ${raceNumber}`;
  return hadResults ? `${race} deleted with its results` : `${race} deleted`;
}

export async function projectRaceDeleted(
  context: ServiceContext,
  client: PoolClient,
  race: { id: string; eventId: string; fleetId: string },
  fact: { requestId?: string | undefined; actorUserId?: string | null },
): Promise<void> {
  const by = systemActor(fact.actorUserId ?? null);
  const [event] = await findEventsByIds(client, [race.eventId]);
  if (!event) {
    // No event to score or attribute against: the race goes, the fleet's views follow (under the locks
    // the removal took, not taken again).
    await removeUnderLocks(client, { eventId: race.eventId, fleetIds: [race.fleetId] }, async (removal) => {
      await removeRace(removal.client, race.id);
      await renderLockedFleetViews(removal.client, race.fleetId);
    });
    return;
  }
  // One unit of work (series locks, then the fleet's): a submission to this race holds the same locks
  // while it writes, so what is read here is all it committed.
  await changeFleets(context, client, { event, fleetIds: [race.fleetId], requestId: fact.requestId }, async (change) => {
    const removed = await raceBeingRemoved(client, race.id);
    await removeRace(client, race.id);
    const hadResults = removed.entries.length > 0;
    // What the race held (its "after" is nothing): the record to enter the results again from.
    if (hadResults) change.recordRemoval(race, removed, { kind: 'correction', reason: raceDeletedReason(removed.raceNumber, true), actor: by });
    // Other races' numbers may move (a redress average over the races, discards): recorded as any re-score.
    if (change.fleet(race.fleetId) && (await fleetHasResults(client, race.fleetId))) {
      change.rescore(race.fleetId, { revisions: 'moved-races', reason: raceDeletedReason(removed.raceNumber, hadResults), actor: by });
    } else {
      // Under the unit's fleet lock: not taken again.
      await renderLockedFleetViews(client, race.fleetId);
    }
  });
}

export async function projectSeriesDeleted(client: PoolClient, seriesId: string): Promise<void> {
  await removeUnderLocks(client, { seriesIds: [seriesId] }, (removal) => removeSeries(removal.client, seriesId));
}

export async function projectEventDeleted(client: PoolClient, eventId: string): Promise<void> {
  // The series containing the event, then its fleets (whose views and results go with it); a series
  // still listing the event keeps it as absent.
  const fleetIds = (await listFleets(client, eventId)).map((fleet) => fleet.id);
  await removeUnderLocks(client, { eventId, fleetIds }, (removal) => removeEvent(removal.client, eventId));
}
