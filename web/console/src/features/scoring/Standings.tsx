/**
 * A fleet's standings as getEventStandings answers them: place, sail number, boat, each race's score
 * (a discarded one in brackets, a code named), total and net points.
 */
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/DataTable';
import type { StandingEntry } from './api';

function raceScore(result: StandingEntry['raceResults'][number]): string {
  const score = result.code ? `${result.points} ${result.code}` : String(result.points);
  return result.dropped ? `(${score})` : score;
}

export function Standings({ rows, caption }: { rows: readonly StandingEntry[]; caption: string }) {
  const { t, i18n } = useTranslation('scoring');
  const numbers = [...new Set(rows.flatMap((row) => row.raceResults.map((result) => result.race)))].sort((a, b) => a - b);
  const points = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);
  return (
    <DataTable
      rows={rows}
      caption={caption}
      rowKey={(row) => row.boat.id}
      empty={t('standings.none')}
      columns={[
        { header: t('standings.place'), cell: (row) => row.position },
        { header: t('sheet.sail'), cell: (row) => row.boat.sail ?? '' },
        { header: t('sheet.boat'), cell: (row) => row.boat.name },
        ...numbers.map((number) => ({
          header: t('standings.race', { number }),
          cell: (row: StandingEntry) => {
            const result = row.raceResults.find((candidate) => candidate.race === number);
            return result ? raceScore(result) : '–';
          },
        })),
        { header: t('standings.total'), cell: (row) => points(row.totalPoints) },
        { header: t('standings.net'), cell: (row) => points(row.netPoints) },
      ]}
    />
  );
}
