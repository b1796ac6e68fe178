/**
 * The cases of the regatta as the committee sees them: number, type, parties, races, when it was
 * lodged and whether in time or late, the hearing, the status; and what can be done next with each
 * (schedule or move the hearing, decide, withdraw with the committee's approval, or for a decided
 * case lodge a request to reopen, rule 66: a decided case is never decided again).
 */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { DataTable } from '../../ui/DataTable';
import type { Namer } from './labels';
import type { Protest } from './schemas';

export type CaseAction = 'hearing' | 'decide' | 'withdraw' | 'reopen' | 'details';

export function CaseTable({ protests, names, timeZone, onAction }: { protests: readonly Protest[]; names: Namer; timeZone: string | null; onAction: (action: CaseAction, protest: Protest) => void }) {
  const { t, i18n } = useTranslation('jury');
  const when = (iso: string | null | undefined) => formatDateTime(iso, i18n.language, timeZone);
  const open = (p: Protest) => p.status === 'lodged' || p.status === 'scheduled';
  return (
    <DataTable
      rows={protests}
      rowKey={(p) => p.id}
      caption={t('cases.caption')}
      empty={t('cases.empty')}
      columns={[
        { header: t('cases.number'), cell: (p) => t('caseNumber', { number: p.number }) },
        { header: t('cases.type'), cell: (p) => t(`types.${p.type}`) },
        {
          header: t('cases.parties'),
          cell: (p) => (
            <>
              <span>{p.protestor.boat ? names.boat(p.protestor.boat) : t(`party.${p.protestor.party}`)}</span>
              {p.protestees.length > 0 && <span> {t('versus', { boats: p.protestees.map(names.boat).join(', ') })}</span>}
            </>
          ),
        },
        { header: t('cases.races'), cell: (p) => p.raceIds.map(names.race).join(', ') },
        {
          header: t('cases.lodged'),
          cell: (p) => (
            <>
              {when(p.lodgedAt)}{' '}
              <span className={p.late ? 'badge late' : 'badge'}>{p.deadline === null ? t('cases.noLimit') : p.late ? t('cases.late') : t('cases.inTime')}</span>
            </>
          ),
        },
        { header: t('cases.hearing'), cell: (p) => (p.hearing ? t('hearingAt', { when: when(p.hearing.startsAt), room: p.hearing.room }) : '—') },
        { header: t('cases.status'), cell: (p) => <span className="badge">{t(`status.${p.status}`)}</span> },
        {
          header: t('cases.actions'),
          cell: (p) => {
            const n = { number: p.number };
            return (
              <div className="actions">
                <button type="button" className="secondary" onClick={() => onAction('details', p)}>{t('act.details', n)}</button>
                {open(p) && <button type="button" onClick={() => onAction('hearing', p)}>{p.hearing ? t('act.move', n) : t('act.schedule', n)}</button>}
                {open(p) && <button type="button" onClick={() => onAction('decide', p)}>{t('act.decide', n)}</button>}
                {open(p) && <button type="button" className="secondary" onClick={() => onAction('withdraw', p)}>{t('act.withdraw', n)}</button>}
                {p.status === 'decided' && <button type="button" className="secondary" onClick={() => onAction('reopen', p)}>{t('act.reopen', n)}</button>}
              </div>
            );
          },
        },
      ]}
    />
  );
}
