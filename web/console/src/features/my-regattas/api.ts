/**
 * The sailor's own page: her entries (listMyRegistrations, every page), her boats with their ratings
 * (listMyBoats) and her racing history with its statistics from the sailors service
 * (getSailorHistory; a sailor the sailors service has not met yet has none: 404 reads as empty).
 */
import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap, ApiError } from '../../api/client';

export type MyEntry = Schemas['MyRegistration'];
export type History = { stats: Schemas['SailorStats']; history: Schemas['SailorHistoryEntry'][] };

export async function fetchMyEntries(): Promise<MyEntry[]> {
  const entries: MyEntry[] = [];
  for (let offset = 0; ; offset += 100) {
    const body = await unwrap(api.GET('/api/v1/me/registrations', { params: { query: { limit: 100, offset } } }));
    entries.push(...body.data);
    if (!body.pagination.hasMore || body.data.length === 0) return entries;
  }
}

export function useMyEntries() {
  return useQuery({ queryKey: ['me', 'registrations'], queryFn: fetchMyEntries });
}

export function useMyHistory(userId: string | undefined) {
  return useQuery({
    queryKey: ['me', 'history', userId],
    enabled: !!userId,
    queryFn: async (): Promise<History | null> => {
      try {
        const body = await unwrap(api.GET('/api/v1/sailors/{id}/history', { params: { path: { id: userId! }, query: { limit: 100 } } }));
        return { stats: body.stats, history: body.history };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** Entries of regattas still to come (or under way), the soonest first; the rest are past. */
export function splitByDate(entries: readonly MyEntry[], now: Date): { upcoming: MyEntry[]; past: MyEntry[] } {
  const ends = (entry: MyEntry) => new Date(entry.event.endDate ?? entry.event.startDate ?? 0).getTime();
  const upcoming = entries.filter((entry) => ends(entry) >= now.getTime()).sort((a, b) => (a.event.startDate ?? '').localeCompare(b.event.startDate ?? ''));
  const past = entries.filter((entry) => ends(entry) < now.getTime());
  return { upcoming, past };
}
