/**
 * The scoring desk of a regatta (/regattas/:slug/scoring): per fleet, whether its results are
 * provisional or official, the protest time limit counting down once provisional results are posted,
 * posting them (postFleetResults) and making them official (makeFleetResultsOfficial); the fleet's
 * races, each opening its finish sheet; the fleet's standings (getEventStandings); the regatta's files
 * (Sailwave .blw, CSV, PDF) and the Sailwave import.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../i18n/format';
import { inOwnWords } from '../../ui/problem-text';
import { Empty, ProblemAlert, QueryView } from '../../ui/states';
import { useRegatta } from '../regattas/useRegatta';
import { useFleetsAndRaces, useOverall, useScoringChanges, useStandings, type Fleet, type Race } from './api';
import { Downloads } from './Downloads';
import { Standings } from './Standings';
import './scoring.css';

type StandingsData = NonNullable<ReturnType<typeof useStandings>['data']>;
type FleetSummary = StandingsData['fleets'][number];

/** The time now, once a second (the protest time limit's countdown). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** 1:59:58 left: hours, minutes and seconds. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(total / 3600)}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}

export default function ScoringDesk() {
  const { t } = useTranslation('scoring');
  const { slug = '' } = useParams();
  const regatta = useRegatta();
  const setup = useFleetsAndRaces(slug);
  const standings = useStandings(slug);
  const headingId = useId();
  const [said, setSaid] = useState('');
  return (
    <section aria-labelledby={headingId} className="scoring">
      <h2 id={headingId}>{t('desk.title')}</h2>
      <p>
        <Link to="split">{t('split.link')}</Link> · <Link to="ratings">{t('ratings.link')}</Link>
      </p>
      <p role="status" className={said ? 'notice' : undefined}>{said}</p>
      <QueryView query={regatta}>
        {(event) => (
          <QueryView query={setup}>
            {({ fleets, races }) =>
              fleets.length === 0 ? (
                <Empty>{t('desk.noFleets')}</Empty>
              ) : (
                <QueryView query={standings}>
                  {(table) =>
                    fleets.map((fleet) => (
                      <FleetDesk
                        key={fleet.id}
                        slug={slug}
                        fleet={fleet}
                        races={races.filter((race) => race.fleetId === fleet.id).sort((a, b) => a.raceNumber - b.raceNumber)}
                        summary={table.fleets.find((row) => row.id === fleet.id)}
                        standings={table.standings.filter((row) => row.fleetId === fleet.id)}
                        timeZone={event.timeZone ?? null}
                        onSaid={setSaid}
                      />
                    ))
                  }
                </QueryView>
              )
            }
          </QueryView>
        )}
      </QueryView>
      <OverallStandings slug={slug} />
      {regatta.data && <Downloads slug={slug} organization={regatta.data.organization.slug} />}
    </section>
  );
}

interface FleetDeskProps {
  slug: string;
  fleet: Fleet;
  races: Race[];
  summary: FleetSummary | undefined;
  standings: StandingsData['standings'];
  timeZone: string | null;
  onSaid: (message: string) => void;
}

function FleetDesk({ slug, fleet, races, summary, standings, timeZone, onSaid }: FleetDeskProps) {
  const { t, i18n } = useTranslation('scoring');
  const headingId = useId();
  const now = useNow();
  const { post, official } = useScoringChanges(slug);
  const status = summary?.status ?? null;
  const deadline = summary?.protestDeadline ? new Date(summary.protestDeadline).getTime() : null;
  const error = post.error ?? official.error;
  return (
    <section aria-labelledby={headingId} className="fleet-desk">
      <h3 id={headingId}>
        {fleet.name}{' '}
        <span className={status === 'official' ? 'badge badge-ok' : 'badge'}>{t(`status.${status ?? 'none'}`)}</span>
      </h3>
      {deadline !== null && status === 'provisional' && (
        <p className="countdown">
          {deadline > now
            ? t('publish.countdown', { left: countdown(deadline - now), at: formatDateTime(summary?.protestDeadline, i18n.language, timeZone) })
            : t('publish.limitPassed', { at: formatDateTime(summary?.protestDeadline, i18n.language, timeZone) })}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          disabled={post.isPending || status === null}
          aria-label={t('publish.postOf', { fleet: fleet.name })}
          onClick={() => post.mutate(fleet.id, { onSuccess: (answer) => onSaid(answer.data.races.length > 0 ? t('publish.posted', { fleet: fleet.name, count: answer.data.races.length }) : t('publish.nothing', { fleet: fleet.name })) })}
        >
          {t('publish.post')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={official.isPending || status === null}
          aria-label={t('publish.officialOf', { fleet: fleet.name })}
          onClick={() => official.mutate(fleet.id, { onSuccess: (answer) => onSaid(t('publish.madeOfficial', { fleet: fleet.name, count: answer.data.raceIds.length })) })}
        >
          {t('publish.official')}
        </button>
      </div>
      <ProblemAlert error={inOwnWords(error, t, 'scoring')} />
      <h4>{t('desk.races')}</h4>
      {races.length === 0 ? (
        <Empty>{t('desk.noRaces')}</Empty>
      ) : (
        <ul className="race-links">
          {races.map((race) => (
            <li key={race.id}>
              <Link to={`${fleet.id}/races/${race.id}`} aria-label={t('desk.sheetOf', { fleet: fleet.name, race: race.name })}>
                {race.name}
              </Link>{' '}
              <span className="muted">{t(`raceStatus.${race.status}`, { defaultValue: race.status })}</span>
            </li>
          ))}
        </ul>
      )}
      <h4>{t('standings.title')}</h4>
      <Standings rows={standings} caption={t('standings.caption', { fleet: fleet.name })} />
    </section>
  );
}

/** The overall result across fleets, where the committee has defined one. */
function OverallStandings({ slug }: { slug: string }) {
  const { t } = useTranslation('scoring');
  const headingId = useId();
  const overall = useOverall(slug);
  if (!overall.data) return overall.isError ? <ProblemAlert error={overall.error} /> : null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('standings.overall', { name: overall.data.name })}</h3>
      <Standings rows={overall.data.standings} caption={t('standings.overall', { name: overall.data.name })} showFleet />
    </section>
  );
}
