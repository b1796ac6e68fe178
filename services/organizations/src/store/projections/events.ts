/** The read-only projection of regattas (from events.v1), used for organization counts and lists. */
import type { Queryable } from '@regatta/db';
import { PUBLIC_STATUSES, type ProjectedEvent } from '../../domain/calendar.js';

interface EventRow {
  id: string;
  organization_id: string;
  organization_slug: string | null;
  organization_name: string | null;
  slug: string;
  name: string;
  description: string | null;
  venue: string | null;
  address: string | null;
  start_date: Date;
  end_date: Date;
  registration_open: Date | null;
  registration_close: Date | null;
  status: string;
  entry_fee: string | null;
  currency: string;
  max_participants: number | null;
  settings: Record<string, unknown> | null;
  source_updated_at: Date | null;
}

function toEvent(row: EventRow): ProjectedEvent {
  return {
    id: row.id,
    organizationId: row.organization_id,
    organizationSlug: row.organization_slug,
    organizationName: row.organization_name,
    slug: row.slug,
    name: row.name,
    description: row.description,
    venue: row.venue,
    address: row.address,
    startDate: row.start_date,
    endDate: row.end_date,
    registrationOpen: row.registration_open,
    registrationClose: row.registration_close,
    status: row.status,
    entryFee: row.entry_fee,
    currency: row.currency,
    maxParticipants: row.max_participants,
    settings: row.settings,
    sourceUpdatedAt: row.source_updated_at,
  };
}

/** Upserts one regatta snapshot; a snapshot older than the stored one is ignored. */
export async function upsertEvent(client: Queryable, event: ProjectedEvent): Promise<void> {
  await client.query(
    `INSERT INTO org_events (id, organization_id, organization_slug, organization_name, slug, name, description, venue, address,
       start_date, end_date, registration_open, registration_close, status, entry_fee, currency, max_participants, settings,
       source_updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
     ON CONFLICT (id) DO UPDATE SET
       organization_id = EXCLUDED.organization_id, organization_slug = EXCLUDED.organization_slug,
       organization_name = EXCLUDED.organization_name, slug = EXCLUDED.slug, name = EXCLUDED.name,
       description = EXCLUDED.description, venue = EXCLUDED.venue, address = EXCLUDED.address,
       start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, registration_open = EXCLUDED.registration_open,
       registration_close = EXCLUDED.registration_close, status = EXCLUDED.status, entry_fee = EXCLUDED.entry_fee,
       currency = EXCLUDED.currency, max_participants = EXCLUDED.max_participants, settings = EXCLUDED.settings,
       source_updated_at = EXCLUDED.source_updated_at, projected_at = now()
     WHERE org_events.source_updated_at IS NULL OR EXCLUDED.source_updated_at IS NULL
        OR EXCLUDED.source_updated_at >= org_events.source_updated_at`,
    [
      event.id,
      event.organizationId,
      event.organizationSlug,
      event.organizationName,
      event.slug,
      event.name,
      event.description,
      event.venue,
      event.address,
      event.startDate,
      event.endDate,
      event.registrationOpen,
      event.registrationClose,
      event.status,
      event.entryFee,
      event.currency,
      event.maxParticipants,
      event.settings === null ? null : JSON.stringify(event.settings),
      event.sourceUpdatedAt,
    ],
  );
}

/** Every public regatta (published, ongoing, completed) of an organization. */
export async function publicEventsOf(db: Queryable, organizationId: string): Promise<ProjectedEvent[]> {
  const result = await db.query<EventRow>(
    `SELECT id, organization_id, organization_slug, organization_name, slug, name, description, venue, address, start_date, end_date,
       registration_open, registration_close, status, entry_fee, currency, max_participants, settings, source_updated_at
     FROM org_events WHERE organization_id = $1 AND status = ANY($2)`,
    [organizationId, [...PUBLIC_STATUSES]],
  );
  return result.rows.map(toEvent);
}

/** event.deleted: a regatta nobody entered was removed. */
export async function deleteEvent(client: Queryable, eventId: string): Promise<void> {
  await client.query('DELETE FROM org_events WHERE id = $1', [eventId]);
}
