/**
 * The standings as saving the sheet would make them (previewRaceResults), each boat beside her place
 * now: a boat that moves is highlighted and says by how many places, up or down. A preview made before
 * the sheet last changed says so.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/DataTable';
import type { Preview } from './api';

type Row = Preview['standings'][number];

export function PreviewTable({ preview, stale }: { preview: Preview; stale: boolean }) {
  const { t, i18n } = useTranslation('scoring');
  const headingId = useId();
  const points = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);
  const moved = (row: Row) => {
    if (row.moved === null) return t('preview.new');
    if (row.moved > 0) return t('preview.up', { count: row.moved });
    if (row.moved < 0) return t('preview.down', { count: -row.moved });
    return t('preview.same');
  };
  const movers = preview.standings.filter((row) => row.moved !== 0).length;
  return (
    <section aria-labelledby={headingId} className="preview">
      <h3 id={headingId}>{t('preview.title')}</h3>
      {stale && <p className="alert">{t('preview.stale')}</p>}
      <p role="status">{t('preview.summary', { count: movers })}</p>
      <DataTable
        rows={preview.standings}
        caption={t('preview.caption')}
        rowKey={(row) => row.boat.id}
        empty={t('standings.none')}
        rowProps={(row) => (row.moved !== 0 ? { className: 'moved' } : {})}
        columns={[
          { header: t('standings.place'), cell: (row) => row.position },
          { header: t('sheet.sail'), cell: (row) => row.boat.sail ?? '' },
          { header: t('sheet.boat'), cell: (row) => row.boat.name },
          { header: t('standings.net'), cell: (row) => points(row.netPoints) },
          { header: t('preview.now'), cell: (row) => (row.now ? t('preview.nowValue', { position: row.now.position, net: points(row.now.netPoints) }) : '–') },
          { header: t('preview.moved'), cell: (row) => (row.moved !== 0 ? <strong>{moved(row)}</strong> : moved(row)) },
        ]}
      />
    </section>
  );
}
