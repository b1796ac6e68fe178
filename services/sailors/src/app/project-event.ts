/**
 * events.v1 event.created/updated/cancelled → the regatta's name, slug, dates, status and organization
 * for history entries and rankings; fleet.created/updated/deleted → the fleet's class (rankings).
 */
import { timestampDate, type Event, type Fleet } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import { isUuid } from '../domain/boats.js';
import { deleteFleet, markRegattaDeleted, upsertFleet, upsertRegatta } from '../store/projections/events.js';
import { orNull } from './fact-values.js';

export async function projectEvent(client: PoolClient, event: Event): Promise<void> {
  if (!isUuid(event.id)) return;
  await upsertRegatta(client, {
    id: event.id,
    slug: event.slug,
    name: event.name,
    startDate: event.startDate ? timestampDate(event.startDate) : null,
    endDate: event.endDate ? timestampDate(event.endDate) : null,
    status: event.status,
    organizationId: isUuid(event.organization?.id) ? event.organization!.id : null,
    sourceUpdatedAt: event.updatedAt ? timestampDate(event.updatedAt) : null,
  });
}

/** event.deleted: the regatta leaves the rankings' lookups (kept as a tombstone). */
export async function projectEventDeleted(client: PoolClient, deleted: { eventId: string; slug: string; name: string; organizationId: string }): Promise<void> {
  if (!isUuid(deleted.eventId)) return;
  await markRegattaDeleted(client, { id: deleted.eventId, slug: deleted.slug, name: deleted.name, organizationId: isUuid(deleted.organizationId) ? deleted.organizationId : null });
}

export async function projectFleet(client: PoolClient, fleet: Fleet): Promise<void> {
  if (!isUuid(fleet.id) || !isUuid(fleet.eventId)) return;
  await upsertFleet(client, { id: fleet.id, eventId: fleet.eventId, name: fleet.name, classId: orNull(fleet.classId) });
}

export async function projectFleetDeleted(client: PoolClient, fleetId: string): Promise<void> {
  if (isUuid(fleetId)) await deleteFleet(client, fleetId);
}
