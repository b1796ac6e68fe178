/** SQL of an event's documents (NOR, SI, amendments, notices) and their versions (migration 002). */
import type { Queryable } from '@regatta/db';
import type { DocumentRow, DocumentVersionRow } from './rows.js';
import { isUuid } from './sql.js';

/** `publishedAt` (default: the transaction's time) orders a regatta's documents; a copy passes one per document to keep the source's order. */
export async function insertDocument(db: Queryable, doc: Omit<DocumentRow, 'published_at'>, publishedBy: string | null = null, publishedAt: Date | null = null): Promise<DocumentRow> {
  const result = await db.query<DocumentRow>(
    `INSERT INTO documents (id, event_id, kind, title, url, body, published_at) VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7::timestamptz, now())) RETURNING *`,
    [doc.id, doc.event_id, doc.kind, doc.title, doc.url, doc.body, publishedAt],
  );
  const inserted = result.rows[0]!;
  await insertVersion(db, { document_id: inserted.id, version: 1, kind: inserted.kind, title: inserted.title, url: inserted.url, body: inserted.body, note: null, published_at: inserted.published_at, published_by: publishedBy });
  return inserted;
}

export async function insertVersion(db: Queryable, version: DocumentVersionRow): Promise<void> {
  await db.query(
    `INSERT INTO document_versions (document_id, version, kind, title, url, body, note, published_at, published_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [version.document_id, version.version, version.kind, version.title, version.url, version.body, version.note, version.published_at, version.published_by],
  );
}

export async function documentOfEvent(db: Queryable, eventId: string, documentId: string, lock = false): Promise<DocumentRow | undefined> {
  if (!isUuid(documentId)) return undefined;
  return (await db.query<DocumentRow>(`SELECT * FROM documents WHERE event_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [eventId, documentId])).rows[0];
}

/** The new version in force: the documents row takes its content, the version row keeps it for ever. */
export async function amendDocument(
  db: Queryable,
  current: DocumentRow,
  next: { kind: string; title: string; url: string | null; body: string | null; note: string | null; by: string | null },
): Promise<DocumentRow> {
  const version = (current.version ?? 1) + 1;
  const { rows } = await db.query<DocumentRow>(
    `UPDATE documents SET kind = $2, title = $3, url = $4, body = $5, version = $6, updated_at = clock_timestamp() WHERE id = $1 RETURNING *`,
    [current.id, next.kind, next.title, next.url, next.body, version],
  );
  const row = rows[0]!;
  await insertVersion(db, { document_id: row.id, version, kind: row.kind, title: row.title, url: row.url, body: row.body, note: next.note, published_at: row.updated_at!, published_by: next.by });
  return row;
}

export async function withdrawDocument(db: Queryable, documentId: string, reason: string | null): Promise<DocumentRow> {
  const { rows } = await db.query<DocumentRow>(
    `UPDATE documents SET withdrawn_at = clock_timestamp(), withdrawn_reason = $2 WHERE id = $1 RETURNING *`,
    [documentId, reason],
  );
  return rows[0]!;
}

export async function documentVersions(db: Queryable, documentId: string): Promise<DocumentVersionRow[]> {
  return (await db.query<DocumentVersionRow>('SELECT * FROM document_versions WHERE document_id = $1 ORDER BY version', [documentId])).rows;
}
