/** SQL of the imports this service owns (migrations/005_imports.sql). */
import type { Queryable } from '@regatta/db';

export interface NewImport {
  id: string;
  organizationId: string;
  eventId: string;
  source: 'sailwave';
  fileName: string;
  fileSha256: string;
  fileBytes: number;
  userId: string | null;
  keyId: string | null;
  draft: unknown;
  warnings: unknown;
}

export async function insertImport(q: Queryable, row: NewImport): Promise<void> {
  await q.query(
    `INSERT INTO imports (id, organization_id, event_id, source, file_name, file_sha256, file_bytes, user_id, key_id, draft, warnings)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [row.id, row.organizationId, row.eventId, row.source, row.fileName, row.fileSha256, row.fileBytes, row.userId, row.keyId, JSON.stringify(row.draft), JSON.stringify(row.warnings)],
  );
}

/** Keeps the answer the import gave (parity per fleet, warnings) with its row. */
export async function saveImportReport(q: Queryable, id: string, report: unknown): Promise<void> {
  await q.query('UPDATE imports SET report = $2 WHERE id = $1', [id, JSON.stringify(report)]);
}

/** Slugs of events already projected here that start with `base` (the importer picks a free one). */
export async function eventSlugsLike(q: Queryable, base: string): Promise<Set<string>> {
  const { rows } = await q.query<{ slug: string }>(`SELECT slug FROM events WHERE slug = $1 OR slug LIKE $2`, [base, `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`]);
  return new Set(rows.map((r) => r.slug));
}

/** What results-scoring has projected of an imported regatta so far. */
export async function projectedCounts(q: Queryable, eventId: string): Promise<{ event: boolean; fleets: number; races: number; registrations: number }> {
  const { rows } = await q.query<{ event: boolean; fleets: number; races: number; registrations: number }>(
    `SELECT EXISTS (SELECT 1 FROM events WHERE id = $1) AS event,
            (SELECT count(*)::int FROM fleets WHERE event_id = $1) AS fleets,
            (SELECT count(*)::int FROM races WHERE event_id = $1) AS races,
            (SELECT count(*)::int FROM registrations WHERE event_id = $1) AS registrations`,
    [eventId],
  );
  return rows[0]!;
}
