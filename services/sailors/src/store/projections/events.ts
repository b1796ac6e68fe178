/** events.v1 → regatta names, slugs and dates for history entries. Older snapshots are ignored. */
import type { Queryable } from '@regatta/db';

export interface RegattaSnapshot {
  id: string;
  slug: string;
  name: string;
  startDate: Date | null;
  endDate: Date | null;
  status: string;
  organizationId: string | null;
  sourceUpdatedAt: Date | null;
}

export async function upsertRegatta(db: Queryable, regatta: RegattaSnapshot): Promise<void> {
  await db.query(
    `INSERT INTO regattas (id, slug, name, start_date, end_date, status, organization_id, source_updated_at) VALUES ($1, $2, $3, $4, $5, $6, $8, $7)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, start_date = EXCLUDED.start_date,
       end_date = EXCLUDED.end_date, status = EXCLUDED.status, source_updated_at = EXCLUDED.source_updated_at,
       organization_id = coalesce(EXCLUDED.organization_id, regattas.organization_id)
     WHERE regattas.status <> 'deleted' AND (regattas.source_updated_at IS NULL OR EXCLUDED.source_updated_at IS NULL
        OR EXCLUDED.source_updated_at >= regattas.source_updated_at)`,
    [regatta.id, regatta.slug, regatta.name, regatta.startDate, regatta.endDate, regatta.status, regatta.sourceUpdatedAt, regatta.organizationId],
  );
}

/**
 * event.deleted: the regatta is kept as a tombstone (status `deleted`, never overwritten by an older
 * fact), so a factor or slug lookup cannot land on it and a later regatta may reuse its slug.
 */
export async function markRegattaDeleted(db: Queryable, regatta: { id: string; slug: string; name: string; organizationId: string | null }): Promise<void> {
  await db.query(
    `INSERT INTO regattas (id, slug, name, status, organization_id, source_updated_at) VALUES ($1, $2, $3, 'deleted', $4, 'infinity')
     ON CONFLICT (id) DO UPDATE SET status = 'deleted', source_updated_at = 'infinity'`,
    [regatta.id, regatta.slug, regatta.name, regatta.organizationId],
  );
}

/** fleet.created / fleet.updated: the fleet's name and class (the rankings' class filter). */
export async function upsertFleet(db: Queryable, fleet: { id: string; eventId: string; name: string; classId: string | null }): Promise<void> {
  await db.query(
    `INSERT INTO fleets (id, event_id, name, class_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET event_id = EXCLUDED.event_id, name = EXCLUDED.name, class_id = EXCLUDED.class_id`,
    [fleet.id, fleet.eventId, fleet.name, fleet.classId],
  );
}

export async function deleteFleet(db: Queryable, fleetId: string): Promise<void> {
  await db.query(`DELETE FROM fleets WHERE id = $1`, [fleetId]);
}
