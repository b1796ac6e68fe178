/** A series snapshot (series.created) into the projection; its standings queued (series.standings.updated). */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { SeriesProjection } from '../../shared/domain/records.js';
import { lockSeries } from '../../shared/store/locks.js';
import { findSeriesById, upsertSeries } from '../../shared/store/projections/series.js';
import { publishSeriesStandings } from '../../series/app/series-standings.js';

export async function projectSeries(context: ServiceContext, client: PoolClient, series: SeriesProjection, fact: { occurredAt: Date; requestId?: string | undefined }): Promise<void> {
  await upsertSeries(client, series, fact.occurredAt);
  await lockSeries(client, [series.id]);
  const stored = await findSeriesById(client, series.id);
  if (stored) await publishSeriesStandings(client, [stored], { publish: (c, f) => context.publish(c, f), requestId: fact.requestId });
}
