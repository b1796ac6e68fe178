import { useTranslation } from 'react-i18next';
import type { EventStatus } from './schemas';

/** A regatta's status as a word (never colour alone). */
export function StatusBadge({ status }: { status: EventStatus }) {
  const { t } = useTranslation('regattas');
  return <span className={`badge status-${status}`}>{t(`status.${status}`)}</span>;
}
