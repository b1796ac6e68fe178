/**
 * Route loaders that start the first requests of a screen in parallel with the download of its code
 * (React Router runs the loaders of every matched route and their lazy chunks at once). They only
 * fill TanStack Query's cache; the screens read the same queries, so nothing is fetched twice.
 */
import { queryClient } from '../api/query';
import { fetchSession, type Session } from '../api/session';
import { takeEarly } from './early';
import { regattaListOptions, tabOf } from '../features/regattas/list';
import type { LoaderFunctionArgs } from 'react-router';

export async function prefetchSession(): Promise<null> {
  await queryClient.prefetchQuery({ queryKey: ['session'], queryFn: () => takeEarly<Session | null>('session') ?? fetchSession(), staleTime: 60_000 });
  return null;
}

/** The landing screen's list (an organization's regattas, the tab and search of the address). */
export async function prefetchRegattaList({ params, request }: LoaderFunctionArgs): Promise<null> {
  const org = params['org'];
  if (!org) return null;
  const search = new URL(request.url).searchParams;
  // Not awaited: the screen shows its own loading state; a refusal is the screen's to show.
  void queryClient.prefetchInfiniteQuery(regattaListOptions(org, tabOf(search.get('show')), search.get('q')?.trim() ?? ''));
  return null;
}
