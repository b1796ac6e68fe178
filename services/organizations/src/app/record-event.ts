/** events.v1 -> org_events: keeps the newest snapshot of each regatta (older ones never overwrite). */
import type { PoolClient } from '@regatta/db';
import type { ProjectedEvent } from '../domain/calendar.js';
import { deleteEvent, upsertEvent } from '../store/projections/events.js';

export async function recordEvent(client: PoolClient, event: ProjectedEvent): Promise<void> {
  await upsertEvent(client, event);
}

export async function forgetEvent(client: PoolClient, eventId: string): Promise<void> {
  await deleteEvent(client, eventId);
}
