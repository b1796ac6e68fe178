/**
 * The hearing board full screen for a clubhouse display (/regattas/:slug/jury/display): today's
 * hearings at the venue in large type, with no console around them, refreshing itself every 15 seconds
 * (and when the screen wakes), saying when it was last updated.
 */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryView } from '../../ui/states';
import { formatDate } from '../../i18n/format';
import { useRegatta } from '../regattas/useRegatta';
import { useJuryContext, useProtests } from './api';
import { dayAt, hearingsOn } from './board';
import { HearingBoard } from './HearingBoard';
import { namer } from './labels';
import './jury.css';

export const DISPLAY_REFRESH_MS = 15_000;

export default function HearingDisplay() {
  const { t, i18n } = useTranslation('jury');
  const { slug = '' } = useParams();
  const regatta = useRegatta();
  const timeZone = regatta.data?.timeZone ?? null;
  const context = useJuryContext(slug);
  const protests = useProtests(slug, DISPLAY_REFRESH_MS);
  const today = dayAt(new Date(), timeZone);
  const updated = protests.dataUpdatedAt ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(new Date(protests.dataUpdatedAt)) : '';
  return (
    <main className="hearing-display">
      <h1>{t('board.displayTitle', { regatta: regatta.data?.name ?? '' })}</h1>
      <p className="display-day">{formatDate(today, i18n.language)}</p>
      <QueryView query={context}>
        {(ctx) => (
          <QueryView query={protests} label={t('loading')}>
            {(cases) => <HearingBoard hearings={hearingsOn(cases, today, timeZone)} names={namer(t, ctx)} timeZone={timeZone} caption={t('board.displayCaption')} />}
          </QueryView>
        )}
      </QueryView>
      <p className="muted" role="status">{updated && t('board.updated', { time: updated })}</p>
      <p><Link to={`/regattas/${encodeURIComponent(slug)}/jury`}>{t('board.back')}</Link></p>
    </main>
  );
}
