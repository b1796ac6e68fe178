/** One case in full for the committee: the incident, rules alleged, contact, and the decision with its consequences. */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import type { Namer } from './labels';
import type { Protest } from './schemas';

export function CaseDetails({ protest, names, timeZone }: { protest: Protest; names: Namer; timeZone: string | null }) {
  const { t, i18n } = useTranslation('jury');
  const when = (iso: string | null | undefined) => formatDateTime(iso, i18n.language, timeZone);
  const decision = protest.decision;
  return (
    <dl className="facts">
      <dt>{t('fields.incident')}</dt>
      <dd>{protest.incident ?? '—'}</dd>
      <dt>{t('fields.rulesAlleged')}</dt>
      <dd>{protest.rulesAlleged.join(', ') || '—'}</dd>
      <dt>{t('details.limit')}</dt>
      <dd>{protest.deadline ? when(protest.deadline) : t('cases.noLimit')}</dd>
      {protest.contact && (
        <>
          <dt>{t('lodge.contact')}</dt>
          <dd>{[protest.contact.name, protest.contact.email, protest.contact.phone].filter(Boolean).join(', ') || '—'}</dd>
        </>
      )}
      {protest.withdrawal && (
        <>
          <dt>{t('details.withdrawn')}</dt>
          <dd>{`${when(protest.withdrawal.withdrawnAt)}: ${protest.withdrawal.reason}`}</dd>
        </>
      )}
      {decision && (
        <>
          <dt>{t('details.decidedAt')}</dt>
          <dd>{when(decision.decidedAt)}</dd>
          <dt>{t('fields.factsFound')}</dt>
          <dd>{decision.factsFound}</dd>
          <dt>{t('fields.conclusions')}</dt>
          <dd>{decision.conclusions}</dd>
          <dt>{t('fields.rulesApplied')}</dt>
          <dd>{decision.rulesApplied.join(', ') || '—'}</dd>
          <dt>{t('details.consequences')}</dt>
          <dd>
            {decision.consequences.length === 0 ? (
              t('decision.noAction')
            ) : (
              <ul>
                {decision.consequences.map((c, i) => (
                  <li key={i}>{t('details.consequenceLine', { boat: names.boat(c.boat), race: names.race(c.race), action: t(`actions.${c.action}`) })}</li>
                ))}
              </ul>
            )}
          </dd>
        </>
      )}
    </dl>
  );
}
