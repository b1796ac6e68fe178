/** One table of the entry list (a fleet's entries, the waitlist or the cancelled entries) with each row's actions. */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { EntryFormSummary, asksAnything, type EntryFormData } from './EntryFormSummary';
import { entryName, ratingSpecOf, type Entry, type Fleet } from './rules';

export interface RowActions {
  markPaid: (entry: Entry) => void;
  promote: (entry: Entry) => void;
  manage: (entry: Entry) => void;
  busy: boolean;
}

export function EntryTable({
  kind,
  entries,
  fleetById,
  timeZone,
  actions,
  labelledBy,
  form,
}: {
  kind: 'entered' | 'waitlist' | 'cancelled';
  entries: Entry[];
  fleetById: Map<string, Fleet>;
  timeZone: string | null;
  actions: RowActions;
  labelledBy: string;
  /** The regatta's entry form: its answers and acceptances get a column when it asks anything. */
  form?: EntryFormData | undefined;
}) {
  const { t, i18n } = useTranslation('entries');
  const spec = kind === 'entered' ? ratingSpecOf(fleetById.get(entries[0]?.fleetId ?? '')) : undefined;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const label = (action: string, entry: Entry) => t('rowAction', { action, entry: entryName(entry) });
  return (
    <table className="responsive" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          {kind === 'waitlist' && <th scope="col">{t('columns.position')}</th>}
          {kind !== 'entered' && <th scope="col">{t('columns.fleet')}</th>}
          <th scope="col">{t('columns.sailNumber')}</th>
          <th scope="col">{t('columns.boat')}</th>
          <th scope="col">{t('columns.skipper')}</th>
          {spec && <th scope="col">{t('rating.asEntered', { rating: t(`rating.short.${spec.key}`) })}</th>}
          {kind === 'entered' && <th scope="col">{t('columns.status')}</th>}
          <th scope="col">{t('columns.payment')}</th>
          <th scope="col">{t('columns.registered')}</th>
          {asksAnything(form) && <th scope="col">{t('columns.form')}</th>}
          <th scope="col">{t('columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, index) => {
          const rating = spec ? entry.boat.ratings[spec.key] : undefined;
          return (
            <tr key={entry.id}>
              {kind === 'waitlist' && <td data-label={t('columns.position')}>{entry.waitlistPosition ?? index + 1}</td>}
              {kind !== 'entered' && <td data-label={t('columns.fleet')}>{entry.fleetName ?? fleetById.get(entry.fleetId)?.name}</td>}
              <td data-label={t('columns.sailNumber')}>{entry.boat.sailNumber ?? '—'}</td>
              <td data-label={t('columns.boat')}>
                <span>
                  {entry.boat.name}
                  {entry.boat.model && <span className="muted"> · {entry.boat.model}</span>}
                </span>
              </td>
              <td data-label={t('columns.skipper')}>{entry.sailor.name ?? '—'}</td>
              {spec && <td data-label={t('rating.asEntered', { rating: t(`rating.short.${spec.key}`) })}>{rating === undefined ? '—' : number.format(rating)}</td>}
              {kind === 'entered' && <td data-label={t('columns.status')}>{t(`status.${entry.status}`)}</td>}
              <td data-label={t('columns.payment')}>{entry.paymentStatus ? t(`payment.${entry.paymentStatus}`) : '—'}</td>
              <td data-label={t('columns.registered')}>{formatDateTime(entry.registrationTime, i18n.language, timeZone)}</td>
              {asksAnything(form) && <td data-label={t('columns.form')}><EntryFormSummary entry={entry} form={form} timeZone={timeZone} /></td>}
              <td data-label={t('columns.actions')}>
                <span className="row-actions">
                  {kind === 'waitlist' && (
                    <button type="button" disabled={actions.busy} aria-label={label(t('actions.promote'), entry)} onClick={() => actions.promote(entry)}>
                      {t('actions.promote')}
                    </button>
                  )}
                  {kind !== 'cancelled' && entry.paymentStatus === 'pending' && (
                    <button type="button" className="secondary" disabled={actions.busy} aria-label={label(t('actions.markPaid'), entry)} onClick={() => actions.markPaid(entry)}>
                      {t('actions.markPaid')}
                    </button>
                  )}
                  <button type="button" className="secondary" aria-label={label(t('actions.manage'), entry)} onClick={() => actions.manage(entry)}>
                    {t('actions.manage')}
                  </button>
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
