/**
 * TanStack Query holds every answer of the API the console shows. A refusal (4xx) is final and not
 * retried; a dropped connection or a 5xx is retried twice. A 401 anywhere means the session ended:
 * the session query is reset, and the guarded screens send the person to sign in (coming back after).
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './problem';

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

function onError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) void queryClient.invalidateQueries({ queryKey: ['session'] });
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 15_000, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});
