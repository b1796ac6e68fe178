/**
 * The entrant's page of a regatta's safety tally (/tally/:slug, opened by the QR code at the boat
 * park, after sign-in): each boat she entered with her state today; sign out with the persons on
 * board before launching, sign back in with one tap after coming ashore. A tap's id is made once, so
 * a retry on a poor connection never counts twice.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { Empty, ProblemAlert, QueryView } from '../../ui/states';
import { useRegatta } from '../regattas/useRegatta';
import { movement, useMyTally, useTallyChanges, type TallyBoat } from './api';
import './tally.css';

function OwnBoat({ slug, boat, timeZone }: { slug: string; boat: TallyBoat; timeZone: string | null }) {
  const { t, i18n } = useTranslation('tally');
  const { move } = useTallyChanges(slug);
  const [persons, setPersons] = useState(String(boat.personsOnBoard ?? Math.max(1, boat.persons.length)));
  const sail = boat.sailNumber ?? boat.boatName ?? '';
  const inputId = `persons-${boat.registrationId}`;
  const count = Number(persons);
  const valid = Number.isInteger(count) && count >= 1 && count <= 50;
  return (
    <li className="tally-boat">
      <h2>{t('mine.boat', { sail, boat: boat.boatName ?? '' })}</h2>
      <p role="status">
        {boat.flagged ? t('state.overdue') : t(`state.${boat.state}`)}
        {boat.signedOutAt && <> · {t('mine.outAt', { time: formatDateTime(boat.signedOutAt, i18n.language, timeZone) })}</>}
        {boat.signedInAt && <> · {t('mine.inAt', { time: formatDateTime(boat.signedInAt, i18n.language, timeZone) })}</>}
      </p>
      {boat.state === 'afloat' ? (
        <>
          <p>{t('mine.onBoard', { count: boat.personsOnBoard ?? 0 })}</p>
          <button type="button" className="big" disabled={move.isPending} onClick={() => move.mutate(movement(boat.registrationId, 'in'))}>
            {t('mine.signIn')}
          </button>
        </>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); if (valid) move.mutate(movement(boat.registrationId, 'out', count)); }}>
          <div className="field">
            <label htmlFor={inputId}>{t('mine.persons')}</label>
            <input id={inputId} type="number" min={1} max={50} inputMode="numeric" value={persons} onChange={(e) => setPersons(e.target.value)} aria-invalid={!valid} />
          </div>
          <button type="submit" className="big" disabled={move.isPending || !valid}>{t('mine.signOut')}</button>
        </form>
      )}
      <ProblemAlert error={move.error} ns="tally" />
    </li>
  );
}

export default function MyTally() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('tally');
  const regatta = useRegatta();
  const mine = useMyTally(slug);
  const timeZone = regatta.data?.timeZone ?? null;
  return (
    <div className="tally">
      <h1>{regatta.data ? t('mine.title', { name: regatta.data.name }) : t('title')}</h1>
      <p className="muted">{t('mine.explain')}</p>
      <QueryView query={mine}>
        {(day) =>
          day.boats.length === 0 ? (
            <Empty>{t('mine.none')}</Empty>
          ) : (
            <ul className="plain" aria-label={t('mine.list')}>
              {day.boats.map((boat) => <OwnBoat key={boat.registrationId} slug={slug} boat={boat} timeZone={timeZone} />)}
            </ul>
          )
        }
      </QueryView>
    </div>
  );
}
