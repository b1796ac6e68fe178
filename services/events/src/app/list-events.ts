/** GET /events: the public calendar (listed statuses only; an embed token sees its organization's). */
import { LISTED_EVENT_STATUSES, type EventStatus } from '@regatta/contracts';
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { embedScope } from '../domain/visibility.js';
import { listEvents as listEventRows } from '../store/events.js';
import type { EventWithOrgRow } from '../store/rows.js';

export interface ListEventsInput {
  status?: EventStatus | undefined;
  q?: string | undefined;
  after?: Date | undefined;
  before?: Date | undefined;
  org?: string | undefined;
  limit: number;
  offset: number;
}

export async function listEvents(context: ServiceContext, identity: Identity, input: ListEventsInput): Promise<{ rows: EventWithOrgRow[]; hasMore: boolean }> {
  const rows = await listEventRows(context.pool, {
    statuses: input.status ? [input.status] : [...LISTED_EVENT_STATUSES],
    q: input.q || undefined,
    after: input.after,
    before: input.before,
    organizationSlug: input.org,
    organizationId: embedScope(identity),
    limit: input.limit,
    offset: input.offset,
  });
  return { rows: rows.slice(0, input.limit), hasMore: rows.length > input.limit };
}
