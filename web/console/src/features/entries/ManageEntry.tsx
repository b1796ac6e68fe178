/**
 * One entry in a modal dialog: its facts, the status and payment moves the API allows from where it
 * stands (only those are offered), cancelling after a confirmation, a new rating in force from a race
 * on for handicap fleets (changeRegistrationRating), the boat as entered in this regatta (EditBoat.tsx),
 * another fleet (MoveFleet.tsx) and the crew and contacts (updateRegistration).
 * A move the API refuses (no place free, a move no longer allowed) is shown with its request id.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert, QueryView } from '../../ui/states';
import { formatDateTime } from '../../i18n/format';
import { useRatings } from './api';
import { CrewAndContacts } from './CrewAndContacts';
import { BoatSection } from './EditBoat';
import { MoveFleet } from './MoveFleet';
import { cancelMessage, paymentMessage, statusMessage, useEntryChanges } from './actions';
import { canCancel, entryName, parseDecimal, paymentMoves, ratingSpecOf, statusMoves, type Entry, type Fleet, type RatingSpec } from './rules';
import { detailsRequest, entryDetailsSchema, ratingChangeSchema, type EntryDetailsValues, type RatingChangeValues } from './schemas';

export interface ManageEntryProps {
  slug: string;
  entry: Entry;
  fleet: Fleet | undefined;
  /** The regatta's fleets, to move the entry to another. */
  fleets: readonly Fleet[];
  timeZone: string | null;
  onClose: () => void;
  /** Called after the entry was cancelled, with what happened in words (the dialog closes). */
  onCancelled: (message: string) => void;
}

export function ManageEntry({ slug, entry, fleet, fleets, timeZone, onClose, onCancelled }: ManageEntryProps) {
  const { t, i18n } = useTranslation('entries');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { patch, cancel } = useEntryChanges(slug);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const spec = ratingSpecOf(fleet);
  const name = entryName(entry);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const begin = () => {
    setMessage('');
    setError(null);
  };
  const moveStatus = (to: Entry['status']) => {
    begin();
    const from = entry.status;
    patch.mutate({ registrationId: entry.id, body: { status: to } }, { onSuccess: (change) => setMessage(statusMessage(t, change, from)), onError: setError });
  };
  const movePayment = (to: NonNullable<Entry['paymentStatus']>) => {
    begin();
    patch.mutate({ registrationId: entry.id, body: { paymentStatus: to } }, { onSuccess: (change) => setMessage(paymentMessage(t, change)), onError: setError });
  };
  const confirmCancel = () => {
    begin();
    cancel.mutate(entry.id, {
      onSuccess: (change) => {
        setConfirming(false);
        onCancelled(cancelMessage(t, change));
      },
      onError: (cause) => {
        setConfirming(false);
        setError(cause);
      },
    });
  };

  const busy = patch.isPending || cancel.isPending;
  const moves = statusMoves(entry.status);
  const payments = paymentMoves(entry.paymentStatus);
  return (
    <>
      <dialog ref={ref} aria-labelledby={titleId} onClose={onClose}>
        <h2 id={titleId}>{name}</h2>
        <p role="status" className={message ? 'notice' : undefined}>{message}</p>
        <ProblemAlert error={inOwnWords(error, t, 'entries')} />
        <dl className="facts">
          <dt>{t('columns.fleet')}</dt><dd>{entry.fleetName ?? fleet?.name}</dd>
          <dt>{t('columns.skipper')}</dt><dd>{entry.sailor.name ?? '—'}</dd>
          <dt>{t('columns.boat')}</dt><dd>{entry.boat.name}</dd>
          <dt>{t('columns.sailNumber')}</dt><dd>{entry.boat.sailNumber ?? '—'}</dd>
          <dt>{t('columns.model')}</dt><dd>{entry.boat.model ?? '—'}</dd>
          <dt>{t('columns.registered')}</dt><dd>{formatDateTime(entry.registrationTime, i18n.language, timeZone)}</dd>
        </dl>
        <BoatSection slug={slug} entry={entry} timeZone={timeZone} onDone={setMessage} />

        <h3>{t('manage.status')}</h3>
        <p>
          {t(`status.${entry.status}`)}
          {entry.status === 'waitlisted' && entry.waitlistPosition ? ` · ${t('waitlistPosition', { position: entry.waitlistPosition })}` : ''}
        </p>
        <div className="actions">
          {moves.map((to) => (
            <button key={to} type="button" className="secondary" disabled={busy} onClick={() => moveStatus(to)}>
              {t(`move.${entry.status}.${to}`)}
            </button>
          ))}
          {canCancel(entry.status) && (
            <button type="button" className="danger" disabled={busy} onClick={() => setConfirming(true)}>{t('manage.cancelEntry')}</button>
          )}
        </div>

        <MoveFleet slug={slug} entry={entry} fleets={fleets} onDone={setMessage} />

        <h3>{t('manage.payment')}</h3>
        <p>{entry.paymentStatus ? t(`payment.${entry.paymentStatus}`) : '—'}</p>
        {payments.length > 0 && (
          <div className="actions">
            {payments.map((to) => (
              <button key={to} type="button" className="secondary" disabled={busy} onClick={() => movePayment(to)}>{t(`payMove.${to}`)}</button>
            ))}
          </div>
        )}

        {spec && <RatingSection slug={slug} entry={entry} spec={spec} system={fleet?.handicap.system ?? 'one_design'} onDone={setMessage} />}
        <DetailsSection slug={slug} entry={entry} onDone={setMessage} />

        <div className="actions">
          <button type="button" className="secondary" onClick={() => ref.current?.close()}>{t('common:actions.close')}</button>
        </div>
      </dialog>
      <ConfirmDialog
        open={confirming}
        title={t('manage.cancelTitle', { entry: name })}
        confirmLabel={t('manage.cancelConfirm')}
        danger
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setConfirming(false)}
      >
        <p>{entry.status === 'registered' ? t('manage.cancelBodyRegistered') : t('manage.cancelBody')}</p>
      </ConfirmDialog>
    </>
  );
}

