/**
 * Fleet snapshots into the projection, each in one unit of work (the locks taken there only).
 * fleet.created: its views (and its series' views, which show its name) re-rendered. fleet.updated: the
 * same, and a set-up change of a fleet with results re-scores it instead and records the re-score (a
 * revision of every race, "fleet set-up changed by <who>"). fleet.deleted: the fleet (which had no races)
 * removed under the same locks (the unit's removeUnderLocks), its series' views rendered again.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { isUnscorable } from '../../shared/domain/fleet-setup.js';
import type { FleetProjection, SeriesProjection } from '../../shared/domain/records.js';
import { findEventsByIds } from '../../shared/store/projections/events.js';
import { upsertFleet } from '../../shared/store/projections/fleets.js';
import { removeFleet } from '../store/removals.js';
import { renderLockedFleetViews } from '../../results/app/render-views.js';
import { setupChangeReason, type SetupChange } from '../domain/rescore-reasons.js';
import { changeFleets, removeUnderLocks, type FleetChange } from '../../results/app/unit-of-work/fleet-change.js';
import { systemActor } from '../../results/app/unit-of-work/revision-builder.js';
import { renderSeriesView } from '../../series/app/series-standings.js';
import { rescoreKeepingCopy } from './rescore-keeping-copy.js';

type FleetFact = { createdAt: Date | null; occurredAt: Date };

export async function projectFleet(context: ServiceContext, client: PoolClient, fleet: FleetProjection, fact: FleetFact): Promise<void> {
  await projectInUnit(context, client, fleet, fact, undefined, (change) => renderViews(change, fleet.id));
}

export async function projectFleetChange(context: ServiceContext, client: PoolClient, fleet: FleetProjection, fact: FleetFact & { setupChanged: boolean } & SetupChange): Promise<void> {
  let series: readonly SeriesProjection[] = [];
  await rescoreKeepingCopy(
    client,
    (askRescore) =>
      projectInUnit(context, client, fleet, fact, fact.requestId, async (change) => {
        series = change.series;
        // Read under the locks, after the copy: a set-up change of a fleet with results re-scores it
        // with the new set-up and records a revision of every race (a set-up may move any number); the re-score
        // renders the fleet's views and, the standings facts queued, its series' views.
        if (!fact.setupChanged || !change.fleet(fleet.id) || !change.races(fleet.id).some((race) => race.hasResults)) return renderViews(change, fleet.id);
        await askRescore(change, fleet.id, { revisions: 'every-race', reason: setupChangeReason(fact), actor: systemActor(fact.by) });
      }),
    {
      // The events service refuses the set-ups it can foresee as unscorable (a rating an entered boat
      // lacks, a time-on-distance system while a race has no distance) before publishing the change;
      // one that still cannot be scored here must not block the topic: the set-up is kept, the scores
      // stay as they were until results or entries make it scorable.
      keeps: isUnscorable,
      async then(error) {
        context.logger.warn({ fleetId: fleet.id, error: error.message }, 'fleet set-up change not scorable; scores kept');
        await renderLockedFleetViews(client, fleet.id);
        for (const one of series) await renderSeriesView(client, one);
      },
    },
  );
}

/** The fleet's views and its series' (they show its name), under the unit's locks. */
async function renderViews(change: FleetChange, fleetId: string): Promise<void> {
  await renderLockedFleetViews(change.client, fleetId);
  for (const one of change.series) await renderSeriesView(change.client, one);
}

/**
 * The fleet's copy written in a unit of work over the fleet (unit-of-work/fleet-change.ts: the series
 * locks, then the fleet's, each once; the copy written under them before the fleet is read). Without
 * the event projected there is nothing to score or lock against: the copy is written and the views are
 * rendered by the first read that finds them missing.
 */
async function projectInUnit(
  context: ServiceContext,
  client: PoolClient,
  fleet: FleetProjection,
  fact: FleetFact,
  requestId: string | undefined,
  work: (change: FleetChange) => Promise<void>,
): Promise<void> {
  const [event] = await findEventsByIds(client, [fleet.eventId]);
  if (!event) return upsertFleet(client, fleet, fact.createdAt, fact.occurredAt);
  await changeFleets(context, client, { event, fleetIds: [fleet.id], requestId, beforeRead: (locked) => upsertFleet(locked, fleet, fact.createdAt, fact.occurredAt) }, work);
}

export async function projectFleetDeleted(client: PoolClient, fleetId: string, eventId: string): Promise<void> {
  // The series containing the event, then the fleet (whose views go): the unit's locks, each once.
  await removeUnderLocks(client, { eventId, fleetIds: [fleetId] }, async (removal) => {
    await removeFleet(removal.client, fleetId);
    for (const one of removal.series) await renderSeriesView(removal.client, one);
  });
}
