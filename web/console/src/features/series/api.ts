/**
 * Multi-event series of an organization, all through @regatta/client under the ['series', org] key:
 * the organization's series (listSeries ?org=), one series with its regattas (getSeries), its
 * standings across the regattas (getSeriesStandings, from results-scoring), and the changes:
 * createSeries and updateSeries (events owns series). The organization's regattas are the ones a
 * series can span.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';

export type SeriesSummary = Schemas['SeriesSummary'];
export type SeriesDetail = Schemas['SeriesDetail'];
export type SeriesStandingEntry = Schemas['ResultsSeriesStandingEntry'];

export function useSeriesList(org: string) {
  return useQuery({
    queryKey: ['series', org, 'list'],
    queryFn: async (): Promise<SeriesSummary[]> => (await unwrap(api.GET('/api/v1/series', { params: { query: { org, limit: 100 } } }))).data,
    enabled: org !== '',
  });
}

export function useSeries(org: string, slug: string) {
  return useQuery({
    queryKey: ['series', org, 'one', slug],
    queryFn: async (): Promise<SeriesDetail> => (await unwrap(api.GET('/api/v1/series/{slug}', { params: { path: { slug } } }))).data,
    enabled: slug !== '',
  });
}

/**
 * The standings are ranked by results-scoring after the series' facts reach it, a moment after a
 * series is created or changed: until `followUntil` (a time in ms) they are asked again every 1.5 s.
 */
export function useSeriesStandings(org: string, slug: string, followUntil = 0) {
  return useQuery({
    queryKey: ['series', org, 'standings', slug],
    queryFn: async () => (await unwrap(api.GET('/api/v1/series/{slug}/standings', { params: { path: { slug } } }))).data,
    enabled: slug !== '',
    refetchInterval: () => (Date.now() < followUntil ? 1500 : false),
  });
}

export function useSeriesChanges(org: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['series', org] });
  const create = useMutation({
    mutationFn: (body: Schemas['CreateSeriesRequest']) => unwrap(api.POST('/api/v1/series', { body })),
    onSuccess: refresh,
  });
  const change = useMutation({
    mutationFn: ({ slug, body }: { slug: string; body: Schemas['UpdateSeriesRequest'] }) => unwrap(api.PATCH('/api/v1/series/{slug}', { params: { path: { slug } }, body })),
    onSuccess: refresh,
  });
  return { create, change };
}
