/**
 * GET /api/v1/events/{slug}/exports/sailwave (behind the gateway, read scope or embed token, like GET
 * standings): the event as a Sailwave `.blw` file to download. The bytes are Windows-1252 (Sailwave's
 * code page) unless a name needs UTF-8; `Sailwave-Encoding` says which, and `Sailwave-Warnings`
 * counts the platform settings the file cannot carry (docs/sailwave.md lists them).
 */
import { identityOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { exportSailwave } from '../app/export-sailwave.js';
import { pathParams, slugParams } from '../../results/http/results.schemas.js';

export function sailwaveExportRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/events/:slug/exports/sailwave',
      handler: async (req, res) => {
        const { slug } = pathParams(slugParams, req, 'Event');
        const file = await exportSailwave(context, identityOf(res), slug);
        res
          .status(200)
          .type('application/octet-stream')
          .set('content-disposition', `attachment; filename="${file.fileName}"`)
          .set('sailwave-encoding', file.encoding)
          .set('sailwave-warnings', String(file.warnings.length))
          .send(Buffer.from(file.bytes));
      },
    },
  ];
}
