/**
 * A race's finish sheet (/regattas/:slug/scoring/:fleetId/races/:raceId): the race's results as
 * stored, typed over by keyboard (EntryRow, SheetLines), saved with a reason through
 * submitRaceResults (every save is a revision), and the race's revision history below. What was
 * typed is kept in sessionStorage (useDraft) until the API accepted it: a refusal, a dropped
 * connection or a reload loses nothing.
 */
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { Field, useDraft } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert, QueryView } from '../../ui/states';
import { useRegatta } from '../regattas/useRegatta';
import { useFleetBoats, useFleetsAndRaces, usePreview, useRaceResults, useRevisions, useScoringChanges, type Fleet, type Race, type RaceResults, type Revision } from './api';
import { CapturePanel } from './CapturePanel';
import { clockToInstant, onTheClock, raceDay } from './clock';
import { EntryRow, type EntryRowHandle } from './EntryRow';
import { RevisionHistory } from './RevisionHistory';
import { PreviewTable } from './PreviewTable';
import { lineOfField, lineProblems, parseClock, toSubmission, type Boat, type SheetLine, type Submission } from './sheet';
import { SheetLines } from './SheetLines';
import { linesOf } from './stored-lines';
import './scoring.css';

interface SheetValues {
  start: string;
  reason: string;
  lines: SheetLine[];
}

export default function FinishSheet() {
  const { t } = useTranslation('scoring');
  const { slug = '', fleetId = '', raceId = '' } = useParams();
  const regatta = useRegatta();
  const setup = useFleetsAndRaces(slug);
  const boats = useFleetBoats(slug, fleetId);
  const results = useRaceResults(slug, raceId);
  const revisions = useRevisions(slug, raceId);
  return (
    <QueryView query={regatta}>
      {(event) => (
        <QueryView query={setup}>
          {({ fleets, races }) => {
            const fleet = fleets.find((candidate) => candidate.id === fleetId);
            const race = races.find((candidate) => candidate.id === raceId && candidate.fleetId === fleetId);
            if (!fleet || !race) return <ProblemAlert error={new ApiError(404, { code: 'not_found', detail: t('sheet.unknownRace') })} />;
            return (
              <QueryView query={boats} label={t('loading')}>
                {(fleetBoats) => (
                  <QueryView query={results} label={t('loading')}>
                    {(stored) => (
                      <>
                        <QueryView query={revisions} label={t('loading')}>
                          {(history) => <SheetEditor key={race.id} slug={slug} fleet={fleet} race={race} boats={fleetBoats} stored={stored} history={history} timeZone={event.timeZone ?? null} />}
                        </QueryView>
                        <RevisionHistory slug={slug} raceId={race.id} boats={fleetBoats} timeZone={event.timeZone ?? null} />
                      </>
                    )}
                  </QueryView>
                )}
              </QueryView>
            );
          }}
        </QueryView>
      )}
    </QueryView>
  );
}

let lineCounter = 0;

interface SheetEditorProps {
  slug: string;
  fleet: Fleet;
  race: Race;
  boats: Boat[];
  stored: RaceResults | null;
  history: Revision[];
  timeZone: string | null;
}

