/**
 * A race snapshot into the projection, in one unit of work (unit-of-work/fleet-change.ts: the series
 * locks, then the fleets', each once; the copy written under them before the fleets are read).
 * race.scheduled: the views of its fleet (and of a fleet it left) rendered again. race.updated: the
 * same, and a fleet with results is re-scored instead (weight, must-count, discard-first or distance may
 * have changed), the races whose numbers moved recorded as revisions under the fact's actor.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { RaceProjection } from '../../shared/domain/records.js';
import { raceChangeReason } from '../domain/rescore-reasons.js';
import { findEventsByIds } from '../../shared/store/projections/events.js';
import { findRace, upsertRace } from '../../shared/store/projections/fleets.js';
import { renderLockedFleetViews } from '../../results/app/render-views.js';
import { changeFleets, type FleetChange } from '../../results/app/unit-of-work/fleet-change.js';
import { systemActor } from '../../results/app/unit-of-work/revision-builder.js';

interface RaceFact {
  occurredAt: Date;
  requestId?: string | undefined;
}

export async function projectRace(context: ServiceContext, client: PoolClient, race: RaceProjection, fact: RaceFact): Promise<void> {
  await projectInUnit(context, client, race, fact, async (_change, fleetIds) => {
    for (const fleetId of fleetIds) await renderLockedFleetViews(client, fleetId);
  });
}

export async function projectRaceChange(
  context: ServiceContext,
  client: PoolClient,
  race: RaceProjection,
  fact: RaceFact & { actorUserId?: string | null; changedFields: readonly string[] },
): Promise<void> {
  await projectInUnit(context, client, race, fact, async (change, fleetIds) => {
    for (const fleetId of fleetIds) {
      // Read under the locks, after the copy: a fleet with results is re-scored (its views with it).
      if (fleetId === race.fleetId && change.fleet(fleetId) && change.races(fleetId).some((one) => one.hasResults)) {
        // Attributed to whoever changed the race (the fact's actor), as every change must be.
        change.rescore(fleetId, { revisions: 'moved-races', reason: raceChangeReason(race.number, fact.changedFields), actor: systemActor(fact.actorUserId ?? null) });
      } else {
        await renderLockedFleetViews(client, fleetId);
      }
    }
  });
}

/**
 * The race's copy written in a unit of work over its fleet and the fleet it left (a race moved to
 * another fleet leaves the old fleet's views too). Without the event projected there is nothing to
 * score or lock against: the copy is written and the views are rendered by the first read that finds
 * them missing.
 */
async function projectInUnit(
  context: ServiceContext,
  client: PoolClient,
  race: RaceProjection,
  fact: RaceFact,
  work: (change: FleetChange, fleetIds: string[]) => Promise<void>,
): Promise<void> {
  const [event] = await findEventsByIds(client, [race.eventId]);
  if (!event) return upsertRace(client, race, fact.occurredAt);
  // Which fleets to lock: the race's and the one it is in now (projections of one regatta arrive in order).
  const before = await findRace(client, race.id);
  const fleetIds = [...new Set([race.fleetId, before?.fleetId ?? race.fleetId])].sort();
  await changeFleets(context, client, { event, fleetIds, requestId: fact.requestId, beforeRead: (locked) => upsertRace(locked, race, fact.occurredAt) }, (change) => work(change, fleetIds));
}
