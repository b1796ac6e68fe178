/**
 * The finish line: a large button per boat still expected in this start (finished ones disappear),
 * a sail number field that narrows them by prefix (Enter records the first match), an "unknown boat"
 * button, and undo. A tap takes the time first, writes the record to the device, and only then does
 * the boat move to the list of finishes: what the list shows is what the device holds.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordFinish, recordUnknown, undoFinish } from './actions';
import { boatsOf, raceLabel, raceOfFleet, type Context } from './context';
import { expectedBoats, matchSail, type Boat } from './domain/boats';
import { codesInForce, finishedEntryIds, finishesInForce, lastUndoable } from './domain/finishes';
import { CodeForm } from './CodeForm';
import { toServerTime } from './domain/clock';
import { formatClock } from './time';
import type { Committee } from './useCommittee';

export function FinishPanel({ committee, context }: { committee: Committee; context: Context }) {
  const { t, i18n } = useTranslation('committee');
  const [typed, setTyped] = useState('');
  // In a start of several fleets, the race an unknown boat is recorded in (the first until chosen).
  const [unknownRace, setUnknownRace] = useState('');
  const [announce, setAnnounce] = useState('');
  const start = committee.start;
  if (!start || start.startAt === null) return <p className="empty">{t('finish.notStarted')}</p>;

  const fleets = raceOfFleet(context, start);
  const all = boatsOf(context, start);
  const expected = expectedBoats(all, new Set(fleets.keys()), finishedEntryIds(committee.records));
  const shown = typed.trim() ? matchSail(expected, typed) : expected;
  // In the order they crossed the line (a resolved unknown boat takes its place by its time).
  const at = (r: { deviceAt: number; clockOffsetMs: number | null }) => toServerTime(r.deviceAt, r.clockOffsetMs ?? committee.clock?.offsetMs);
  const finishes = finishesInForce(committee.records).sort((x, y) => at(x) - at(y));
  const codes = codesInForce(committee.records);
  const undoable = lastUndoable(committee.records);
  const firstRace = start.raceIds[0]!;
  const sailOf = (registrationId?: string) => all.find((b) => b.entryId === registrationId)?.sailNumber ?? null;

  const tap = async (boat: Boat) => {
    const at = Date.now();
    await recordFinish(start, fleets.get(boat.fleetId) ?? firstRace, boat, at);
    setTyped('');
    setAnnounce(t('finish.recorded', { sail: boat.sailNumber ?? boat.boatName }));
    committee.loop?.kick();
  };
  const unknown = async () => {
    const at = Date.now();
    await recordUnknown(start, start.raceIds.includes(unknownRace) ? unknownRace : firstRace, at, typed.trim() || undefined);
    setTyped('');
    setAnnounce(t('finish.unknownRecorded'));
    committee.loop?.kick();
  };
  const undo = async () => {
    if (!undoable) return;
    await undoFinish(start, undoable);
    setAnnounce(t('finish.undone', { sail: sailOf(undoable.registrationId) ?? t('finish.unknownBoat') }));
    committee.loop?.kick();
  };

  return (
    <section aria-labelledby="finish-title">
      <h2 id="finish-title">{t('finish.title')}</h2>
      <p className="muted">{t('start.racesOf', { races: start.raceIds.map((id) => raceLabel(context, id, t)).join(', ') })}</p>
      <div role="status" className="signal-announce">{announce}</div>
      <form className="finish-type" onSubmit={(e) => { e.preventDefault(); if (shown[0]) void tap(shown[0]); }}>
        <label htmlFor="sail-typed">{t('finish.typeSail')}</label>
        <input id="sail-typed" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoCapitalize="characters" enterKeyHint="done" />
      </form>
      <div className="finish-tools">
        {start.raceIds.length > 1 && (
          <label className="inline-field">
            <span>{t('finish.unknownRace')}</span>
            <select value={start.raceIds.includes(unknownRace) ? unknownRace : firstRace} onChange={(e) => setUnknownRace(e.target.value)}>
              {start.raceIds.map((id) => <option key={id} value={id}>{raceLabel(context, id, t)}</option>)}
            </select>
          </label>
        )}
        <button type="button" className="big secondary" onClick={() => void unknown()}>{t('finish.unknown')}</button>
        <button type="button" className="secondary" disabled={!undoable} onClick={() => void undo()}>
          {undoable ? t('finish.undo', { sail: sailOf(undoable.registrationId) ?? t('finish.unknownBoat') }) : t('finish.nothingToUndo')}
        </button>
      </div>
      <h3>{t('finish.expected', { count: expected.length })}</h3>
      {shown.length === 0 ? (
        <p className="empty">{typed.trim() ? t('finish.noMatch') : t('finish.allIn')}</p>
      ) : (
        <ul className="boat-grid" aria-label={t('finish.expectedList')}>
          {shown.map((boat) => (
            <li key={boat.entryId}>
              <button type="button" className="boat" onClick={() => void tap(boat)}>
                <strong>{boat.sailNumber}</strong>{' '}
                <span>{boat.boatName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <CodeForm start={start} boats={expected} raceOf={(boat) => fleets.get(boat.fleetId) ?? firstRace} onRecorded={(boat, code) => { setAnnounce(t('code.recorded', { sail: boat.sailNumber ?? boat.boatName, code })); committee.loop?.kick(); }} />
      <h3>{t('finish.recordedTitle', { count: finishes.length })}</h3>
      <ol className="finish-list" aria-label={t('finish.recordedList')}>
        {finishes.map((record) => (
          <li key={record.id}>
            <span className="finish-sail">{sailOf(record.registrationId) ?? t('finish.unknownBoat')}</span>{' '}
            <time dateTime={new Date(toServerTime(record.deviceAt, record.clockOffsetMs ?? committee.clock?.offsetMs)).toISOString()}>
              {formatClock(toServerTime(record.deviceAt, record.clockOffsetMs ?? committee.clock?.offsetMs), context.event.timeZone, i18n.language)}
            </time>{' '}
            <span className={`state state-${record.state}`}>{t(`state.${record.state}`)}</span>
          </li>
        ))}
      </ol>
      {codes.length > 0 && (
        <>
          <h3>{t('code.listTitle')}</h3>
          <ul aria-label={t('code.listTitle')}>
            {codes.map((record) => (
              <li key={record.id}>
                <span className="finish-sail">{sailOf(record.registrationId)}</span> {record.code}{' '}
                <span className={`state state-${record.state}`}>{t(`state.${record.state}`)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
