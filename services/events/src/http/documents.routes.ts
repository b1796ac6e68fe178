/** Documents of an event (NOR, SI, amendments, notices). */
import { identityOf, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { addDocument } from '../app/add-document.js';
import { createDocumentBody } from './events.schemas.js';
import { documentJson } from './events.views.js';
import { slugParam } from './params.js';
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
  ];
}
