/**
 * The split series' standings on the desk (getSplitStandings): overall (the medal fleet first, then
 * each final fleet in order), the qualifying series, the opening series in each final fleet, or the
 * medal fleet; each race's score by stage (a discarded one in brackets), total and net.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/DataTable';
import { Field } from '../../ui/form';
import { Empty, QueryView } from '../../ui/states';
import { useSplitStandings, type SplitStage, type SplitStandings } from './split-api';

const STAGES: SplitStage[] = ['overall', 'qualifying', 'final', 'medal'];
type Row = SplitStandings['standings'][number];
type Score = Row['races'][number];

const scoreText = (score: Score) => {
  const text = score.code ? `${score.points} ${score.code}` : String(score.points);
  return score.dropped ? `(${text})` : text;
};

export function SplitStandingsView({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation('scoring');
  const headingId = useId();
  const [stage, setStage] = useState<SplitStage>('overall');
  const standings = useSplitStandings(slug, stage, true);
  const points = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('split.standings')}</h3>
      <Field label={t('split.standingsStage')}>
        {(a) => (
          <select {...a} value={stage} onChange={(event) => setStage(event.target.value as SplitStage)}>
            {STAGES.map((value) => <option key={value} value={value}>{t(`split.stageOf.${value}`)}</option>)}
          </select>
        )}
      </Field>
      <QueryView query={standings}>
        {(data) => {
          if (data === null) return <Empty>{t('split.notReady')}</Empty>;
          const columns = [...new Map(data.standings.flatMap((row) => row.races).map((score) => [`${score.stage}:${score.race}`, score])).values()];
          return (
            <DataTable
              rows={data.standings}
              caption={t('split.standingsOf', { stage: t(`split.stageOf.${stage}`) })}
              rowKey={(row) => row.boatId}
              empty={t('standings.none')}
              columns={[
                { header: t('standings.place'), cell: (row) => row.rank },
                { header: t('sheet.sail'), cell: (row) => row.sailNumber ?? '' },
                { header: t('sheet.boat'), cell: (row) => row.boatName },
                { header: t('standings.fleet'), cell: (row) => (row.medal ? t('split.inMedal', { fleet: row.fleetName ?? '' }) : row.fleetName ?? '') },
                ...columns.map((column) => ({
                  header: t(`split.raceOf.${column.stage}`, { number: column.race }),
                  cell: (row: Row) => {
                    const score = row.races.find((candidate) => candidate.stage === column.stage && candidate.race === column.race);
                    return score ? scoreText(score) : '–';
                  },
                })),
                { header: t('standings.total'), cell: (row) => points(row.total) },
                { header: t('standings.net'), cell: (row) => points(row.net) },
              ]}
            />
          );
        }}
      </QueryView>
    </section>
  );
}
