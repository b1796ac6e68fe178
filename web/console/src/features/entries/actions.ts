/**
 * The changes an organizer makes to entries (updateRegistration, cancelRegistration,
 * changeRegistrationRating, registerForEvent), each refreshing the regatta's queries afterwards,
 * and the sentence that tells what happened: "entered", "waitlisted (position N)", who moved up
 * from the waitlist after a cancellation.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';
import { waitlistPositionOf } from './api';
import { entryName, type EntryStatus, type PaymentStatus } from './rules';

type Change = Schemas['RegistrationChange'];

export interface PatchVariables {
  registrationId: string;
  body: Schemas['UpdateRegistrationRequest'];
}

export interface RegisterOutcome {
  registration: Schemas['Registration'];
  waitlistPosition: number | null;
}

export function useEntryChanges(slug: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['event', slug] });
  const patch = useMutation({
    mutationFn: ({ registrationId, body }: PatchVariables): Promise<Change> =>
      unwrap(api.PATCH('/api/v1/events/{slug}/registrations/{registrationId}', { params: { path: { slug, registrationId } }, body })),
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: (registrationId: string): Promise<Change> =>
      unwrap(api.POST('/api/v1/events/{slug}/registrations/{registrationId}/cancel', { params: { path: { slug, registrationId } } })),
    onSettled: refresh,
  });
  const rate = useMutation({
    mutationFn: ({ registrationId, body }: { registrationId: string; body: Schemas['RatingChangeRequest'] }) =>
      unwrap(api.PUT('/api/v1/events/{slug}/registrations/{registrationId}/ratings', { params: { path: { slug, registrationId } }, body })),
    onSettled: refresh,
  });
  const register = useMutation({
    mutationFn: async (body: Schemas['RegistrationRequest']): Promise<RegisterOutcome> => {
      const answer = await unwrap(api.POST('/api/v1/events/{slug}/register', { params: { path: { slug } }, body }));
      const registration = answer.data;
      const waitlistPosition = registration.status === 'waitlisted' ? await waitlistPositionOf(slug, registration.id) : null;
      return { registration, waitlistPosition };
    },
    onSettled: refresh,
  });
  return { patch, cancel, rate, register };
}

/** What a status move did, in words. */
export function statusMessage(t: TFunction, change: Change, from: EntryStatus): string {
  const entry = entryName(change.data);
  const to = change.data.status;
  if (to === 'registered') return t(from === 'waitlisted' ? 'entries:done.promoted' : 'entries:done.registeredAgain', { entry });
  if (to === 'no_show') return t('entries:done.noShow', { entry });
  if (to === 'cancelled') return cancelMessage(t, change);
  return t('entries:done.saved', { entry });
}

export function paymentMessage(t: TFunction, change: Change): string {
  const payment: PaymentStatus = change.data.paymentStatus;
  return t('entries:done.payment', { entry: entryName(change.data), payment: t(`entries:payment.${payment}`) });
}

export function cancelMessage(t: TFunction, change: Change): string {
  const cancelled = t('entries:done.cancelled', { entry: entryName(change.data) });
  return change.promoted ? `${cancelled} ${t('entries:done.movedUp', { entry: entryName(change.promoted) })}` : cancelled;
}

/** "entered in <fleet>" or "waitlisted (position N)": the answer of an entry made on a sailor's behalf. */
export function registerMessage(t: TFunction, outcome: RegisterOutcome, fleetName: string): string {
  const entry = entryName(outcome.registration);
  if (outcome.registration.status === 'waitlisted') {
    return outcome.waitlistPosition !== null ? t('entries:done.waitlisted', { entry, position: outcome.waitlistPosition }) : t('entries:done.waitlistedNoPosition', { entry });
  }
  return t('entries:done.entered', { entry, fleet: outcome.registration.fleetName ?? fleetName });
}
