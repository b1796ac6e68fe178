/**
 * The race's finishes captured on the water, read beside the finish sheet through @regatta/client:
 * the reconciled finish order of the recorders (getFinishReconciliation) and the race's revisions
 * (whether the results still follow the water), and resolving an unidentified boat (recordFinish: a
 * new finish record at the unknown's time naming it in `replaces`). All under the regatta's
 * ['event', slug] key, so a resolve refreshes the sheet's data too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';

export type Reconciliation = Schemas['FinishReconciliation'];

export function useReconciliation(slug: string, raceId: string) {
  return useQuery({
    queryKey: ['event', slug, 'scoring', 'capture', raceId],
    queryFn: async (): Promise<Reconciliation> =>
      (await unwrap(api.GET('/api/v1/events/{slug}/races/{raceId}/capture/reconciliation', { params: { path: { slug, raceId } } }))).data,
    enabled: slug !== '' && raceId !== '',
  });
}

/** Names an unidentified boat: a finish record for `sailNumber` at the unknown's time that replaces it. */
export function useResolveUnknown(slug: string, raceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, at, sailNumber }: { recordId: string; at: string; sailNumber: string }) =>
      unwrap(
        api.POST('/api/v1/events/{slug}/capture/finishes', {
          params: { path: { slug } },
          body: { id: crypto.randomUUID(), raceId, kind: 'finish', sailNumber, at, replaces: recordId },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['event', slug] }),
  });
}
