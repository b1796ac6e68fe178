/** Documents of an event (NOR, SI, amendments, notices): publish, amend (new version), withdraw, read versions. */
import { identityOf, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { addDocument } from '../app/add-document.js';
import { amendDocument, listDocumentVersions, withdrawDocument } from '../app/document-versions.js';
import { amendDocumentBody, withdrawDocumentQuery } from './changes.schemas.js';
import { documentVersionsJson } from './documents.views.js';
import { createDocumentBody } from './events.schemas.js';
import { documentJson } from './events.views.js';
import { documentIdParam, slugParam } from './params.js';
import { parse } from './parse.js';

export function documentRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/v1/events/:slug/documents',
      handler: async (req, res) => {
        const doc = await addDocument(context, identityOf(res), slugParam(req), () => parse(createDocumentBody, req.body, 'body'), requestIdOf(req));
        res.status(201).json({ data: documentJson(doc), message: `Document ${doc.title} added.` });
      },
    },
    {
      method: 'patch',
      path: '/api/v1/events/:slug/documents/:documentId',
      handler: async (req, res) => {
        const doc = await amendDocument(context, identityOf(res), slugParam(req), documentIdParam(req), () => parse(amendDocumentBody, req.body, 'body'), requestIdOf(req));
        res.json({ data: documentJson(doc), message: `Document ${doc.title} amended (version ${doc.version ?? 1}); earlier versions stay readable.` });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/events/:slug/documents/:documentId',
      handler: async (req, res) => {
        const { reason } = parse(withdrawDocumentQuery, req.query, 'query');
        const doc = await withdrawDocument(context, identityOf(res), slugParam(req), documentIdParam(req), reason ?? null, requestIdOf(req));
        res.json({ message: `Document ${doc.title} withdrawn; its versions stay readable.` });
      },
    },
    {
      method: 'get',
      path: '/api/v1/events/:slug/documents/:documentId/versions',
      handler: async (req, res) => {
        res.json({ data: documentVersionsJson(await listDocumentVersions(context, identityOf(res), slugParam(req), documentIdParam(req))) });
      },
    },
  ];
}
