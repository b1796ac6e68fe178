/**
 * GET split-series: the event's split-series definition as stored (the same record PUT answers), for
 * whoever may read the event (its split standings are as visible). 404 when the event has none.
 */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection } from '../../shared/domain/records.js';
import type { SplitSeriesDefinition } from '../domain/split-series-setup.js';
import { getSplitDefinition } from '../store/split-series.js';
import { visibleEvent } from '../../shared/app/find-event.js';

export async function getSplitSeries(context: ServiceContext, identity: Identity, slug: string): Promise<{ event: EventProjection; definition: SplitSeriesDefinition; updatedAt: Date }> {
  const event = await visibleEvent(context, identity, slug);
  const stored = await getSplitDefinition(context.pool, event.id);
  if (!stored) throw notFound('Split series');
  return { event, definition: stored.definition, updatedAt: stored.updatedAt };
}
