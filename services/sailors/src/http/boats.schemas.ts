import { z } from 'zod';
import { queryInt, queryOffset, querySearch } from '@regatta/http';

const searchParam = querySearch(100);

export const boatsQuery = z.object({
  sailNumber: searchParam,
  q: searchParam,
  limit: queryInt(1, 100).default(20),
  offset: queryOffset(), // 0..MAX_OFFSET (1,000,000,000)
});
