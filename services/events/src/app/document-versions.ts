/**
 * Document versions: amending publishes a new version and keeps every earlier one
 * readable (an amended sailing instruction leaves the old text on record); withdrawing takes the
 * document out of the regatta's list but its versions stay readable.
 */
import type { DocumentKind } from '@regatta/contracts';
import { withTransaction } from '@regatta/db';
import { notFound, problem, validationFailed, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { amendDocument as amendDocumentRow, documentOfEvent, documentVersions, withdrawDocument as withdrawDocumentRow } from '../store/documents.js';
import type { DocumentRow, DocumentVersionRow } from '../store/rows.js';
import { visibleEvent, writableEvent } from './access.js';
import type { LazyInput } from './input.js';
import { documentAmendedFact, documentWithdrawnFact } from './resource-facts.js';

export interface AmendDocumentInput {
  kind?: DocumentKind | undefined;
  title?: string | undefined;
  url?: string | null | undefined;
  body?: string | null | undefined;
  note?: string | null | undefined;
}

export async function amendDocument(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  documentId: string,
  readInput: LazyInput<AmendDocumentInput>,
  requestId: string,
): Promise<DocumentRow> {
  const event = await writableEvent(context.pool, slug, identity);
  const input = readInput();
  return withTransaction(context.pool, async (client) => {
    const current = await documentOfEvent(client, event.id, documentId, true);
    if (!current) throw notFound(`Document ${documentId}`);
    if (current.withdrawn_at) throw problem('document_withdrawn', `Document ${current.title} was withdrawn; publish a new document instead.`);
    const next = {
      kind: input.kind ?? current.kind,
      title: input.title ?? current.title,
      url: input.url === undefined ? current.url : input.url,
      body: input.body === undefined ? current.body : input.body,
    };
    if (!next.url && !next.body) throw validationFailed([{ field: 'url', message: 'a document needs a url or a body' }]);
    const amended = await amendDocumentRow(client, current, { ...next, note: input.note ?? null, by: identity.userId ?? null });
    await context.publish(client, documentAmendedFact(amended, event.organization_id, input.note ?? null, requestId));
    return amended;
  });
}

export async function withdrawDocument(context: ServiceContext, identity: Identity, slug: string, documentId: string, reason: string | null, requestId: string): Promise<DocumentRow> {
  const event = await writableEvent(context.pool, slug, identity);
  return withTransaction(context.pool, async (client) => {
    const current = await documentOfEvent(client, event.id, documentId, true);
    if (!current) throw notFound(`Document ${documentId}`);
    if (current.withdrawn_at) throw problem('document_withdrawn', `Document ${current.title} is already withdrawn.`);
    const withdrawn = await withdrawDocumentRow(client, current.id, reason);
    await context.publish(client, documentWithdrawnFact(withdrawn, event.organization_id, requestId));
    return withdrawn;
  });
}

/** GET .../documents/{documentId}/versions: every version, oldest first, for whoever may see the regatta. */
export async function listDocumentVersions(context: ServiceContext, identity: Identity, slug: string, documentId: string): Promise<{ document: DocumentRow; versions: DocumentVersionRow[] }> {
  const event = await visibleEvent(context.pool, slug, identity);
  const document = await documentOfEvent(context.pool, event.id, documentId);
  if (!document) throw notFound(`Document ${documentId}`);
  return { document, versions: await documentVersions(context.pool, document.id) };
}
