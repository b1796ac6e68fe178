import { z } from 'zod';
import { queryInt, queryOffset } from '@regatta/http';

export const historyQuery = z.object({
  year: queryInt(1900, 2200).optional(),
  limit: queryInt(1, 100).default(50),
  offset: queryOffset(), // 0..MAX_OFFSET (1,000,000,000)
});
