/** Request schemas (zod) of the delivery routes. */
import { z } from 'zod';
import { queryOffset } from '@regatta/http';

export const deliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: queryOffset(), // 0..MAX_OFFSET (1,000,000,000)
});
