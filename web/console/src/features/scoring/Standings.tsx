/**
 * Standings as getEventStandings (a fleet) or getOverallResult (across fleets) answer them: place,
 * sail number, boat (and fleet, overall), each race's score (a discarded one in brackets, a code
 * named), total and net points.
 */
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/DataTable';
/** What a standings row shows; a fleet's (getEventStandings) and the overall result's (getOverallResult) both have it. */
export interface StandingRow {
  position: number;
  boat: { id: string; name: string; sail: string | null };
  fleet?: string;
  totalPoints: number;
  netPoints: number;
  raceResults: ReadonlyArray<{ race: number; points: number; dropped: boolean; code: string | null }>;
}

function raceScore(result: StandingRow['raceResults'][number]): string {
  const score = result.code ? `${result.points} ${result.code}` : String(result.points);
  return result.dropped ? `(${score})` : score;
}

export function Standings({ rows, caption, showFleet = false }: { rows: readonly StandingRow[]; caption: string; showFleet?: boolean }) {
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
        showFleet && { header: t('standings.fleet'), cell: (row: StandingRow) => row.fleet ?? '' },
        ...numbers.map((number) => ({
          header: t('standings.race', { number }),
          cell: (row: StandingRow) => {
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
