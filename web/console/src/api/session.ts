import { useQuery } from '@tanstack/react-query';
import { fetchSession } from './session-request';

export { fetchSession, type Session } from './session-request';

export function useSession() {
  return useQuery({ queryKey: ['session'], queryFn: fetchSession, staleTime: 60_000 });
}
