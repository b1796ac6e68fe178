/**
 * The regatta's fleets with their scoring set-up, and each fleet's race schedule: add a fleet, change
 * or delete it, schedule a race, move it to another start, delete it; then, for championships sailed
 * in split fleets, which fleet plays which part. Starts are typed and shown on the regatta's clock.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api, unwrap, ApiError } from '../../api/client';
import { formatDateTime } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { Empty, ProblemAlert, QueryView } from '../../ui/states';
import { useRegatta } from '../regattas/useRegatta';
import { FleetForm } from './FleetForm';
import { SplitSeries } from './SplitSeries';
import {
  TIME_ON_DISTANCE,
  emptyRaceValues,
  moveRaceSchema,
  paramsOf,
  raceFormSchema,
  racesOfFleet,
  toRaceRequest,
  type Fleet,
  type MoveRaceValues,
  type Race,
  type RaceValues,
} from './schemas';
import { instantToWallTime, wallTimeToInstant } from './zoned-time';

async function fetchFleetsAndRaces(slug: string): Promise<{ fleets: Fleet[]; races: Race[] }> {
  const body = await unwrap(api.GET('/api/v1/events/{slug}', { params: { path: { slug }, query: { include: 'fleets,races' } } }));
  return { fleets: body.data.fleets ?? [], races: body.data.races ?? [] };
}

type Deleting = { kind: 'fleet'; fleet: Fleet } | { kind: 'race'; race: Race; fleet: Fleet } | null;

export default function FleetsAndRaces() {
  const { t, i18n } = useTranslation('fleets');
  const { slug = '' } = useParams();
  const regatta = useRegatta();
  const timeZone = regatta.data?.timeZone ?? null;
  const queryClient = useQueryClient();
  const data = useQuery({ queryKey: ['event', slug, 'fleets'], queryFn: () => fetchFleetsAndRaces(slug), enabled: slug !== '' });
  const [status, setStatus] = useState('');
  const [deleting, setDeleting] = useState<Deleting>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['event', slug] });
  // The message comes once the screen shows the change it announces.
  const announce = async (message: string) => {
    await refresh();
    setStatus(message);
  };

  const remove = useMutation({
    mutationFn: (target: NonNullable<Deleting>) =>
      target.kind === 'fleet'
        ? unwrap(api.DELETE('/api/v1/events/{slug}/fleets/{fleetId}', { params: { path: { slug, fleetId: target.fleet.id } } }))
        : unwrap(api.DELETE('/api/v1/events/{slug}/races/{raceId}', { params: { path: { slug, raceId: target.race.id } } })),
    onSuccess: async (_answer, target) => {
      setDeleting(null);
      await announce(target.kind === 'fleet' ? t('fleetDeleted', { name: target.fleet.name }) : t('raceDeleted', { race: target.race.name, fleet: target.fleet.name }));
    },
  });
  const askDelete = (target: NonNullable<Deleting>) => {
    remove.reset();
    setDeleting(target);
  };

  return (
    <>
      <h2>{t('title')}</h2>
      <p className="muted">{timeZone ? t('clock', { timeZone }) : t('clockBrowser')}</p>
      <div role="status">{status && <p className="notice">{status}</p>}</div>
      <QueryView query={data} label={t('loading')}>
        {({ fleets, races }) => (
          <>
            {fleets.length === 0 ? (
              <Empty>{t('empty')}</Empty>
            ) : (
              <div className="stack">
                {fleets.map((fleet) => (
                  <FleetSection
                    key={fleet.id}
                    slug={slug}
                    fleet={fleet}
                    races={racesOfFleet(races, fleet.id)}
                    timeZone={timeZone}
                    language={i18n.language}
                    onChanged={announce}
                    onDelete={askDelete}
                  />
                ))}
              </div>
            )}
            <section aria-labelledby="add-fleet">
              <h3 id="add-fleet">{t('addTitle')}</h3>
              <FleetForm slug={slug} onSaved={announce} />
            </section>
            <SplitSeries slug={slug} fleets={fleets} onSaved={setStatus} />
          </>
        )}
      </QueryView>

      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting?.kind === 'fleet'
            ? t('deleteFleetTitle', { name: deleting.fleet.name })
            : deleting?.kind === 'race'
              ? t('deleteRaceTitle', { race: deleting.race.name, fleet: deleting.fleet.name })
              : ''
        }
        confirmLabel={deleting?.kind === 'fleet' ? t('deleteFleet') : t('deleteRace')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        <p>{deleting?.kind === 'fleet' ? t('deleteFleetBody') : t('deleteRaceBody')}</p>
        <ProblemAlert error={inOwnWords(remove.error, t, 'fleets')} />
      </ConfirmDialog>
    </>
  );
}

interface FleetSectionProps {
  slug: string;
  fleet: Fleet;
  races: Race[];
  timeZone: string | null;
  language: string;
  onChanged: (message: string) => Promise<void>;
  onDelete: (target: NonNullable<Deleting>) => void;
}

function FleetSection({ slug, fleet, races, timeZone, language, onChanged, onDelete }: FleetSectionProps) {
  const { t } = useTranslation('fleets');
  const [editing, setEditing] = useState(false);
  const [moving, setMoving] = useState<Race | null>(null);
  const headingId = `fleet-${fleet.id}`;
  return (
    <section aria-labelledby={headingId} className="card">
      <h3 id={headingId} className="card-title">{fleet.name}</h3>
      {editing ? (
        <FleetForm
          slug={slug}
          fleet={fleet}
          onCancel={() => setEditing(false)}
          onSaved={async (message) => {
            setEditing(false);
            await onChanged(message);
          }}
        />
      ) : (
        <>
          <FleetFacts fleet={fleet} />
          <div className="actions">
            <button type="button" className="secondary" aria-label={t('editNamed', { name: fleet.name })} onClick={() => setEditing(true)}>{t('common:actions.edit')}</button>
            <button type="button" className="danger" aria-label={t('deleteNamed', { name: fleet.name })} onClick={() => onDelete({ kind: 'fleet', fleet })}>{t('common:actions.delete')}</button>
          </div>
        </>
      )}

      <h4>{t('racesOf', { name: fleet.name })}</h4>
      {races.length === 0 ? (
        <Empty>{t('noRaces')}</Empty>
      ) : (
        <table className="responsive">
          <thead>
            <tr>
              <th scope="col">{t('columns.number')}</th>
              <th scope="col">{t('columns.name')}</th>
              <th scope="col">{t('columns.start')}</th>
              <th scope="col">{t('columns.status')}</th>
              <th scope="col">{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {races.map((race) => (
              <tr key={race.id}>
                <td data-label={t('columns.number')}>{race.raceNumber}</td>
                <td data-label={t('columns.name')}>{race.name}</td>
                <td data-label={t('columns.start')}>{race.scheduledStart ? formatDateTime(race.scheduledStart, language, timeZone) : t('notScheduled')}</td>
                <td data-label={t('columns.status')}>{t(`raceStatus.${race.status}`)}</td>
                <td data-label={t('columns.actions')}>
                  <div className="actions">
                    <button type="button" className="secondary" aria-label={t('moveNamed', { race: race.name, fleet: fleet.name })} onClick={() => setMoving(race)}>{t('move')}</button>
                    <button type="button" className="danger" aria-label={t('deleteRaceNamed', { race: race.name, fleet: fleet.name })} onClick={() => onDelete({ kind: 'race', race, fleet })}>{t('common:actions.delete')}</button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {moving && (
        <MoveRaceForm
          key={moving.id}
          slug={slug}
          race={moving}
          fleet={fleet}
          timeZone={timeZone}
          onClose={() => setMoving(null)}
          onMoved={async (message) => {
            setMoving(null);
            await onChanged(message);
          }}
        />
      )}
      <AddRaceForm slug={slug} fleet={fleet} timeZone={timeZone} onAdded={onChanged} />
    </section>
  );
}

function handicapText(fleet: Fleet, t: TFunction<'fleets'>): string {
  const system = t(`handicap.${fleet.handicap.system}`);
  const params = paramsOf(fleet.handicap.system).map(([name]) => `${t(`params.${name}`)} ${fleet.handicap.params[name] ?? ''}`);
  return params.length > 0 ? `${system} (${params.join(', ')})` : system;
}

function discardText(fleet: Fleet, t: TFunction<'fleets'>): string {
  if (fleet.proportionalDiscards) return t('discards.proportional', fleet.proportionalDiscards);
  if (fleet.discardThresholds.length > 0) return t('discards.thresholds', { list: fleet.discardThresholds.join(', ') });
  return t('discards.fixed', { count: fleet.dropRaces });
}

function FleetFacts({ fleet }: { fleet: Fleet }) {
  const { t } = useTranslation('fleets');
  return (
    <dl className="facts">
      <dt>{t('facts.scoring')}</dt>
      <dd>{t(`scoring.${fleet.scoringSystem}`)}</dd>
      <dt>{t('facts.penalty')}</dt>
      <dd>
        {t(`penalty.${fleet.penaltyBasis}`)}
        {fleet.penaltyBasis === 'finishers_plus' && ` (${t('finishersPlus', fleet.finishersPlus ?? { dnf: 1, dnc: 2 })})`}
      </dd>
      <dt>{t('facts.handicap')}</dt>
      <dd>{handicapText(fleet, t)}</dd>
      <dt>{t('facts.discards')}</dt>
      <dd>{discardText(fleet, t)}</dd>
      <dt>{t('facts.redress')}</dt>
      <dd>
        {fleet.redress?.defaultMethod ? t(`redress.${fleet.redress.defaultMethod}`) : t('redress.none')}
        {fleet.redress?.excludeDnc && `, ${t('redress.excludesDnc')}`}
      </dd>
    </dl>
  );
}

function AddRaceForm({ slug, fleet, timeZone, onAdded }: { slug: string; fleet: Fleet; timeZone: string | null; onAdded: (message: string) => Promise<void> }) {
  const { t } = useTranslation('fleets');
  const timeOnDistance = TIME_ON_DISTANCE.includes(fleet.handicap.system);
  const form = useForm<RaceValues>({ resolver: zodResolver(raceFormSchema(timeOnDistance)), defaultValues: emptyRaceValues });
  const draft = useDraft(form, `race-add.${slug}.${fleet.id}`);
  const [general, setGeneral] = useState<string[]>([]);
  const add = useMutation({
    mutationFn: (values: RaceValues) => unwrap(api.POST('/api/v1/events/{slug}/races', { params: { path: { slug } }, body: toRaceRequest(values, fleet.id, timeZone) })),
    onSuccess: async (answer) => {
      draft.clear();
      setGeneral([]);
      form.reset(emptyRaceValues);
      await onAdded(t('raceAdded', { race: answer.data.name, fleet: fleet.name }));
    },
    onError: (error) => {
      setGeneral(applyApiError(form, error));
      if (error instanceof ApiError && error.code === 'duplicate_race_number') form.setError('raceNumber', { type: 'server', message: 'fleets:validation.raceNumberTaken' });
    },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => add.mutate(values))}>
      <fieldset>
        <legend>{t('addRaceTo', { name: fleet.name })}</legend>
        <ProblemAlert error={inOwnWords(add.error, t, 'fleets')} general={general} />
        <div className="form-row">
          <Field label={t('fields.raceName')} error={errors.name?.message} hint={t('hints.raceName')}>
            {(a) => <input {...a} {...form.register('name')} />}
          </Field>
          <Field label={t('fields.raceNumber')} error={errors.raceNumber?.message} hint={t('hints.raceNumber')}>
            {(a) => <input {...a} inputMode="numeric" {...form.register('raceNumber')} />}
          </Field>
          <Field label={t('fields.start')} error={errors.scheduledStart?.message} hint={timeZone ? t('hints.start', { timeZone }) : t('hints.startBrowser')}>
            {(a) => <input {...a} type="datetime-local" {...form.register('scheduledStart')} />}
          </Field>
          {timeOnDistance && (
            <Field label={t('fields.courseDistance')} error={errors.courseDistanceNm?.message} hint={t('hints.courseDistance')}>
              {(a) => <input {...a} inputMode="decimal" {...form.register('courseDistanceNm')} />}
            </Field>
          )}
        </div>
        <div className="actions">
          <button type="submit" disabled={add.isPending}>{t('addRace')}</button>
        </div>
      </fieldset>
    </form>
  );
}

function MoveRaceForm({ slug, race, fleet, timeZone, onClose, onMoved }: { slug: string; race: Race; fleet: Fleet; timeZone: string | null; onClose: () => void; onMoved: (message: string) => Promise<void> }) {
  const { t } = useTranslation('fleets');
  const input = useRef<HTMLInputElement | null>(null);
  const form = useForm<MoveRaceValues>({ resolver: zodResolver(moveRaceSchema), defaultValues: { scheduledStart: instantToWallTime(race.scheduledStart, timeZone) } });
  const draft = useDraft(form, `race-move.${slug}.${race.id}`);
  const [general, setGeneral] = useState<string[]>([]);
  const move = useMutation({
    mutationFn: (values: MoveRaceValues) =>
      unwrap(api.PATCH('/api/v1/events/{slug}/races/{raceId}', { params: { path: { slug, raceId: race.id } }, body: { scheduledStart: wallTimeToInstant(values.scheduledStart, timeZone) } })),
    onSuccess: async (answer) => {
      draft.clear();
      await onMoved(t('raceMoved', { race: answer.data.name, fleet: fleet.name }));
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  useEffect(() => input.current?.focus(), []);
  const { errors } = form.formState;
  const { ref, ...field } = form.register('scheduledStart');
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => move.mutate(values))}>
      <fieldset>
        <legend>{t('moveTitle', { race: race.name, fleet: fleet.name })}</legend>
        <ProblemAlert error={inOwnWords(move.error, t, 'fleets')} general={general} />
        <Field label={t('fields.newStart')} error={errors.scheduledStart?.message} hint={timeZone ? t('hints.start', { timeZone }) : t('hints.startBrowser')}>
          {(a) => (
            <input
              {...a}
              type="datetime-local"
              {...field}
              ref={(element) => {
                ref(element);
                input.current = element;
              }}
            />
          )}
        </Field>
        <div className="actions">
          <button type="submit" disabled={move.isPending}>{t('saveMove')}</button>
          <button type="button" className="secondary" onClick={() => { draft.clear(); onClose(); }}>{t('common:actions.cancel')}</button>
        </div>
      </fieldset>
    </form>
  );
}
