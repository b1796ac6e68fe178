/**
 * Import routes (behind the gateway, under /api/v1):
 *   POST /organizations/{slug}/imports/sailwave   a Sailwave .blw file → a draft regatta     write scope, member
 *
 * The body is the file itself (application/octet-stream, text/plain or text/csv), read as a stream by
 * http/upload.ts: the service definition lists this path in rawBodyPaths, so no JSON parser runs.
 */
import { identityOf, notFound, parseInput, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { importSailwave } from '../app/import-sailwave.js';
import type { resultsEnv } from '../../../config.js';
import { dispositionFileName, importParams, importQuery } from './imports.schemas.js';
import { importView } from './imports.views.js';
import { checkUploadMediaType, readUpload } from './upload.js';

export const IMPORT_PATHS = [/^\/api\/v1\/organizations\/[^/]+\/imports\/sailwave\/?$/];

export function importsRoutes(context: ServiceContext<typeof resultsEnv>): RouteDefinition[] {
  const maxBytes = context.config.SAILWAVE_MAX_BYTES;
  const sailwave: RouteDefinition = {
    method: 'post',
    path: '/api/v1/organizations/:slug/imports/sailwave',
    handler: async (req, res) => {
      const identity = identityOf(res);
      const params = importParams.safeParse(req.params);
      if (!params.success) throw notFound('Organization');
      const query = parseInput(importQuery, req.query, 'query');
      checkUploadMediaType(req);
      const fileName = query.fileName ?? dispositionFileName(req.headers['content-disposition']) ?? 'upload.blw';
      const outcome = await importSailwave(context, identity, {
        organization: params.data.slug,
        fileName,
        requestId: requestIdOf(req),
        readFile: () => readUpload(req, maxBytes),
        maxBytes,
      });
      res.status(201).location(`/api/v1/events/${outcome.event.slug}`).json(importView(outcome));
    },
  };
  return [sailwave];
}