function RatingSection({ slug, entry, spec, system, onDone }: { slug: string; entry: Entry; spec: RatingSpec; system: Fleet['handicap']['system']; onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation('entries');
  const headingId = useId();
  const ratings = useRatings(slug, entry.id, true);
  const { rate } = useEntryChanges(slug);
  const form = useForm<RatingChangeValues>({ resolver: zodResolver(ratingChangeSchema(spec)), defaultValues: { value: '', fromRace: '1' } });
  const draft = useDraft(form, `entry-rating.${entry.id}`);
  const [general, setGeneral] = useState<string[]>([]);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const submit = form.handleSubmit((values) => {
    setGeneral([]);
    const value = parseDecimal(values.value)!;
    const fromRace = Number(values.fromRace);
    rate.mutate(
      { registrationId: entry.id, body: { system, value, fromRace } },
      {
        onSuccess: () => {
          draft.clear();
          form.reset({ value: '', fromRace: '1' });
          onDone(t('done.rating', { entry: entryName(entry), rating: number.format(value), race: fromRace }));
        },
        onError: (error) => setGeneral(applyApiError(form, error)),
      },
    );
  });
  const { errors } = form.formState;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('rating.title')}</h3>
      <QueryView query={ratings}>
        {(data) => {
          const base = data.ratings[spec.key];
          const changes = data.ratingChanges.filter((change) => change.key === spec.key).sort((a, b) => a.fromRace - b.fromRace);
          return (
            <ul>
              <li>{t('rating.base', { rating: base === undefined ? '—' : number.format(base) })}</li>
              {changes.map((change) => (
                <li key={`${change.key}-${change.fromRace}`}>{t('rating.change', { rating: number.format(change.value), race: change.fromRace })}</li>
              ))}
            </ul>
          );
        }}
      </QueryView>
      <ProblemAlert error={inOwnWords(rate.error, t, 'entries')} general={general} />
      <form noValidate aria-labelledby={headingId} onSubmit={submit}>
        <div className="form-row">
          <Field
            label={t('rating.newValue')}
            error={errors.value?.message}
            hint={t('rating.rangeOf', { label: t(`rating.label.${spec.key}`), min: number.format(spec.min), max: number.format(spec.max) })}
          >
            {(a) => <input {...a} inputMode="decimal" autoComplete="off" {...form.register('value')} />}
          </Field>
          <Field label={t('rating.fromRace')} error={errors.fromRace?.message} hint={t('rating.fromRaceHint')}>
            {(a) => <input {...a} inputMode="numeric" autoComplete="off" {...form.register('fromRace')} />}
          </Field>
        </div>
        <div className="actions">
          <button type="submit" disabled={rate.isPending}>{t('rating.save')}</button>
        </div>
      </form>
    </section>
  );
}

function DetailsSection({ slug, entry, onDone }: { slug: string; entry: Entry; onDone: (message: string) => void }) {
  const { t } = useTranslation('entries');
  const headingId = useId();
  const { patch } = useEntryChanges(slug);
  const form = useForm<EntryDetailsValues>({
    resolver: zodResolver(entryDetailsSchema),
    defaultValues: { crew: (entry.crew ?? []).join('\n'), emergencyContact: entry.emergencyContact ?? '', specialRequirements: entry.specialRequirements ?? '' },
  });
  const draft = useDraft(form, `entry-details.${entry.id}`);
  const [general, setGeneral] = useState<string[]>([]);
  const submit = form.handleSubmit((values) => {
    setGeneral([]);
    patch.mutate(
      { registrationId: entry.id, body: detailsRequest(values) },
      {
        onSuccess: () => {
          draft.clear();
          onDone(t('done.details', { entry: entryName(entry) }));
        },
        onError: (error) => setGeneral(applyApiError(form, error)),
      },
    );
  });
  const { errors } = form.formState;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('manage.details')}</h3>
      <ProblemAlert error={inOwnWords(patch.error, t, 'entries')} general={general} />
      <form noValidate aria-labelledby={headingId} onSubmit={submit}>
        <CrewAndContacts
          register={{ crew: form.register('crew'), emergencyContact: form.register('emergencyContact'), specialRequirements: form.register('specialRequirements') }}
          errors={{ crew: errors.crew?.message, emergencyContact: errors.emergencyContact?.message, specialRequirements: errors.specialRequirements?.message }}
        />
        <div className="actions">
          <button type="submit" disabled={patch.isPending}>{t('manage.saveDetails')}</button>
        </div>
      </form>
    </section>
  );
}
