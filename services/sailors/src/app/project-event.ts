/** events.v1 event.created/updated → the regatta's name, slug, dates and status for history entries. */
import { timestampDate, type Event } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import { isUuid } from '../domain/boats.js';
import { upsertRegatta } from '../store/projections/events.js';

export async function projectEvent(client: PoolClient, event: Event): Promise<void> {
  if (!isUuid(event.id)) return;
  await upsertRegatta(client, {
    id: event.id,
    slug: event.slug,
    name: event.name,
    startDate: event.startDate ? timestampDate(event.startDate) : null,
    endDate: event.endDate ? timestampDate(event.endDate) : null,
    status: event.status,
    sourceUpdatedAt: event.updatedAt ? timestampDate(event.updatedAt) : null,
  });
}
