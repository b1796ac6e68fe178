/**
 * The protest room as the public notice board shows it (the regatta page's JSON twin): hearings
 * scheduled and decisions published with their consequences in words, so the secretary sees what
 * the sailors see. A case only lodged is not public yet; a draft regatta has no public board.
 */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { DataTable } from '../../ui/DataTable';
import { QueryView } from '../../ui/states';
import { useNoticeBoardCases, type PublicCase } from './api';

const boatName = (boat: { sailNumber: string | null; boatName: string | null } | null) => (boat ? [boat.sailNumber, boat.boatName].filter(Boolean).join(' ') : '');

export function NoticeCases({ slug, published, timeZone }: { slug: string; published: boolean; timeZone: string | null }) {
  const { t, i18n } = useTranslation('jury');
  const cases = useNoticeBoardCases(slug, published);
  if (!published) return <p className="muted">{t('notice.draft')}</p>;
  return (
    <QueryView query={cases} label={t('notice.loading')}>
      {(rows) => (
        <DataTable<PublicCase>
          rows={rows}
          rowKey={(c) => String(c.number)}
          caption={t('notice.caption')}
          empty={t('notice.empty')}
          columns={[
            { header: t('cases.number'), cell: (c) => t('caseNumber', { number: c.number }) },
            { header: t('cases.status'), cell: (c) => t(`status.${c.status}`) },
            { header: t('cases.hearing'), cell: (c) => (c.hearing ? t('hearingAt', { when: formatDateTime(c.hearing.startsAt, i18n.language, timeZone), room: c.hearing.room }) : '—') },
            {
              header: t('notice.decision'),
              cell: (c) =>
                c.decision ? (
                  <>
                    <p>{c.decision.outcome}</p>
                    <ul>{c.decision.consequences.map((q, i) => <li key={i}>{`${boatName(q.boat)}: ${q.summary}${q.raceNumber !== null ? ` (${t('raceNumber', { number: q.raceNumber })})` : ''}`}</li>)}</ul>
                  </>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
    </QueryView>
  );
}
