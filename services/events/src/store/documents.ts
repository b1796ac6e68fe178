/** SQL of an event's documents (NOR, SI, amendments, notices). */
import type { Queryable } from '@regatta/db';
import type { DocumentRow } from './rows.js';

export async function insertDocument(db: Queryable, doc: Omit<DocumentRow, 'published_at'>): Promise<DocumentRow> {
  const result = await db.query<DocumentRow>(
    `INSERT INTO documents (id, event_id, kind, title, url, body) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [doc.id, doc.event_id, doc.kind, doc.title, doc.url, doc.body],
  );
  return result.rows[0]!;
}
