/**
 * An event snapshot (event.created / event.updated) into the projection; a change that alters the
 * public series view (status, name, slug, start date of an event that is or was not a draft) queues
 * series.standings.updated for the series concerned.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { publicSeriesViewChanged, type EventProjection } from '../../shared/domain/records.js';
import { findEventsByIds, upsertEvent } from '../../shared/store/projections/events.js';
import { publishSeriesStandings } from '../../series/app/series-standings.js';
import { lockSeriesOfEvent } from '../../shared/store/locks.js';

export async function projectEvent(context: ServiceContext, client: PoolClient, event: EventProjection, fact: { occurredAt: Date; requestId?: string | undefined }): Promise<void> {
  const [before] = await findEventsByIds(client, [event.id]);
  await upsertEvent(client, event, fact.occurredAt);
  const [now] = await findEventsByIds(client, [event.id]);
  if (publicSeriesViewChanged(before, now)) {
    const series = await lockSeriesOfEvent(client, event.id);
    await publishSeriesStandings(client, series, { publish: (c, f) => context.publish(c, f), requestId: fact.requestId });
  }
}
