import { z } from 'zod';
import { queryInt, querySearch } from '@regatta/http';

const searchParam = querySearch(100);

export const historyQuery = z.object({
  year: queryInt(1900, 2200).optional(),
  limit: queryInt(1, 100).default(50),
  offset: queryInt(0, 1_000_000_000).default(0),
});

export const boatsQuery = z.object({
  sailNumber: searchParam,
  q: searchParam,
  limit: queryInt(1, 100).default(20),
  offset: queryInt(0, 1_000_000_000).default(0),
});
