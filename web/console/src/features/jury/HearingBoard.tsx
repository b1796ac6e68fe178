/**
 * The board of one day's hearings: time, room, case, parties and status, earliest first. The same
 * table is the jury room's day board and, in large type, the clubhouse display.
 */
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/DataTable';
import type { Hearing } from './board';
import type { Namer } from './labels';

export function HearingBoard({ hearings, names, timeZone, caption }: { hearings: readonly Hearing[]; names: Namer; timeZone: string | null; caption: string }) {
  const { t, i18n } = useTranslation('jury');
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
  return (
    <DataTable
      rows={hearings}
      rowKey={(h) => h.protest.id}
      caption={caption}
      empty={t('board.empty')}
      columns={[
        { header: t('board.time'), cell: (h) => time.format(new Date(h.startsAt)) },
        { header: t('board.room'), cell: (h) => h.room },
        { header: t('board.case'), cell: (h) => `${t('caseNumber', { number: h.protest.number })} · ${t(`types.${h.protest.type}`)}` },
        {
          header: t('board.parties'),
          cell: (h) => {
            const parties = h.protest.hearing?.parties.length ? h.protest.hearing.parties : [h.protest.protestor.boat, ...h.protest.protestees].filter((b): b is string => !!b);
            return parties.map(names.boat).join(', ') || t(`party.${h.protest.protestor.party}`);
          },
        },
        { header: t('board.races'), cell: (h) => h.protest.raceIds.map(names.race).join(', ') },
        { header: t('board.status'), cell: (h) => <span className="badge">{t(`status.${h.protest.status}`)}</span> },
      ]}
    />
  );
}
