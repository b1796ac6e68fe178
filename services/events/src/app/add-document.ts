/** POST /events/{slug}/documents: a notice, NOR, SI or amendment (a link or a text). */
import { randomUUID } from 'node:crypto';
import type { DocumentKind } from '@regatta/contracts';
import { withTransaction } from '@regatta/db';
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { insertDocument } from '../store/documents.js';
import type { DocumentRow } from '../store/rows.js';
import { writableEvent } from './access.js';
import { documentAddedFact } from './facts.js';
import type { LazyInput } from './input.js';

export interface AddDocumentInput {
  kind: DocumentKind;
  title: string;
  url?: string | null | undefined;
  body?: string | null | undefined;
}

export async function addDocument(context: ServiceContext, identity: Identity, slug: string, readInput: LazyInput<AddDocumentInput>, requestId: string): Promise<DocumentRow> {
  const event = await writableEvent(context.pool, slug, identity);
  const input = readInput();
  return withTransaction(context.pool, async (client) => {
    const doc = await insertDocument(client, { id: randomUUID(), event_id: event.id, kind: input.kind, title: input.title, url: input.url ?? null, body: input.body ?? null }, identity.userId ?? null);
    await context.publish(client, documentAddedFact(doc, event.organization_id, requestId));
    return doc;
  });
}
