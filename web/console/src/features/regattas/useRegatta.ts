/**
 * The regatta of the current /regattas/:slug screen, shared by the regatta layout and every screen
 * under it (overview, notice board, fleets and races, entries): one TanStack query under
 * ['event', slug], so they all read the same answer and a mutation refreshes them all with
 * invalidateQueries({ queryKey: ['event', slug] }).
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';

export type Regatta = Schemas['EventDetail'];

export function regattaQueryKey(slug: string): readonly ['event', string] {
  return ['event', slug] as const;
}

export async function fetchRegatta(slug: string): Promise<Regatta> {
  const body = await unwrap(api.GET('/api/v1/events/{slug}', { params: { path: { slug } } }));
  return body.data;
}

/** The regatta named by the route's :slug (the query result: isPending, isError, data ...). */
export function useRegatta(): UseQueryResult<Regatta> {
  const { slug = '' } = useParams();
  return useQuery({ queryKey: regattaQueryKey(slug), queryFn: () => fetchRegatta(slug), enabled: slug !== '' });
}
