/**
 * An organization's ranking lists, all through @regatta/client under the ['rankings', org] key:
 * the lists (listRankings), one list computed now with its factors and latest edition (getRanking),
 * and the changes: createRanking, changeRanking (formula, filters, factor, name, visibility),
 * setRankingFactor, publishRanking. The organization's regattas
 * (listOrganizationEvents) are the ones a factor can grade.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';
import { fetchRegattaPage } from '../regattas/list-request';

export type RankingList = Schemas['RankingList'];
export type Ranking = Schemas['Ranking'];

export function useRankingLists(org: string) {
  return useQuery({
    queryKey: ['rankings', org, 'lists'],
    queryFn: async (): Promise<RankingList[]> =>
      (await unwrap(api.GET('/api/v1/organizations/{slug}/rankings', { params: { path: { slug: org }, query: { limit: 100 } } }))).rankings,
    enabled: org !== '',
  });
}

export function useRanking(org: string, listId: string) {
  return useQuery({
    queryKey: ['rankings', org, 'list', listId],
    queryFn: async (): Promise<Ranking> =>
      unwrap(api.GET('/api/v1/organizations/{slug}/rankings/{listId}', { params: { path: { slug: org, listId }, query: { limit: 100 } } })),
    enabled: org !== '' && listId !== '',
  });
}

/** The organization's regattas (drafts included) a factor can name. */
export function useOrganizationRegattas(org: string) {
  return useQuery({
    queryKey: ['regattas', org, 'all', '', 'for-rankings'],
    queryFn: async () => (await fetchRegattaPage(org, 'all', '', 0)).data,
    enabled: org !== '',
  });
}

export function useRankingChanges(org: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['rankings', org] });
  const create = useMutation({
    mutationFn: (body: Schemas['RankingListInput']) => unwrap(api.POST('/api/v1/organizations/{slug}/rankings', { params: { path: { slug: org } }, body })),
    onSuccess: refresh,
  });
  const change = useMutation({
    mutationFn: ({ listId, body }: { listId: string; body: Schemas['RankingListChange'] }) =>
      unwrap(api.PATCH('/api/v1/organizations/{slug}/rankings/{listId}', { params: { path: { slug: org, listId } }, body })),
    onSuccess: refresh,
  });
  const factor = useMutation({
    mutationFn: ({ listId, eventSlug, factor }: { listId: string; eventSlug: string; factor: number }) =>
      unwrap(api.PUT('/api/v1/organizations/{slug}/rankings/{listId}/events/{eventSlug}', { params: { path: { slug: org, listId, eventSlug } }, body: { factor } })),
    onSuccess: refresh,
  });
  const publish = useMutation({
    mutationFn: (listId: string) => unwrap(api.POST('/api/v1/organizations/{slug}/rankings/{listId}/publish', { params: { path: { slug: org, listId } }, body: {} })),
    onSuccess: refresh,
  });
  return { create, change, factor, publish };
}
