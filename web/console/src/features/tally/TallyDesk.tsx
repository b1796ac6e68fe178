/**
 * The regatta's safety tally for the organizer and the shore team (/regattas/:slug/tally): the QR
 * code for the boat park (it opens the entrant's page), the day's board polled live (who is still
 * afloat with persons on board, who is overdue after the deadline, a sign-out or sign-in for a boat
 * without a phone), the settings, closing the day (the penalties go to results as revisions) and the
 * day's CSV.
 */
import { useEffect, useState } from 'react';
import { useOutletContext } from 'react-router';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { formatDateTime } from '../../i18n/format';
import { ProblemAlert, QueryView } from '../../ui/states';
import type { Regatta } from '../regattas/useRegatta';
import { entrantPath, exportHref, useTallyBoard, useTallyChanges, useTallySettings } from './api';
import { Afloat, BoatTable, Overdue } from './TallyBoardView';
import { TallySettingsForm } from './TallySettingsForm';
import './tally.css';

function BoatParkCode({ slug }: { slug: string }) {
  const { t } = useTranslation('tally');
  const url = new URL(entrantPath(slug), location.origin).toString();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 256 }).then((data) => live && setImage(data));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <section aria-labelledby="tally-qr">
      <h3 id="tally-qr">{t('qr.title')}</h3>
      <p>{t('qr.explain')}</p>
      <figure className="qr">
        {image && <img src={image} width={256} height={256} alt={t('qr.alt')} />}
        <figcaption><a href={url}>{url}</a></figcaption>
      </figure>
    </section>
  );
}

export default function TallyDesk() {
  const event = useOutletContext<Regatta>();
  const { t, i18n } = useTranslation('tally');
  const slug = event.slug;
  // Today's board by default; the tally of every day is kept (a day is often closed the next morning).
  const [day, setDay] = useState('');
  const board = useTallyBoard(slug, undefined, day || undefined);
  const settings = useTallySettings(slug);
  const { close } = useTallyChanges(slug);
  return (
    <div className="tally">
      <h2>{t('title')}</h2>
      <div className="field">
        <label htmlFor="tally-day">{t('day')}</label>
        <input id="tally-day" type="date" value={day} onChange={(e) => setDay(e.target.value)} aria-describedby="tally-day-hint" />
        <p id="tally-day-hint" className="hint">{t('dayHint')}</p>
      </div>
      <QueryView query={board}>
        {(day) => (
          <>
            <p>
              {day.deadline ? t('board.deadline', { time: formatDateTime(day.deadline, i18n.language, event.timeZone ?? null) }) : t('board.noDeadline')}
              {day.closedAt && <> · {t(day.closedAutomatically ? 'board.closedAutomatically' : 'board.closed', { time: formatDateTime(day.closedAt, i18n.language, event.timeZone ?? null) })}</>}
            </p>
            <Overdue board={day} />
            <Afloat board={day} />
            <BoatTable slug={slug} board={day} timeZone={event.timeZone ?? null} />
            <section aria-labelledby="tally-close">
              <h3 id="tally-close">{t('close.title')}</h3>
              <p className="muted">{t('close.explain')}</p>
              <button type="button" disabled={close.isPending} onClick={() => close.mutate(day.day)}>{t('close.button', { day: day.day })}</button>
              <p role="status">{close.data ? t('close.done', { count: close.data.misses.length }) : ''}</p>
              <ProblemAlert error={close.error} ns="tally" />
              <p><a href={exportHref(slug, day.day)} download>{t('export', { day: day.day })}</a></p>
            </section>
          </>
        )}
      </QueryView>
      <QueryView query={settings}>{(current) => <TallySettingsForm slug={slug} settings={current} />}</QueryView>
      <BoatParkCode slug={slug} />
    </div>
  );
}
