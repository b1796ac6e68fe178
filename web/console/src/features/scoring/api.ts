/**
 * The scoring desk's data, all through @regatta/client under the regatta's ['event', slug] key (a
 * change anywhere in the regatta refreshes it): fleets and races (getEvent), the fleet's entered boats
 * (listRegistrations), a race's results (getEventResults), its revisions (listResultRevisions), the
 * standings (getEventStandings), and the changes: submitRaceResults, revertRaceResults,
 * postFleetResults, makeFleetResultsOfficial.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, ApiError, unwrap } from '../../api/client';
import { fetchEntries } from '../entries/api';
import type { Boat, Submission } from './sheet';

export type Fleet = Schemas['Fleet'];
export type Race = Schemas['Race'];
export type RaceResults = Schemas['ResultsRaceResults'];
export type Revision = Schemas['ResultsRevision'];
export type FleetStatus = Schemas['ResultsFleetStatus'];
export type StandingEntry = Schemas['ResultsStandingEntry'];

export function useFleetsAndRaces(slug: string) {
  return useQuery({
    queryKey: ['event', slug, 'scoring', 'fleets'],
    queryFn: async (): Promise<{ fleets: Fleet[]; races: Race[] }> => {
      const body = await unwrap(api.GET('/api/v1/events/{slug}', { params: { path: { slug }, query: { include: 'fleets,races' } } }));
      return { fleets: body.data.fleets ?? [], races: body.data.races ?? [] };
    },
    enabled: slug !== '',
  });
}

/** The boats entered in a fleet (registered or no-show: both may be scored), in sail number order. */
export function useFleetBoats(slug: string, fleetId: string) {
  return useQuery({
    queryKey: ['event', slug, 'scoring', 'boats', fleetId],
    queryFn: async (): Promise<Boat[]> => {
      const entries = await fetchEntries(slug);
      return entries
        .filter((entry) => entry.fleetId === fleetId && entry.status !== 'waitlisted')
        .map((entry) => ({ id: entry.boat.id, sail: entry.boat.sailNumber ?? '', name: entry.boat.name }))
        .sort((a, b) => a.sail.localeCompare(b.sail, undefined, { numeric: true }));
    },
    enabled: slug !== '' && fleetId !== '',
  });
}

export function useRaceResults(slug: string, raceId: string) {
  return useQuery({
    queryKey: ['event', slug, 'scoring', 'results', raceId],
    queryFn: async (): Promise<RaceResults | null> => {
      const body = await unwrap(api.GET('/api/v1/events/{slug}/results', { params: { path: { slug }, query: { race: raceId } } }));
      return body.data.races.find((entry) => entry.race.id === raceId) ?? null;
    },
    enabled: slug !== '' && raceId !== '',
  });
}

export function useRevisions(slug: string, raceId: string) {
  return useQuery({
    queryKey: ['event', slug, 'scoring', 'revisions', raceId],
    queryFn: async (): Promise<Revision[]> => {
      const body = await unwrap(api.GET('/api/v1/events/{slug}/results/revisions', { params: { path: { slug }, query: { race: raceId, limit: 100 } } }));
      return body.data.revisions;
    },
    enabled: slug !== '' && raceId !== '',
  });
}

/** Each fleet's standings and its status (provisional or official, protest deadline). */
export function useStandings(slug: string) {
  return useQuery({
    queryKey: ['event', slug, 'scoring', 'standings'],
    queryFn: async () => (await unwrap(api.GET('/api/v1/events/{slug}/standings', { params: { path: { slug } } }))).data,
    enabled: slug !== '',
  });
}

export function useScoringChanges(slug: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['event', slug] });
  const submit = useMutation({
    mutationFn: ({ raceId, body }: { raceId: string; body: Submission }) =>
      // The client types each entry variant as an intersection (a clean finish's `code` as undefined only);
      // toSubmission builds the document's ResultsSubmission, which the service validates itself.
      unwrap(api.POST('/api/v1/events/{slug}/races/{raceId}/results', { params: { path: { slug, raceId } }, body: body as never })),
    onSuccess: refresh,
  });
  const revert = useMutation({
    mutationFn: ({ raceId, revision, reason }: { raceId: string; revision: string; reason: string }) =>
      unwrap(api.POST('/api/v1/events/{slug}/races/{raceId}/results/revert', { params: { path: { slug, raceId } }, body: { revision, reason } })),
    onSettled: refresh,
  });
  const post = useMutation({
    mutationFn: (fleetId: string) => unwrap(api.POST('/api/v1/events/{slug}/fleets/{fleetId}/results/publish', { params: { path: { slug, fleetId } }, body: {} })),
    onSettled: refresh,
  });
  const official = useMutation({
    mutationFn: (fleetId: string) => unwrap(api.POST('/api/v1/events/{slug}/fleets/{fleetId}/results/official', { params: { path: { slug, fleetId } }, body: {} })),
    onSettled: refresh,
  });
  return { submit, revert, post, official };
}

export type Preview = Schemas['ResultsPreview'];

/** The dry run of a sheet (previewRaceResults): the race and the standings as saving would make them. */
export function usePreview(slug: string) {
  return useMutation({
    mutationFn: async ({ raceId, body }: { raceId: string; body: Submission }): Promise<Preview> =>
      (await unwrap(api.POST('/api/v1/events/{slug}/races/{raceId}/results/preview', { params: { path: { slug, raceId } }, body: body as never }))).data,
  });
}

export type Overall = Schemas['OverallAnswer']['data'];

/** The overall result across fleets (getOverallResult); null while the committee has defined none (404). */
export function useOverall(slug: string) {
  return useQuery({
    queryKey: ['event', slug, 'scoring', 'overall'],
    queryFn: async (): Promise<Overall | null> => {
      try {
        return (await unwrap(api.GET('/api/v1/events/{slug}/overall', { params: { path: { slug } } }))).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: slug !== '',
  });
}
