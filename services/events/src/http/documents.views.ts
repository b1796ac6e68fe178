/** A document with all its versions (oldest first) to the public JSON shape. */
import type { DocumentRow, DocumentVersionRow } from '../app/records.js';
import { iso } from './events.views.js';

export function documentVersionsJson({ document, versions }: { document: DocumentRow; versions: DocumentVersionRow[] }) {
  return {
    id: document.id,
    eventId: document.event_id,
    currentVersion: document.version ?? 1,
    withdrawnAt: iso(document.withdrawn_at),
    withdrawnReason: document.withdrawn_reason ?? null,
    versions: versions.map((v) => ({
      version: v.version,
      kind: v.kind,
      title: v.title,
      url: v.url,
      body: v.body,
      note: v.note,
      publishedAt: iso(v.published_at),
    })),
  };
}
