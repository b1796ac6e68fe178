/** GET /series: by year and organization (an embed token sees its organization's only); events filtered per caller. */
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { embedScope } from '../domain/visibility.js';
import { eventsByIds } from '../store/events.js';
import { findOrganization } from '../store/projections/organizations.js';
import { listSeries as listSeriesRows } from '../store/series.js';
import { withVisibleEvents, type SeriesWithEvents } from './series-events.js';

export interface ListSeriesInput {
  year?: number | undefined;
  org?: string | undefined;
  limit: number;
  offset: number;
}

export async function listSeries(context: ServiceContext, identity: Identity, input: ListSeriesInput): Promise<{ items: SeriesWithEvents[]; hasMore: boolean }> {
  const { pool } = context;
  let organizationId = embedScope(identity);
  if (input.org) {
    // No projection wait: an organization not (yet) known simply has no series to list.
    const org = (await findOrganization(pool, input.org))?.id;
    if (!org || (organizationId !== undefined && org !== organizationId)) return { items: [], hasMore: false };
    organizationId = org;
  }
  const rows = await listSeriesRows(pool, { year: input.year, organizationId, limit: input.limit, offset: input.offset });
  const page = rows.slice(0, input.limit);
  const events = new Map((await eventsByIds(pool, [...new Set(page.flatMap((row) => row.event_ids))])).map((row) => [row.id, row]));
  return { items: page.map((row) => withVisibleEvents(row, events, identity)), hasMore: rows.length > input.limit };
}
