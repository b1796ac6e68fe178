/**
 * The committee boat's app for one regatta (/console/committee/:slug): run a start, record finishes,
 * see the reconciliation of two recorders, the safety tally (who is afloat), enrol another phone.
 * Opened once with signal it keeps what it needs on the device and works the whole day without
 * network; every record waits on the device until the server has it, and the bar at the top always
 * says how many have not been sent.
 * A device enrolled by QR code opens this page with `#enrol=<code>` and records without a password.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/problem';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { Loading, ProblemAlert } from '../../ui/states';
import { useEnrolFragment } from './enrol';
import { EnrolDevice } from './EnrolDevice';
import { FinishPanel } from './FinishPanel';
import { Reconciliation } from './Reconciliation';
import { StartPanel } from './StartPanel';
import { SyncBar } from './SyncBar';
import { registerOffline } from './pwa';
import { useCommittee } from './useCommittee';
import { CommitteeTally } from '../tally/CommitteeTally';
import './committee.css';

type View = 'start' | 'finish' | 'check' | 'tally' | 'devices';

export default function Committee() {
  const { t } = useTranslation('committee');
  const { slug = '' } = useParams();
  const enrol = useEnrolFragment(slug);
  const committee = useCommittee(slug);
  const [view, setView] = useState<View>('start');
  useEffect(registerOffline, []);

  const context = committee.stored?.context;
  const refusal = committee.refresh.error instanceof ApiError && committee.refresh.error.status >= 400 && committee.refresh.error.status < 500 ? committee.refresh.error : undefined;
  const views: View[] = committee.device ? ['start', 'finish', 'check', 'tally'] : ['start', 'finish', 'check', 'tally', 'devices'];

  return (
    <main className="committee" id="main">
      <header className="committee-head">
        <h1>{context ? t('title', { name: context.event.name }) : t('titleLoading')}</h1>
        {context && <p className="muted">{t('recordingAs', { label: context.recorder.label })}</p>}
        {committee.device === null && <p><Link to={`/regattas/${encodeURIComponent(slug)}`}>{t('toConsole')}</Link></p>}
        <LanguageSwitch />
      </header>
      {enrol.message && <div role="status"><p className="notice">{enrol.message}</p></div>}
      {enrol.error !== undefined && <ProblemAlert error={enrol.error} ns="committee" />}
      <SyncBar committee={committee} />
      {committee.stored === undefined || (committee.stored === null && committee.refresh.isPending && !refusal) ? (
        <Loading label={t('loading')} />
      ) : !context ? (
        <div role="alert" className="alert">
          <p>{refusal?.status === 401 ? t('needsAccess') : refusal?.code === 'capture_role_required' ? t('needsCaptureRole') : refusal ? t('noContextRefused') : t('noContext')}</p>
          {refusal?.status === 401 && <p><Link to={`/sign-in?next=${encodeURIComponent(`/console/committee/${slug}`)}`}>{t('signIn')}</Link></p>}
        </div>
      ) : (
        <>
          <nav aria-label={t('views')} className="committee-views">
            {views.map((name) => (
              <button key={name} type="button" className={view === name ? '' : 'secondary'} aria-pressed={view === name} onClick={() => setView(name)}>
                {t(`view.${name}`)}
              </button>
            ))}
          </nav>
          {view === 'start' && <StartPanel slug={slug} committee={committee} context={context} onStarted={() => setView('finish')} />}
          {view === 'finish' && <FinishPanel committee={committee} context={context} />}
          {view === 'check' && <Reconciliation committee={committee} context={context} slug={slug} />}
          {view === 'tally' && committee.client && <CommitteeTally slug={slug} client={committee.client} timeZone={context.event.timeZone} />}
          {view === 'devices' && <EnrolDevice slug={slug} />}
        </>
      )}
    </main>
  );
}
