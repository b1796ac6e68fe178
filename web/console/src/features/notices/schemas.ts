/**
 * Notice board forms check what the API checks (documents.yaml addEventDocument and
 * amendEventDocument): a kind, a title of 1-200 characters, and a text (up to 100,000 characters) or
 * a web address (http or https, up to 2,000 characters): a document needs one of the two.
 */
import { z } from 'zod';
import type { Schemas } from '@regatta/client';

export const DOCUMENT_KINDS = ['notice', 'nor', 'si', 'amendment', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export type EventDocument = Schemas['EventDocument'];
export type DocumentVersions = Schemas['DocumentVersions'];

const fields = {
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  body: z.string().max(100_000, 'validation.tooLong'),
  url: z
    .string()
    .trim()
    .max(2000, 'validation.tooLong')
    .refine((value) => value === '' || (/^https?:\/\//i.test(value) && URL.canParse(value)), 'validation.url'),
};

function needsTextOrAddress(values: { body: string; url: string }, ctx: z.RefinementCtx): void {
  if (values.body.trim() === '' && values.url.trim() === '') ctx.addIssue({ code: 'custom', path: ['body'], message: 'notices:validation.textOrUrl' });
}

export const postSchema = z.object(fields).superRefine(needsTextOrAddress);
export type PostValues = z.infer<typeof postSchema>;

export const amendSchema = z
  .object({ ...fields, note: z.string().trim().max(2000, 'validation.tooLong') })
  .superRefine(needsTextOrAddress);
export type AmendValues = z.infer<typeof amendSchema>;

export const emptyPost: PostValues = { kind: 'notice', title: '', body: '', url: '' };

export function toPostRequest(values: PostValues): Schemas['CreateDocumentRequest'] {
  return {
    kind: values.kind,
    title: values.title.trim(),
    ...(values.body.trim() ? { body: values.body } : {}),
    ...(values.url.trim() ? { url: values.url.trim() } : {}),
  };
}

/** The amend form starts from the version in force. */
export function documentToAmend(document: EventDocument): AmendValues {
  return { kind: document.kind, title: document.title, body: document.body ?? '', url: document.url ?? '', note: '' };
}

/** A new version: every field as it now stands (an emptied text or address is cleared with null). */
export function toAmendRequest(values: AmendValues): Schemas['AmendDocumentRequest'] {
  return {
    kind: values.kind,
    title: values.title.trim(),
    body: values.body.trim() ? values.body : null,
    url: values.url.trim() ? values.url.trim() : null,
    note: values.note.trim() ? values.note.trim() : null,
  };
}
