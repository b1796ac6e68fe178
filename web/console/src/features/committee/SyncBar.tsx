/**
 * Always on screen: how many records have not reached the server yet, whether the last sync worked,
 * the clock offset applied, and the records the server refused (with its reason).
 */
import { useTranslation } from 'react-i18next';
import { formatSeconds } from './time';
import type { Committee } from './useCommittee';

export function SyncBar({ committee }: { committee: Committee }) {
  const { t, i18n } = useTranslation('committee');
  const { unsent, status, clock, rejected, loop } = committee;
  // A device whose token was revoked or expired hears 401 on its next request (a sync or a refresh).
  const refused = committee.refresh.error as { status?: number } | null;
  const ended = status.lastErrorStatus === 401 || (committee.device && refused?.status === 401);
  return (
    <section className="sync-bar" aria-label={t('sync.label')}>
      <p role="status" className={unsent > 0 ? 'sync-unsent' : 'sync-done'}>
        {unsent > 0 ? t('sync.unsent', { count: unsent }) : t('sync.allSent')}
      </p>
      <p className="muted">
        {ended ? t('sync.ended') : status.lastErrorStatus ? t('sync.failed', { status: status.lastErrorStatus }) : status.lastError ? t('sync.offline') : status.lastSyncAt ? t('sync.online') : t('sync.waiting')}
        {clock ? ` · ${t('sync.offset', { offset: formatSeconds(clock.offsetMs, i18n.language) })}` : ` · ${t('sync.noOffset')}`}
      </p>
      <button type="button" className="secondary" onClick={() => loop?.kick()} disabled={!loop}>{t('sync.now')}</button>
      {rejected.length > 0 && (
        <div role="alert" className="alert">
          <p>{t('sync.rejected', { count: rejected.length })}</p>
          <ul>
            {rejected.map((record) => (
              <li key={record.id}>{t(`problem.${record.problem?.code ?? 'rejected'}`, { defaultValue: record.problem?.title || record.problem?.code || '' })}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
