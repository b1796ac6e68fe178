/**
 * The start: choose the races starting together and the sequence (5-4-1-0 by default), tap the
 * warning signal; the timer counts down to each signal with a beep and a vibration, and records the
 * warning, preparatory and start signals on the device (a start signal can also be tapped by hand:
 * then the tap's moment is the start). After the start: individual recall (the boats over early) or
 * general recall (the start is void; a new one of the same races waits for its warning).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generalRecall, joinStart, newStart, recordSignal, voidStart } from './actions';
import { armSound, signalFeedback } from './feedback';
import { useSequenceTimer } from './useSequenceTimer';
import { DEFAULT_SEQUENCE, formatCountdown, nextSignal, parseSequence, planSignals } from './domain/sequence';
import { formatClock } from './time';
import { boatsOf, raceLabel, startsOfOthers, type Context } from './context';
import type { StoredStart } from './store/db';
import type { Committee } from './useCommittee';

export function StartPanel({ slug, committee, context, onStarted }: { slug: string; committee: Committee; context: Context; onStarted: () => void }) {
  const { t } = useTranslation('committee');
  const [setup, setSetup] = useState(false);
  const start = committee.start;
  if (!start || setup) return <StartSetup slug={slug} context={context} committee={committee} onDone={() => setSetup(false)} onJoined={() => { setSetup(false); onStarted(); }} />;
  return <StartRun start={start} committee={committee} context={context} onNew={() => setSetup(true)} onStarted={onStarted} key={start.id} t={t} />;
}

function StartSetup({ slug, context, committee, onDone, onJoined }: { slug: string; context: Context; committee: Committee; onDone: () => void; onJoined: () => void }) {
  const { t, i18n } = useTranslation('committee');
  const others = startsOfOthers(context).filter((other) => other.startId !== committee.start?.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [sequence, setSequence] = useState(DEFAULT_SEQUENCE.join(', '));
  const [error, setError] = useState('');
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const minutes = parseSequence(sequence);
    if (chosen.length === 0) return setError(t('start.chooseRace'));
    if (!minutes) return setError(t('start.badSequence'));
    setError('');
    await newStart(slug, chosen, minutes);
    onDone();
  };
  const races = [...context.races].sort((a, b) => (a.scheduledStart ?? '').localeCompare(b.scheduledStart ?? '') || a.raceNumber - b.raceNumber);
  return (
    <section aria-labelledby="start-setup">
      {others.length > 0 && (
        <>
          <h2>{t('start.othersTitle')}</h2>
          {others.map((other) => (
            <button key={other.startId} type="button" className="big" onClick={() => void joinStart(slug, other.startId, other.raceIds, Date.parse(other.startAt), committee.clock?.offsetMs ?? null).then(onJoined)}>
              {t('start.join', { races: other.raceIds.map((id) => raceLabel(context, id, t)).join(', '), time: formatClock(Date.parse(other.startAt), context.event.timeZone, i18n.language) })}
            </button>
          ))}
        </>
      )}
      <h2 id="start-setup">{t('start.setupTitle')}</h2>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>{t('start.races')}</legend>
          {races.map((race) => (
            <label key={race.id} className="check">
              <input type="checkbox" checked={chosen.includes(race.id)} onChange={(e) => setChosen((now) => (e.target.checked ? [...now, race.id] : now.filter((id) => id !== race.id)))} />
              {raceLabel(context, race.id, t)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="sequence">{t('start.sequence')}</label>
          <input id="sequence" value={sequence} onChange={(e) => setSequence(e.target.value)} aria-describedby="sequence-hint" inputMode="decimal" />
          <p id="sequence-hint" className="hint">{t('start.sequenceHint')}</p>
        </div>
        {error && <p role="alert" className="field-error">{error}</p>}
        <button type="submit">{t('start.prepare')}</button>
      </form>
    </section>
  );
}

function StartRun({ start, committee, context, onNew, onStarted, t }: { start: StoredStart; committee: Committee; context: Context; onNew: () => void; onStarted: () => void; t: (key: string, options?: Record<string, unknown>) => string }) {
  const { i18n } = useTranslation();
  const [announce, setAnnounce] = useState('');
  const [recalling, setRecalling] = useState(false);
  const [over, setOver] = useState<string[]>([]);
  const signals = start.warningAt !== null ? planSignals(start.warningAt, start.sequence) : [];
  const recordedKinds = new Set(committee.records.filter((r) => r.type === 'signal').map((r) => r.kind));
  const timeZone = context.event.timeZone;

  const now = useSequenceTimer(start, signals, (kind) => setAnnounce(t(`signal.${kind}`)));
  const next = nextSignal(signals, now);
  const boats = boatsOf(context, start);
  return (
    <section aria-labelledby="start-run">
      <h2 id="start-run">{t('start.title')}</h2>
      <p>{t('start.racesOf', { races: start.raceIds.map((id) => raceLabel(context, id, t)).join(', ') })}</p>
      <p className="muted">{t('start.sequenceIs', { sequence: start.sequence.join('-') })}</p>
      <div role="status" className="signal-announce">{announce}</div>
      {start.after && start.warningAt === null && <p className="notice">{start.reason === 'postponement' ? t('start.postponed') : t('start.generalRecalled')}</p>}
      {start.warningAt === null ? (
        <button type="button" className="big" onClick={() => { armSound(); signalFeedback(false); setAnnounce(t('signal.warning')); void recordSignal(start, 'warning', Date.now()); }}>
          {t('start.warningNow')}
        </button>
      ) : start.startAt === null ? (
        <>
          {next && (
            <p className="countdown" role="timer" aria-label={t('start.countdownLabel', { signal: t(`signal.${next.signal.kind}`) })}>
              <span>{t(`signal.${next.signal.kind}`)}</span> <strong>{formatCountdown(next.remainingMs)}</strong>
            </p>
          )}
          <button type="button" className="big" onClick={() => { signalFeedback(true); void recordSignal(start, 'start', Date.now()); }}>{t('start.startNow')}</button>
        </>
      ) : (
        <>
          <p className="notice">{t('start.startedAt', { time: formatClock(start.startAt + (committee.clock?.offsetMs ?? 0), timeZone, i18n.language) })}</p>
          <div className="actions">
            <button type="button" onClick={onStarted}>{t('start.toFinishes')}</button>
            <button type="button" className="secondary" onClick={() => setRecalling((v) => !v)} aria-expanded={recalling}>{t('start.individualRecall')}</button>
            <button type="button" className="danger" onClick={() => void generalRecall(start, Date.now())}>{t('start.generalRecall')}</button>
            <button type="button" className="secondary" onClick={() => void recordSignal(start, 'shortened_course', Date.now()).then(() => setAnnounce(t('start.shortened')))}>{t('start.shorten')}</button>
            <button type="button" className="danger" onClick={() => void voidStart(start, 'abandonment', Date.now())}>{t('start.abandon')}</button>
          </div>
          {recalling && (
            <fieldset>
              <legend>{t('start.overEarly')}</legend>
              {boats.map((boat) => (
                <label key={boat.entryId} className="check">
                  <input type="checkbox" checked={over.includes(boat.sailNumber ?? '')} onChange={(e) => setOver((now) => (e.target.checked ? [...now, boat.sailNumber ?? ''] : now.filter((s) => s !== boat.sailNumber)))} />
                  {boat.sailNumber}
                </label>
              ))}
              <button type="button" disabled={over.length === 0} onClick={() => void recordSignal(start, 'individual_recall', Date.now(), over).then(() => { setRecalling(false); setOver([]); setAnnounce(t('start.recalled', { boats: over.join(', ') })); })}>
                {t('start.signalRecall')}
              </button>
            </fieldset>
          )}
        </>
      )}
      {start.startAt === null && <button type="button" className="secondary" onClick={() => void voidStart(start, 'postponement', Date.now())}>{t('start.postpone')}</button>}
      {recordedKinds.has('individual_recall') && <p>{t('start.recallNoted', { boats: committee.records.flatMap((r) => (r.type === 'signal' && r.kind === 'individual_recall' ? (r.sailNumbers ?? []) : [])).join(', ') })}</p>}
      <button type="button" className="secondary" onClick={onNew}>{t('start.new')}</button>
    </section>
  );
}