function SheetEditor({ slug, fleet, race, boats, stored, history, timeZone }: SheetEditorProps) {
  const { t } = useTranslation('scoring');
  const headingId = useId();
  const entry = useRef<EntryRowHandle>(null);
  const needsTimes = fleet.handicap.system !== 'one_design';
  const startIso = race.actualStart ?? race.scheduledStart ?? null;
  const day = raceDay(startIso, timeZone);
  const form = useForm<SheetValues>({
    defaultValues: { start: startIso ? onTheClock(startIso, timeZone).time : '', reason: '', lines: linesOf(stored, history, timeZone) },
  });
  const draft = useDraft(form, `scoring.${slug}.${race.id}`);
  const { submit } = useScoringChanges(slug);
  const preview = usePreview(slug);
  const [previewed, setPreviewed] = useState('');
  const [said, setSaid] = useState('');
  const [localError, setLocalError] = useState('');
  const lines = form.watch('lines');
  const problems = lineProblems(lines, needsTimes);
  const refused = new Map<number, string>();
  if (submit.error instanceof ApiError) {
    for (const { field, message } of submit.error.fieldErrors) {
      const line = lineOfField(field);
      if (line !== null) refused.set(line, message);
    }
  }

  const setLines = (next: SheetLine[]) => form.setValue('lines', next, { shouldDirty: true });
  const change = (key: string, patch: Partial<SheetLine>) => setLines(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const move = (key: string, by: -1 | 1) => {
    const from = lines.findIndex((line) => line.key === key);
    const to = from + by;
    if (from < 0 || to < 0 || to >= lines.length) return;
    const next = [...lines];
    [next[from], next[to]] = [next[to]!, next[from]!];
    setLines(next);
  };

  /** The sheet as the API takes it, or null (and the reason said) when it cannot be sent yet. */
  const bodyOf = (values: SheetValues): Submission | null => {
    setSaid('');
    setLocalError('');
    const start = parseClock(values.start);
    const startInstant = start ? clockToInstant(day, start, timeZone) : null;
    if (!startInstant) {
      setLocalError(t('save.needStart'));
      return null;
    }
    if (problems.size > 0) {
      setLocalError(t('save.flagged', { count: problems.size }));
      return null;
    }
    return toSubmission(values.lines, { start: startInstant, toInstant: (clock) => clockToInstant(day, clock, timeZone) }, values.reason.trim());
  };

  const save = form.handleSubmit((values) => {
    const body = bodyOf(values);
    if (!body) return;
    submit.mutate(
      { raceId: race.id, body },
      {
        onSuccess: (answer) => {
          draft.clear();
          form.reset({ ...values, reason: '' });
          preview.reset();
          setSaid(t('save.saved', { race: race.name, seq: answer.revision?.seq ?? '' }));
        },
      },
    );
  });

  const showPreview = () => {
    const values = form.getValues();
    const body = bodyOf({ ...values, reason: values.reason.trim() || 'preview' });
    if (!body) return;
    setPreviewed(JSON.stringify(values.lines) + values.start);
    preview.mutate({ raceId: race.id, body });
  };

  return (
    <section aria-labelledby={headingId} className="scoring">
      <p><Link to={`/regattas/${encodeURIComponent(slug)}/scoring`}>{t('sheet.back')}</Link></p>
      <h2 id={headingId}>{t('sheet.title', { fleet: fleet.name, race: race.name })}</h2>
      <p className="hint">{needsTimes ? t('sheet.introTimes') : t('sheet.introOrder')}</p>
      <EntryRow
        ref={entry}
        boats={boats}
        lines={lines}
        needsTimes={needsTimes}
        onAdd={(line) => {
          lineCounter += 1;
          setLines([...lines, { ...line, key: `typed-${Date.now()}-${lineCounter}` }]);
        }}
      />
      <SheetLines
        lines={lines}
        boats={boats}
        problems={problems}
        refused={refused}
        needsTimes={needsTimes}
        caption={t('sheet.caption', { count: lines.length, entered: boats.length })}
        onChange={change}
        onMove={move}
        onRemove={(key) => {
          setLines(lines.filter((line) => line.key !== key));
          entry.current?.focus();
        }}
      />
      <CapturePanel slug={slug} raceId={race.id} boats={boats} history={history} timeZone={timeZone} onAccept={setLines} />
      <form className="save-sheet" aria-label={t('save.title')} onSubmit={save} noValidate>
        <Field label={t('save.start')} hint={t('save.startHint', { day })} error={form.formState.errors.start?.message}>
          {(props) => <input {...props} inputMode="numeric" autoComplete="off" {...form.register('start', { required: 'scoring:save.needStart' })} />}
        </Field>
        <Field label={t('save.reason')} hint={t('save.reasonHint')} error={form.formState.errors.reason?.message}>
          {(props) => <textarea {...props} rows={2} {...form.register('reason', { validate: (value) => value.trim() !== '' || 'scoring:save.needReason' })} />}
        </Field>
        <div className="actions">
          <button type="submit" disabled={submit.isPending}>{submit.isPending ? t('save.saving') : t('save.submit')}</button>
          <button type="button" className="secondary" disabled={preview.isPending} onClick={showPreview}>{preview.isPending ? t('preview.working') : t('preview.show')}</button>
        </div>
      </form>
      <ProblemAlert error={inOwnWords(preview.error, t, 'scoring')} />
      {preview.data && <PreviewTable preview={preview.data} stale={previewed !== JSON.stringify(lines) + form.getValues('start')} />}
      {localError && <p role="alert" className="alert">{localError}</p>}
      <ProblemAlert error={inOwnWords(submit.error, t, 'scoring')} />
      <p role="status" className={said ? 'notice' : undefined}>{said}</p>
    </section>
  );
}
