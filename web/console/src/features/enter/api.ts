/**
 * The entry form's data through @regatta/client: the regatta's form (getEntryForm), the sailor's
 * boats (listMyBoats), one entry (getRegistration), and entering, editing, moving (to another fleet
 * or boat) and withdrawing, each
 * refreshing the sailor's entries afterwards.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';

export const entryFormKey = (slug: string) => ['event', slug, 'entry-form'] as const;
export const entryKey = (slug: string, registrationId: string) => ['event', slug, 'entry', registrationId] as const;

export function useEntryForm(slug: string) {
  return useQuery({
    queryKey: entryFormKey(slug),
    queryFn: async () => (await unwrap(api.GET('/api/v1/events/{slug}/entry-form', { params: { path: { slug } } }))).data,
    enabled: slug !== '',
  });
}

export function useMyBoats() {
  return useQuery({ queryKey: ['me', 'boats'], queryFn: async () => (await unwrap(api.GET('/api/v1/me/boats'))).data });
}

export function useEntry(slug: string, registrationId: string) {
  return useQuery({
    queryKey: entryKey(slug, registrationId),
    queryFn: async () => (await unwrap(api.GET('/api/v1/events/{slug}/registrations/{registrationId}', { params: { path: { slug, registrationId } } }))).data,
    enabled: slug !== '' && registrationId !== '',
  });
}

export function useEntryActions(slug: string) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['event', slug] });
    await queryClient.invalidateQueries({ queryKey: ['me'] });
  };
  const enter = useMutation({
    mutationFn: (body: Schemas['RegistrationRequest']) => unwrap(api.POST('/api/v1/events/{slug}/register', { params: { path: { slug } }, body })),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: ({ registrationId, body }: { registrationId: string; body: Schemas['UpdateRegistrationRequest'] }) =>
      unwrap(api.PATCH('/api/v1/events/{slug}/registrations/{registrationId}', { params: { path: { slug, registrationId } }, body })),
    onSuccess: refresh,
  });
  const move = useMutation({
    mutationFn: ({ registrationId, body }: { registrationId: string; body: Schemas['MoveRegistrationRequest'] }) =>
      unwrap(api.POST('/api/v1/events/{slug}/registrations/{registrationId}/move', { params: { path: { slug, registrationId } }, body })),
    onSuccess: refresh,
  });
  const withdraw = useMutation({
    mutationFn: (registrationId: string) => unwrap(api.POST('/api/v1/events/{slug}/registrations/{registrationId}/cancel', { params: { path: { slug, registrationId } } })),
    onSuccess: refresh,
  });
  return { enter, edit, move, withdraw };
}
