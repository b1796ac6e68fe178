/** events.v1 → regatta names, slugs and dates for history entries. Older snapshots are ignored. */
import type { Queryable } from '@regatta/db';

export interface RegattaSnapshot {
  id: string;
  slug: string;
  name: string;
  startDate: Date | null;
  endDate: Date | null;
  status: string;
  sourceUpdatedAt: Date | null;
}

export async function upsertRegatta(db: Queryable, regatta: RegattaSnapshot): Promise<void> {
  await db.query(
    `INSERT INTO regattas (id, slug, name, start_date, end_date, status, source_updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, start_date = EXCLUDED.start_date,
       end_date = EXCLUDED.end_date, status = EXCLUDED.status, source_updated_at = EXCLUDED.source_updated_at
     WHERE regattas.source_updated_at IS NULL OR EXCLUDED.source_updated_at IS NULL
        OR EXCLUDED.source_updated_at >= regattas.source_updated_at`,
    [regatta.id, regatta.slug, regatta.name, regatta.startDate, regatta.endDate, regatta.status, regatta.sourceUpdatedAt],
  );
}
