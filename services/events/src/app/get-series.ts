/** GET /series/{slug}: the series with the events the caller may see (an embed token: its organization's series only). */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { eventsByIds } from '../store/events.js';
import { seriesBySlug } from '../store/series.js';
import { withVisibleEvents, type SeriesWithEvents } from './series-events.js';

export async function getSeries(context: ServiceContext, identity: Identity, slug: string): Promise<SeriesWithEvents> {
  const row = await seriesBySlug(context.pool, slug);
  if (!row || (identity.via === 'embed' && row.organization_id !== identity.embedOrganizationId)) throw notFound(`Series ${slug}`);
  const events = new Map((await eventsByIds(context.pool, row.event_ids)).map((event) => [event.id, event]));
  return withVisibleEvents(row, events, identity);
}
