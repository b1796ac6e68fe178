/**
 * Beside the finish sheet: the race's finishes captured on the water by the committee app, as the
 * recorders' reconciled order (where they agree, where they disagree: order swapped, seen by one
 * only, times apart), the unidentified boats still open (each resolved here to a sail number through
 * the capture API), whether the race's results still follow the water or the scorer has taken over,
 * the finishes and codes the race's signals void (an abandonment, a general recall), each saying why,
 * and "Accept into the sheet", which fills the sheet's lines in that order for the scorer to
 * preview and save as usual.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert, QueryView } from '../../ui/states';
import type { Revision } from './api';
import { useReconciliation, useResolveUnknown, type Reconciliation } from './capture-api';
import { capturedLines, followState } from './capture-lines';
import { onTheClock } from './clock';
import type { Boat, SheetLine } from './sheet';
import { VoidedRecords } from './VoidedRecords';

interface CapturePanelProps {
  slug: string;
  raceId: string;
  boats: Boat[];
  history: readonly Revision[];
  timeZone: string | null;
  onAccept: (lines: SheetLine[]) => void;
}

export function CapturePanel({ slug, raceId, boats, history, timeZone, onAccept }: CapturePanelProps) {
  const { t } = useTranslation('scoring');
  const headingId = useId();
  const reconciliation = useReconciliation(slug, raceId);
  const [said, setSaid] = useState('');
  return (
    <section aria-labelledby={headingId} className="capture-panel">
      <h3 id={headingId}>{t('capture.title')}</h3>
      <QueryView query={reconciliation} label={t('loading')}>
        {(data) => {
          if (data.order.length === 0 && data.unknowns.length === 0 && data.codes.length === 0 && data.voided.length === 0) return <p>{t('capture.none')}</p>;
          const follow = followState(history);
          const label = (id: string) => data.recorders.find((recorder) => recorder.id === id)?.label ?? id;
          return (
            <>
              {follow !== 'none' && <p>{t(`capture.follow.${follow}`)}</p>}
              <p>{t('capture.recorders', { names: data.recorders.map((recorder) => recorder.label).join(', ') })}</p>
              <OrderTable data={data} timeZone={timeZone} label={label} />
              <h4>{t('capture.disagreements')}</h4>
              {data.disagreements.length === 0 ? (
                <p>{t('capture.allAgree')}</p>
              ) : (
                <ul aria-label={t('capture.disagreements')}>
                  {data.disagreements.map((entry, index) => (
                    <li key={index}>{t(`capture.kind.${entry.kind}`, { boats: entry.sailNumbers.join(', '), recorders: entry.recorders.map(label).join(', ') })}</li>
                  ))}
                </ul>
              )}
              <h4>{t('capture.unknowns')}</h4>
              {data.unknowns.length === 0 ? (
                <p>{t('capture.noUnknowns')}</p>
              ) : (
                <ul className="capture-unknowns">
                  {data.unknowns.map((unknown) => (
                    <UnknownBoat key={unknown.recordId} slug={slug} raceId={raceId} boats={boats} unknown={unknown} time={onTheClock(unknown.at, timeZone).time} recorder={label(unknown.recorder)} />
                  ))}
                </ul>
              )}
              <VoidedRecords voided={data.voided} timeZone={timeZone} label={(id) => data.recorders.find((recorder) => recorder.id === id)?.label} />
              <div className="actions">
                <button
                  type="button"
                  onClick={() => {
                    const lines = capturedLines(data, boats, timeZone);
                    onAccept(lines);
                    setSaid(t('capture.accepted', { count: lines.length }));
                  }}
                >
                  {t('capture.accept')}
                </button>
              </div>
              {data.unknowns.length > 0 && <p className="hint">{t('capture.acceptHint', { count: data.unknowns.length })}</p>}
            </>
          );
        }}
      </QueryView>
      <p role="status">{said}</p>
    </section>
  );
}

function OrderTable({ data, timeZone, label }: { data: Reconciliation; timeZone: string | null; label: (id: string) => string }) {
  const { t } = useTranslation('scoring');
  const codeOf = (sail: string) => data.codes.find((entry) => entry.sailNumber === sail)?.code ?? '';
  return (
    <table className="responsive">
      <caption>{t('capture.order', { count: data.order.length })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('capture.place')}</th>
          <th scope="col">{t('capture.sail')}</th>
          <th scope="col">{t('capture.time')}</th>
          <th scope="col">{t('capture.seenBy')}</th>
          <th scope="col">{t('capture.agreed')}</th>
        </tr>
      </thead>
      <tbody>
        {data.order.map((entry) => (
          <tr key={entry.sailNumber} className={entry.agreed ? undefined : 'flagged'}>
            <td data-label={t('capture.place')}>{entry.position}</td>
            <th scope="row" data-label={t('capture.sail')}>{entry.sailNumber} {codeOf(entry.sailNumber)}</th>
            <td data-label={t('capture.time')}>{onTheClock(entry.at, timeZone).time}{entry.spreadMs > 0 ? ` (±${(entry.spreadMs / 1000).toFixed(1)} s)` : ''}</td>
            <td data-label={t('capture.seenBy')}>{entry.seenBy.map(label).join(', ')}</td>
            <td data-label={t('capture.agreed')}>{entry.agreed ? t('capture.yes') : t('capture.no')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface UnknownBoatProps {
  slug: string;
  raceId: string;
  boats: Boat[];
  unknown: Reconciliation['unknowns'][number];
  time: string;
  recorder: string;
}

function UnknownBoat({ slug, raceId, boats, unknown, time, recorder }: UnknownBoatProps) {
  const { t } = useTranslation('scoring');
  const selectId = useId();
  const resolve = useResolveUnknown(slug, raceId);
  const [sail, setSail] = useState('');
  const what = t('capture.unknown', { time, recorder });
  return (
    <li>
      <form
        aria-label={what}
        onSubmit={(event) => {
          event.preventDefault();
          if (sail) resolve.mutate({ recordId: unknown.recordId, at: unknown.at, sailNumber: sail });
        }}
      >
        <p>{what}</p>
        <label htmlFor={selectId}>{t('capture.resolveAs', { time })}</label>{' '}
        <select id={selectId} value={sail} onChange={(event) => setSail(event.target.value)}>
          <option value="">{t('capture.choose')}</option>
          {boats.map((boat) => (
            <option key={boat.id} value={boat.sail}>{`${boat.sail} ${boat.name}`}</option>
          ))}
        </select>{' '}
        <button type="submit" disabled={!sail || resolve.isPending}>{t('capture.resolve')}</button>
        <ProblemAlert error={inOwnWords(resolve.error, t, 'scoring')} />
      </form>
    </li>
  );
}
