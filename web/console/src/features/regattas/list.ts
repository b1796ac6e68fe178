/** The regatta list's TanStack query; the requests themselves are in list-request.ts. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { takeEarly } from '../../app/early';
import { earlyListKey, fetchRegattaPage, regattaListKey, type RegattaPage, type RegattaTab } from './list-request';

export * from './list-request';

/** The list's query, shared by the screen and the route loader that starts it early. */
export function regattaListOptions(org: string, show: RegattaTab, q: string) {
  return infiniteQueryOptions({
    queryKey: regattaListKey(org, show, q),
    // The first page may already be on its way, started by the boot script before this code arrived.
    queryFn: ({ pageParam }) => (pageParam === 0 ? takeEarly<RegattaPage>(earlyListKey(org, show, q)) : undefined) ?? fetchRegattaPage(org, show, q, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: RegattaPage) => (last.pagination.hasMore ? last.pagination.offset + last.pagination.limit : undefined),
  });
}
