/**
 * Beside the captured order: the finishes and codes the race's signals void after they were recorded
 * (every record of an abandoned race; after a general recall or a resail, what was recorded before the
 * start in force), each saying why. They are left out of the reconciled order, so accepting it into
 * the sheet never takes them; the list tells the scorer where the boats the water saw have gone.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reconciliation } from './capture-api';
import { onTheClock } from './clock';

interface VoidedRecordsProps {
  voided: Reconciliation['voided'];
  timeZone: string | null;
  /** The recorder's name when it recorded a finish in force; undefined when all it recorded is void. */
  label: (recorderId: string) => string | undefined;
}

export function VoidedRecords({ voided, timeZone, label }: VoidedRecordsProps) {
  const { t } = useTranslation('scoring');
  const headingId = useId();
  if (voided.length === 0) return null;
  return (
    <>
      <h4 id={headingId}>{t('capture.voided')}</h4>
      <p className="hint">{t('capture.voidedHint')}</p>
      <ul aria-labelledby={headingId}>
        {voided.map((record) => (
          <li key={record.recordId}>
            {t(`capture.void.${record.reason}`, {
              what: record.kind === 'code' && record.code ? record.code : t('capture.voidFinish'),
              boat: record.sailNumber ?? t('capture.voidUnknownBoat'),
              time: record.at ? onTheClock(record.at, timeZone).time : t('capture.voidNoTime'),
              recorder: label(record.recorder) ?? t('capture.voidSomeRecorder'),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}
