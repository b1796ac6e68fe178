/** Regattas (from events.v1 snapshots) and their fleets: names, slugs and time zones for messages. */
import type { Queryable } from '@regatta/db';
import type { RegattaRef } from '../../domain/message.js';

export interface ProjectedRegatta {
  id: string;
  organizationId: string | null;
  slug: string;
  name: string;
  timeZone: string | null;
  status: string;
  sourceUpdatedAt: Date | null;
}

/** Keeps the newest snapshot (an older one never overwrites). */
export async function upsertRegatta(db: Queryable, regatta: ProjectedRegatta): Promise<void> {
  await db.query(
    `INSERT INTO regattas (id, organization_id, slug, name, time_zone, status, source_updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET organization_id = EXCLUDED.organization_id, slug = EXCLUDED.slug, name = EXCLUDED.name,
       time_zone = EXCLUDED.time_zone, status = EXCLUDED.status, source_updated_at = EXCLUDED.source_updated_at
     WHERE regattas.source_updated_at IS NULL OR EXCLUDED.source_updated_at IS NULL OR EXCLUDED.source_updated_at >= regattas.source_updated_at`,
    [regatta.id, regatta.organizationId, regatta.slug, regatta.name, regatta.timeZone, regatta.status, regatta.sourceUpdatedAt],
  );
}

export async function deleteRegatta(db: Queryable, eventId: string): Promise<void> {
  await db.query('DELETE FROM regattas WHERE id = $1', [eventId]);
}

export interface RegattaRow extends RegattaRef {
  organizationId: string | null;
}

export async function findRegatta(db: Queryable, eventId: string): Promise<RegattaRow | undefined> {
  const result = await db.query<{ organization_id: string | null; slug: string; name: string; time_zone: string | null }>(
    'SELECT organization_id, slug, name, time_zone FROM regattas WHERE id = $1',
    [eventId],
  );
  const row = result.rows[0];
  return row ? { organizationId: row.organization_id, slug: row.slug, name: row.name, timeZone: row.time_zone } : undefined;
}

export async function upsertFleet(db: Queryable, fleet: { id: string; eventId: string; name: string }): Promise<void> {
  await db.query(
    `INSERT INTO fleets (id, event_id, name) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET event_id = EXCLUDED.event_id, name = EXCLUDED.name`,
    [fleet.id, fleet.eventId, fleet.name],
  );
}

export async function deleteFleet(db: Queryable, fleetId: string): Promise<void> {
  await db.query('DELETE FROM fleets WHERE id = $1', [fleetId]);
}

export async function fleetName(db: Queryable, fleetId: string): Promise<string | undefined> {
  const result = await db.query<{ name: string }>('SELECT name FROM fleets WHERE id = $1', [fleetId]);
  return result.rows[0]?.name;
}
