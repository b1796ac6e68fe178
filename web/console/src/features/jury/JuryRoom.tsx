/**
 * The jury room of a regatta (/regattas/:slug/jury): the race office lodges cases (by the committee or
 * on a sailor's behalf), the protest committee schedules hearings on the day's board, records
 * decisions (the standings change in the same moment; the public notice board shows the decision),
 * withdraws cases, and reopens a decided one by lodging a request to reopen (rule 66: the API keeps a
 * decision final and takes a reopening as a new case). The board opens full screen for the clubhouse.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryView } from '../../ui/states';
import { useRegatta } from '../regattas/useRegatta';
import { useJuryContext, useProtests } from './api';
import { awaitingHearing, dayAt, hearingsOn } from './board';
import { CaseDetails } from './CaseDetails';
import { CaseTable, type CaseAction } from './CaseTable';
import { DecisionForm } from './DecisionForm';
import { HearingBoard } from './HearingBoard';
import { HearingForm } from './HearingForm';
import { namer } from './labels';
import { LodgeForm } from './LodgeForm';
import { NoticeCases } from './NoticeCases';
import { reopenOf, type Protest } from './schemas';
import { WithdrawForm } from './WithdrawForm';
import './jury.css';

const ROOM_REFRESH_MS = 30_000;

type Panel = { mode: 'lodge' } | { mode: CaseAction; protest: Protest } | null;

export default function JuryRoom() {
  const { t } = useTranslation('jury');
  const { slug = '' } = useParams();
  const regatta = useRegatta();
  const timeZone = regatta.data?.timeZone ?? null;
  const context = useJuryContext(slug);
  // Cases lodged elsewhere (a sailor online, another desk) appear without a reload.
  const protests = useProtests(slug, ROOM_REFRESH_MS);
  const [panel, setPanel] = useState<Panel>(null);
  const [status, setStatus] = useState<{ text: string; standings: boolean } | null>(null);
  const [day, setDay] = useState(() => dayAt(new Date(), timeZone));
  const panelHeading = useId();
  const published = !!regatta.data && regatta.data.status !== 'draft';
  const done = (text: string, standings = false) => {
    setStatus({ text, standings });
    setPanel(null);
  };

  return (
    <section aria-labelledby="jury-title">
      <h2 id="jury-title">{t('title')}</h2>
      <p className="muted">{timeZone ? t('clock', { timeZone }) : t('clockBrowser')}</p>
      <div className="actions">
        <button type="button" onClick={() => setPanel({ mode: 'lodge' })}>{t('lodge.open')}</button>
        <Link className="button secondary" to="display">{t('board.display')}</Link>
        {published && <a href={`/regattas/${encodeURIComponent(slug)}/standings`}>{t('standingsLink')}</a>}
      </div>
      <div role="status">
        {status && (
          <p className="notice">
            {status.text}{' '}
            {status.standings && published && <a href={`/regattas/${encodeURIComponent(slug)}/standings`}>{t('decision.seeStandings')}</a>}
          </p>
        )}
      </div>
      <QueryView query={context}>
        {(ctx) => {
          const names = namer(t, ctx);
          return (
            <>
              {panel && (
                <section className="panel" aria-labelledby={panelHeading}>
                  <h3 id={panelHeading}>
                    {panel.mode === 'lodge' ? t('lodge.title') : t(`panel.${panel.mode}`, { number: panel.protest.number })}
                  </h3>
                  {panel.mode === 'lodge' && <LodgeForm slug={slug} context={ctx} initial={null} timeZone={timeZone} headingId={panelHeading} />}
                  {panel.mode === 'reopen' && (
                    <>
                      <p className="muted">{t('reopen.explain', { number: panel.protest.number })}</p>
                      <LodgeForm key={panel.protest.id} slug={slug} context={ctx} initial={reopenOf(panel.protest)} timeZone={timeZone} headingId={panelHeading} />
                    </>
                  )}
                  {panel.mode === 'hearing' && <HearingForm key={panel.protest.id} slug={slug} protest={panel.protest} timeZone={timeZone} headingId={panelHeading} onDone={(text) => done(text)} />}
                  {panel.mode === 'decide' && (
                    <DecisionForm key={panel.protest.id} slug={slug} protest={panel.protest} names={names} boats={ctx.boats.map((b) => b.id)} headingId={panelHeading} onDone={(text) => done(text, true)} />
                  )}
                  {panel.mode === 'withdraw' && <WithdrawForm key={panel.protest.id} slug={slug} protest={panel.protest} headingId={panelHeading} onDone={(text) => done(text)} />}
                  {panel.mode === 'details' && <CaseDetails protest={panel.protest} names={names} timeZone={timeZone} />}
                  <div className="actions">
                    <button type="button" className="secondary" onClick={() => setPanel(null)}>{t('close')}</button>
                  </div>
                </section>
              )}
              <QueryView query={protests} label={t('loading')}>
                {(cases) => (
                  <>
                    <h3>{t('board.title')}</h3>
                    <div className="inline-field">
                      <label htmlFor="jury-day">{t('board.day')}</label>
                      <input id="jury-day" type="date" value={day} onChange={(event) => setDay(event.target.value)} />
                    </div>
                    <HearingBoard hearings={hearingsOn(cases, day, timeZone)} names={names} timeZone={timeZone} caption={t('board.caption')} />
                    <p className="muted">{t('board.awaiting', { count: awaitingHearing(cases).length })}</p>
                    <h3>{t('cases.title')}</h3>
                    <CaseTable protests={cases} names={names} timeZone={timeZone} onAction={(mode, protest) => setPanel({ mode, protest })} />
                  </>
                )}
              </QueryView>
            </>
          );
        }}
      </QueryView>
      <h3>{t('notice.title')}</h3>
      <NoticeCases slug={slug} published={published} timeZone={timeZone} />
    </section>
  );
}
