/**
 * The jury room's data, all through @regatta/client under the regatta's ['event', slug] key (a change
 * anywhere in the regatta refreshes it): the cases as the committee sees them (listProtests), the
 * races and entered boats that cases name (getEvent include=fleets,registrations,races), and the
 * public notice board (the regatta page's JSON twin) that shows hearings and decisions to everyone.
 * The changes (lodge, schedule, decide, withdraw) refresh the regatta's queries afterwards.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';
import type { Protest } from './schemas';

export interface RaceRef {
  id: string;
  label: { raceNumber: number; fleet: string };
  fleetId: string;
}

export interface BoatRef {
  id: string;
  sailNumber: string | null;
  name: string;
  fleetId: string;
}

export interface JuryContext {
  races: RaceRef[];
  boats: BoatRef[];
}

export const protestsKey = (slug: string) => ['event', slug, 'jury', 'protests'] as const;

export function useJuryContext(slug: string) {
  return useQuery({
    queryKey: ['event', slug, 'jury', 'context'],
    queryFn: async (): Promise<JuryContext> => {
      const body = await unwrap(api.GET('/api/v1/events/{slug}', { params: { path: { slug }, query: { include: 'fleets,registrations,races' } } }));
      const fleets = new Map((body.data.fleets ?? []).map((fleet) => [fleet.id, fleet.name]));
      const races = (body.data.races ?? [])
        .map((race) => ({ id: race.id, fleetId: race.fleetId, label: { raceNumber: race.raceNumber, fleet: fleets.get(race.fleetId) ?? '' } }))
        .sort((a, b) => a.label.fleet.localeCompare(b.label.fleet) || a.label.raceNumber - b.label.raceNumber);
      const boats = (body.data.registrations ?? [])
        .filter((entry) => entry.status === 'registered')
        .map((entry) => ({ id: entry.boat.id, sailNumber: entry.boat.sailNumber ?? null, name: entry.boat.name, fleetId: entry.fleetId }))
        .sort((a, b) => (a.sailNumber ?? a.name).localeCompare(b.sailNumber ?? b.name, 'en', { numeric: true }));
      return { races, boats };
    },
    enabled: slug !== '',
  });
}

/** The cases; `refetchInterval` keeps a board on a clubhouse screen up to date by itself. */
export function useProtests(slug: string, refetchInterval?: number) {
  return useQuery({
    queryKey: protestsKey(slug),
    queryFn: async (): Promise<Protest[]> => (await unwrap(api.GET('/api/v1/events/{slug}/protests', { params: { path: { slug } } }))).data,
    enabled: slug !== '',
    ...(refetchInterval ? { refetchInterval, refetchIntervalInBackground: true } : {}),
  });
}

export type PublicCase = Schemas['PublicNoticeCase'];

/** The notice board as the public reads it (a draft regatta has none: empty). */
export function useNoticeBoardCases(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: ['event', slug, 'jury', 'notice-board'],
    queryFn: async (): Promise<PublicCase[]> => (await unwrap(api.GET('/regattas/{eventSlug}.json', { params: { path: { eventSlug: slug } } }))).data.cases,
    enabled: enabled && slug !== '',
    // The public side follows the facts a moment after the decision.
    refetchInterval: (query) => (query.state.dataUpdateCount < 20 ? 3_000 : 30_000),
  });
}

export function useJuryActions(slug: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['event', slug] });
  const path = (protestId: string) => ({ params: { path: { slug, protestId } } });
  const lodge = useMutation({
    mutationFn: async (body: Schemas['ProtestLodging']): Promise<Protest> => (await unwrap(api.POST('/api/v1/events/{slug}/protests', { params: { path: { slug } }, body }))).data,
    onSettled: refresh,
  });
  const schedule = useMutation({
    mutationFn: async ({ id, body }: { id: string; body: { startsAt: string; room: string } }): Promise<Protest> =>
      (await unwrap(api.POST('/api/v1/events/{slug}/protests/{protestId}/hearing', { ...path(id), body }))).data,
    onSettled: refresh,
  });
  const decide = useMutation({
    mutationFn: async ({ id, body }: { id: string; body: { factsFound: string; conclusions: string; rulesApplied?: string[]; consequences: Schemas['ProtestConsequenceInput'][] } }): Promise<Protest> =>
      (await unwrap(api.POST('/api/v1/events/{slug}/protests/{protestId}/decision', { ...path(id), body }))).data,
    onSettled: refresh,
  });
  const withdraw = useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }): Promise<Protest> =>
      (await unwrap(api.POST('/api/v1/events/{slug}/protests/{protestId}/withdrawal', { ...path(id), body: { reason } }))).data,
    onSettled: refresh,
  });
  return { lodge, schedule, decide, withdraw };
}
