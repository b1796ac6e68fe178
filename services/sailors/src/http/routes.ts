import type { RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';

// Skeleton route proving the gateway -> service -> PostgreSQL path; replaced by the real routes.
export function routes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/_ping/sailors',
      handler: async (_req, res) => {
        const result = await context.pool.query<{ now: Date }>('SELECT now() AS now');
        res.json({ service: 'sailors', databaseTime: result.rows[0]?.now });
      },
    },
  ];
}
