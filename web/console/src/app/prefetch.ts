/**
 * Route loaders that start the first requests of a screen in parallel with the download of its code
 * (React Router runs the loaders of every matched route and their lazy chunks at once). They only
 * fill TanStack Query's cache; the screens read the same queries, so nothing is fetched twice.
 */
import { queryClient } from '../api/query';
import { fetchSession } from '../api/session';

export async function prefetchSession(): Promise<null> {
  await queryClient.prefetchQuery({ queryKey: ['session'], queryFn: fetchSession, staleTime: 60_000 });
  return null;
}
