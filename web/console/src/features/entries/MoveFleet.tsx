/**
 * In the organizer's entry dialog: move an active entry to another fleet of the regatta
 * (moveRegistration), at any time. The answer in words: entered in the fleet, or waitlisted with
 * the position (the fleet or the regatta is full), and who moved up in the fleet it left.
 */
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert } from '../../ui/states';
import { entryName, type Entry, type Fleet } from './rules';

/** What a move did, in words. */
export function moveMessage(t: (key: string, options?: Record<string, unknown>) => string, moved: Schemas['RegistrationMove']): string {
  const entry = entryName(moved.data);
  const where =
    moved.data.status === 'waitlisted'
      ? t('done.waitlisted', { entry, position: moved.waitlistPosition ?? '?' })
      : t('done.entered', { entry, fleet: moved.data.fleetName ?? '' });
  return moved.promoted ? `${where} ${t('done.movedUp', { entry: entryName(moved.promoted) })}` : where;
}

export function MoveFleet({ slug, entry, fleets, onDone }: { slug: string; entry: Entry; fleets: readonly Fleet[]; onDone: (message: string) => void }) {
  const { t } = useTranslation('entries');
  const id = useId();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState(entry.fleetId);
  const move = useMutation({
    mutationFn: (fleet: string) =>
      unwrap(api.POST('/api/v1/events/{slug}/registrations/{registrationId}/move', { params: { path: { slug, registrationId: entry.id } }, body: { fleet } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['event', slug] }),
  });
  if (entry.status !== 'registered' && entry.status !== 'waitlisted') return null;
  if (fleets.length < 2) return null;
  return (
    <>
      <h3>{t('manage.fleet')}</h3>
      <ProblemAlert error={inOwnWords(move.error, t, 'entries')} />
      <div className="field">
        <label htmlFor={id}>{t('manage.moveTo')}</label>
        <select id={id} value={target} onChange={(event) => setTarget(event.target.value)}>
          {fleets.map((fleet) => <option key={fleet.id} value={fleet.id}>{fleet.name}</option>)}
        </select>
      </div>
      <div className="actions">
        <button type="button" className="secondary" disabled={move.isPending || target === entry.fleetId} onClick={() => move.mutate(target, { onSuccess: (moved) => onDone(moveMessage(t, moved)) })}>
          {t('manage.moveFleet')}
        </button>
      </div>
    </>
  );
}
