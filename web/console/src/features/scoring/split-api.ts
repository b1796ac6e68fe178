/**
 * The split series through @regatta/client under the regatta's ['event', slug] key: its definition
 * (getSplitSeries; null while none is defined, 404), the standings of a stage (getSplitStandings;
 * null while that split has not been made, 409 split_stage_not_ready), and the changes:
 * defineSplitSeries and splitFleets (final fleets from the qualifying ranking, or the medal fleet).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, ApiError, unwrap } from '../../api/client';
import type { SplitDefinition, SplitDefinitionInput } from './split-form';

export type SplitStage = 'overall' | 'qualifying' | 'final' | 'medal';
export type SplitStandings = Schemas['SplitStandings'];
export type SplitInput = Schemas['SplitInput'];
export type SplitResult = Schemas['SplitResult'];

export function useSplitDefinition(slug: string) {
  return useQuery({
    queryKey: ['event', slug, 'scoring', 'split', 'definition'],
    queryFn: async (): Promise<SplitDefinition | null> => {
      try {
        return (await unwrap(api.GET('/api/v1/events/{slug}/split-series', { params: { path: { slug } } }))).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: slug !== '',
  });
}

export function useSplitStandings(slug: string, stage: SplitStage, enabled: boolean) {
  return useQuery({
    queryKey: ['event', slug, 'scoring', 'split', 'standings', stage],
    queryFn: async (): Promise<SplitStandings | null> => {
      try {
        return (await unwrap(api.GET('/api/v1/events/{slug}/split-standings', { params: { path: { slug }, query: { stage } } }))).data;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'split_stage_not_ready') return null;
        throw error;
      }
    },
    enabled: slug !== '' && enabled,
  });
}

export function useSplitChanges(slug: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['event', slug] });
  const define = useMutation({
    mutationFn: (body: SplitDefinitionInput) => unwrap(api.PUT('/api/v1/events/{slug}/split-series', { params: { path: { slug } }, body })),
    onSuccess: refresh,
  });
  const split = useMutation({
    mutationFn: async (body: SplitInput): Promise<SplitResult> => (await unwrap(api.POST('/api/v1/events/{slug}/split', { params: { path: { slug } }, body }))).data,
    onSuccess: refresh,
  });
  return { define, split };
}

/** A refusal's field errors on the desk's own fields (`fieldOf` names the field, null for the alert). */
export function placeSplitErrors(error: unknown, fieldOf: (path: string) => string | null): { fields: Record<string, string>; general: string[] } {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  if (!(error instanceof ApiError)) return { fields, general };
  for (const { field, message } of error.fieldErrors) {
    const key = fieldOf(field);
    if (key !== null && fields[key] === undefined) fields[key] = message;
    else if (key === null) general.push(`${field}: ${message}`);
  }
  return { fields, general };
}
