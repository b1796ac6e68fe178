/**
 * The committee and safety view of a day: how many boats and persons are still afloat, the boats
 * not back after the organizer's sign-in deadline (loudly: role=alert), and every boat with her state,
 * persons on board, times and the shore team's sign-out / sign-in button (for a boat without a phone).
 */
import { useTranslation } from 'react-i18next';
import type { RegattaClient } from '@regatta/client';
import { formatDateTime } from '../../i18n/format';
import { DataTable } from '../../ui/DataTable';
import { ProblemAlert } from '../../ui/states';
import { movement, useTallyChanges, type TallyBoard, type TallyBoat } from './api';

export const sailOf = (boat: TallyBoat) => boat.sailNumber ?? boat.boatName ?? '';

export function Overdue({ board }: { board: TallyBoard }) {
  const { t } = useTranslation('tally');
  const flagged = board.boats.filter((boat) => boat.flagged);
  if (flagged.length === 0) return null;
  return (
    <div role="alert" className="alert tally-overdue">
      <h3>{t('board.overdueTitle', { count: flagged.length })}</h3>
      <ul>
        {flagged.map((boat) => (
          <li key={boat.registrationId}>
            {t('board.overdueBoat', { sail: sailOf(boat), boat: boat.boatName ?? '', persons: boat.personsOnBoard ?? 0 })}
            {boat.emergencyContact && <> · {t('board.contact', { contact: boat.emergencyContact })}</>}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Afloat({ board }: { board: TallyBoard }) {
  const { t } = useTranslation('tally');
  const afloat = board.boats.filter((boat) => boat.state === 'afloat');
  return (
    <section aria-labelledby="tally-afloat">
      <h3 id="tally-afloat">{t('board.afloatTitle')}</h3>
      <p>{t('board.summary', { afloat: board.summary.afloat, persons: board.summary.personsAfloat, returned: board.summary.returned, ashore: board.summary.ashore })}</p>
      {afloat.length > 0 && (
        <ul aria-label={t('board.afloatList')}>
          {afloat.map((boat) => (
            <li key={boat.registrationId}>{t('board.afloatBoat', { sail: sailOf(boat), boat: boat.boatName ?? '', persons: boat.personsOnBoard ?? 0 })}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Where the board's button sends a movement: the API now (default) or, in the committee app, the device's queue. */
export interface QueuedMoves {
  move: (boat: TallyBoat, kind: 'out' | 'in') => void;
  /** Boats with a movement not yet sent: their button waits, so a boat is never signed twice. */
  waiting: ReadonlySet<string>;
}

/**
 * Every boat of the day. On a phone (375 px) each boat is a compact card: sail number and name, her
 * state, the persons on board and the one button; the boat, entrant, names and times open under
 * "Details" (a disclosure). At desk width it is the full table.
 */
export function BoatTable({ slug, board, timeZone, client, queue }: { slug: string; board: TallyBoard; timeZone: string | null; client?: RegattaClient; queue?: QueuedMoves }) {
  const { t, i18n } = useTranslation('tally');
  const { move } = useTallyChanges(slug, client);
  const time = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, timeZone) : '–');
  const names = (boat: TallyBoat) => (boat.persons.length > 0 ? boat.persons.join(', ') : '');
  return (
    <div className="tally-boats">
      <ProblemAlert error={move.error} ns="tally" />
      <DataTable
        rows={board.boats}
        rowKey={(boat) => boat.registrationId}
        caption={t('board.caption', { day: board.day })}
        empty={t('board.none')}
        columns={[
          {
            header: t('board.sail'),
            className: 'tally-sail',
            cell: (boat) => (
              <>
                {boat.sailNumber ?? ''}
                {boat.boatName && <span className="tally-phone"> {boat.boatName}</span>}
              </>
            ),
          },
          { header: t('board.boat'), className: 'tally-desk', cell: (boat) => boat.boatName ?? '' },
          { header: t('board.entrant'), className: 'tally-desk', cell: (boat) => boat.sailorName ?? '' },
          { header: t('board.state'), className: 'tally-state', cell: (boat) => (boat.flagged ? <strong>{t('state.overdue')}</strong> : t(`state.${boat.state}`)) },
          {
            header: t('board.persons'),
            className: 'tally-persons',
            cell: (boat) =>
              boat.personsOnBoard === null ? (
                '–'
              ) : (
                <>
                  <span className="tally-desk">
                    {boat.personsOnBoard}
                    {names(boat) && ` (${names(boat)})`}
                  </span>
                  <span className="tally-phone">{t('board.onBoard', { persons: boat.personsOnBoard })}</span>
                </>
              ),
          },
          { header: t('board.out'), className: 'tally-desk', cell: (boat) => time(boat.signedOutAt) },
          { header: t('board.in'), className: 'tally-desk', cell: (boat) => time(boat.signedInAt) },
          {
            header: t('board.action'),
            className: 'tally-action',
            cell: (boat) => {
              const kind = boat.state === 'afloat' ? 'in' : 'out';
              const label = kind === 'in' ? t('board.signIn') : t('board.signOut');
              return (
                <button
                  type="button"
                  aria-label={`${label} ${sailOf(boat)}`}
                  disabled={queue ? queue.waiting.has(boat.registrationId) : move.isPending}
                  onClick={() => (queue ? queue.move(boat, kind) : move.mutate(movement(boat.registrationId, kind)))}
                >
                  {label}
                </button>
              );
            },
          },
          {
            header: t('board.details'),
            className: 'tally-more',
            cell: (boat) => (
              <details>
                <summary aria-label={t('board.detailsOf', { sail: sailOf(boat) })}>{t('board.details')}</summary>
                <dl>
                  {boat.sailorName && (
                    <>
                      <dt>{t('board.entrant')}</dt>
                      <dd>{boat.sailorName}</dd>
                    </>
                  )}
                  {names(boat) && (
                    <>
                      <dt>{t('board.names')}</dt>
                      <dd>{names(boat)}</dd>
                    </>
                  )}
                  <dt>{t('board.out')}</dt>
                  <dd>{time(boat.signedOutAt)}</dd>
                  <dt>{t('board.in')}</dt>
                  <dd>{time(boat.signedInAt)}</dd>
                </dl>
              </details>
            ),
          },
        ]}
      />
    </div>
  );
}
