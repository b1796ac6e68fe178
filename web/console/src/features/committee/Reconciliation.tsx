/**
 * The reconciled finish order of the current start's races, read from the server while there is
 * signal (every 5 s): where the recorders agree, where they disagree (order swapped, a boat seen by
 * one only, times further apart than the tolerance) and the unknown boats not yet resolved.
 */
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ProblemAlert } from '../../ui/states';
import { fetchReconciliation, type Reconciliation as Data } from './api';
import { boatsOf, raceLabel, raceOfFleet, type Context } from './context';
import { ResolveUnknown } from './ResolveUnknown';
import type { StoredStart } from './store/db';
import { formatClock, formatSeconds } from './time';
import type { Committee } from './useCommittee';

export function Reconciliation({ committee, context, slug }: { committee: Committee; context: Context; slug: string }) {
  const { t } = useTranslation('committee');
  const raceIds = committee.start?.raceIds ?? [];
  const queries = useQueries({
    queries: raceIds.map((raceId) => ({
      queryKey: ['capture-reconciliation', slug, raceId, committee.device?.token ?? ''],
      queryFn: () => fetchReconciliation(committee.client!, slug, raceId),
      enabled: committee.client !== undefined,
      refetchInterval: 5_000,
      retry: false,
    })),
  });
  if (raceIds.length === 0) return <p className="empty">{t('check.noStart')}</p>;
  return (
    <section aria-labelledby="check-title">
      <h2 id="check-title">{t('check.title')}</h2>
      {raceIds.map((raceId, index) => {
        const query = queries[index]!;
        return (
          <section key={raceId} aria-label={raceLabel(context, raceId, t)} className="check-race">
            <h3>{raceLabel(context, raceId, t)}</h3>
            {query.data ? <RaceCheck data={query.data} context={context} raceId={raceId} start={committee.start!} onResolved={() => committee.loop?.kick()} /> : query.isError ? (
              <>
                <p>{t('check.offline')}</p>
                <ProblemAlert error={query.error} />
              </>
            ) : <p className="loading">{t('check.loading')}</p>}
          </section>
        );
      })}
    </section>
  );
}

function RaceCheck({ data, context, raceId, start, onResolved }: { data: Data; context: Context; raceId: string; start: StoredStart; onResolved: () => void }) {
  const { t, i18n } = useTranslation('committee');
  const who = (id: string) => data.recorders.find((r) => r.id === id)?.label ?? id;
  // The boats an unknown one can be: this race's fleet, not yet in the reconciled order.
  const placed = new Set(data.order.map((line) => line.sailNumber));
  const fleetOfRace = [...raceOfFleet(context, start)].find(([, id]) => id === raceId)?.[0];
  const candidates = boatsOf(context, start).filter((b) => b.fleetId === fleetOfRace && !placed.has(b.sailNumber ?? ''));
  return (
    <>
      <p className="muted">{t('check.recorders', { names: data.recorders.map((r) => r.label).join(', '), count: data.recorders.length })}</p>
      {data.disagreements.length === 0 ? (
        <p className="notice">{t('check.agree')}</p>
      ) : (
        <>
          <h4>{t('check.disagreements', { count: data.disagreements.length })}</h4>
          <ul className="disagreements">
            {data.disagreements.map((d, i) => (
              <li key={i}>{t(`check.kind.${d.kind}`, { boats: d.sailNumbers.join(', '), recorders: d.recorders.map(who).join(', ') })}</li>
            ))}
          </ul>
        </>
      )}
      {data.unknowns.length > 0 && (
        <>
          <h4>{t('check.unknowns', { count: data.unknowns.length })}</h4>
          <ul>
            {data.unknowns.map((u) => (
              <li key={u.recordId}>
                {t('check.unknownAt', { time: formatClock(Date.parse(u.at), context.event.timeZone, i18n.language), recorder: who(u.recorder) })}{' '}
                {candidates.length > 0 && <ResolveUnknown start={start} raceId={raceId} recordId={u.recordId} at={u.at} label={formatClock(Date.parse(u.at), context.event.timeZone, i18n.language)} boats={candidates} onResolved={onResolved} />}
              </li>
            ))}
          </ul>
        </>
      )}
      {data.voided.length > 0 && (
        <>
          <h4>{t('check.voided', { count: data.voided.length })}</h4>
          <ul>
            {data.voided.map((v) => (
              <li key={v.recordId}>
                {t(`check.void.${v.reason}`, {
                  what: v.kind === 'code' && v.code ? v.code : t('check.voidFinish'),
                  boat: v.sailNumber ?? t('check.voidUnknownBoat'),
                  time: v.at ? formatClock(Date.parse(v.at), context.event.timeZone, i18n.language) : t('check.voidNoTime'),
                  recorder: who(v.recorder),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="table-wrap" tabIndex={0} role="region" aria-label={t('check.order')}>
        <table>
          <caption>{t('check.order')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('check.position')}</th>
              <th scope="col">{t('check.sail')}</th>
              <th scope="col">{t('check.time')}</th>
              <th scope="col">{t('check.seenBy')}</th>
              <th scope="col">{t('check.agreed')}</th>
            </tr>
          </thead>
          <tbody>
            {data.order.map((line) => (
              <tr key={`${line.position}-${line.sailNumber}`}>
                <td>{line.position}</td>
                <td>{line.sailNumber}</td>
                <td>{formatClock(Date.parse(line.at), context.event.timeZone, i18n.language)}{line.spreadMs > 0 ? ` ${t('check.spread', { seconds: formatSeconds(line.spreadMs, i18n.language, false) })}` : ''}</td>
                <td title={line.seenBy.map(who).join(', ')}>{t('check.seenCount', { count: line.seenBy.length, total: data.recorders.length })}</td>
                <td>{line.agreed ? t('check.yes') : t('check.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
