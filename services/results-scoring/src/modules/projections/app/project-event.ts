/**
 * An event snapshot (event.created / event.updated) into the projection, in one unit of work over none
 * of its fleets (unit-of-work/fleet-change.ts: the locks of the series containing it, taken there
 * only; the copy written under them). A change that alters the public series view (status, name,
 * slug, start date of an event that is or was not a draft) queues series.standings.updated for the
 * series concerned, with the unit's facts.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { publicSeriesViewChanged, type EventProjection } from '../../shared/domain/records.js';
import { findEventsByIds, upsertEvent } from '../../shared/store/projections/events.js';
import { publishSeriesStandings } from '../../series/app/series-standings.js';
import { changeFleets } from '../../results/app/unit-of-work/fleet-change.js';

export async function projectEvent(context: ServiceContext, client: PoolClient, event: EventProjection, fact: { occurredAt: Date; requestId?: string | undefined }): Promise<void> {
  const [before] = await findEventsByIds(client, [event.id]);
  await changeFleets(context, client, { event, fleetIds: [], requestId: fact.requestId, beforeRead: (locked) => upsertEvent(locked, event, fact.occurredAt) }, async (change) => {
    const [now] = await findEventsByIds(client, [event.id]);
    if (publicSeriesViewChanged(before, now)) await publishSeriesStandings(client, change.series, { publish: async (_client, fact) => change.publish(fact), requestId: fact.requestId });
  });
}
