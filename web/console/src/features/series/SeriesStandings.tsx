/**
 * A series' standings across its regattas (getSeriesStandings), one table per fleet: the place, the
 * boat, each regatta's score (a dropped score in parentheses, an absent boat marked), the total and
 * the net that ranks them.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/DataTable';
import { Empty, QueryView } from '../../ui/states';
import { useSeriesStandings, type SeriesStandingEntry } from './api';
import { byFleet } from './form';

export function SeriesStandings({ org, slug, followUntil }: { org: string; slug: string; followUntil: number }) {
  const { t, i18n } = useTranslation('series');
  const headingId = useId();
  const standings = useSeriesStandings(org, slug, followUntil);
  const number = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);
  const score = (result: SeriesStandingEntry['eventResults'][number]) => {
    const text = result.absent ? t('standings.absent', { points: number(result.points) }) : number(result.points);
    return result.dropped ? `(${text})` : text;
  };
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('standings.title')}</h2>
      <p className="hint">{t('standings.intro')}</p>
      <QueryView query={standings}>
        {(data) => {
          const fleets = byFleet(data.standings);
          if (fleets.length === 0) return <Empty>{t('standings.none')}</Empty>;
          const events = data.events;
          return (
            <>
              {fleets.map(([fleet, rows]) => (
                <DataTable
                  key={fleet}
                  rows={rows}
                  caption={t('standings.of', { fleet })}
                  rowKey={(row) => row.boat.id}
                  empty={t('standings.none')}
                  columns={[
                    { header: t('standings.position'), cell: (row) => row.position },
                    { header: t('standings.boat'), cell: (row) => [row.boat.sail, row.boat.name].filter(Boolean).join(' ') },
                    { header: t('standings.skipper'), cell: (row) => row.skipper ?? '–' },
                    ...events.map((event) => ({
                      header: event.name,
                      cell: (row: SeriesStandingEntry) => {
                        const result = row.eventResults.find((entry) => entry.eventId === event.id || entry.event === event.slug);
                        return result ? score(result) : '–';
                      },
                    })),
                    { header: t('standings.total'), cell: (row) => number(row.totalPoints) },
                    { header: t('standings.net'), cell: (row) => number(row.netPoints) },
                  ]}
                />
              ))}
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
