/** The search and filters of the entry list (kept in the URL by the screen). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ENTRY_STATUSES, PAYMENT_STATUSES, isFiltered, type EntryFilter, type Fleet } from './rules';

export function EntryFilters({
  fleets,
  filter,
  showCancelled,
  onChange,
  onClear,
}: {
  fleets: Fleet[];
  filter: EntryFilter;
  showCancelled: boolean;
  onChange: (change: Partial<EntryFilter>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('entries');
  const ids = { q: useId(), fleet: useId(), status: useId(), payment: useId(), cancelled: useId(), hint: useId() };
  return (
    <form role="search" aria-label={t('filters.label')} className="entry-filters" onSubmit={(event) => event.preventDefault()}>
      <div className="form-row">
        <div className="field">
          <label htmlFor={ids.q}>{t('filters.search')}</label>
          <input id={ids.q} type="search" aria-describedby={ids.hint} value={filter.q} onChange={(event) => onChange({ q: event.target.value })} />
          <p id={ids.hint} className="hint">{t('filters.searchHint')}</p>
        </div>
        <div className="field">
          <label htmlFor={ids.fleet}>{t('filters.fleet')}</label>
          <select id={ids.fleet} value={filter.fleet} onChange={(event) => onChange({ fleet: event.target.value })}>
            <option value="">{t('filters.allFleets')}</option>
            {fleets.map((fleet) => <option key={fleet.id} value={fleet.id}>{fleet.name}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.status}>{t('filters.status')}</label>
          <select id={ids.status} value={filter.status} onChange={(event) => onChange({ status: event.target.value as EntryFilter['status'] })}>
            <option value="">{t('filters.allListed')}</option>
            {ENTRY_STATUSES.map((status) => <option key={status} value={status}>{t(`status.${status}`)}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.payment}>{t('filters.payment')}</label>
          <select id={ids.payment} value={filter.payment} onChange={(event) => onChange({ payment: event.target.value as EntryFilter['payment'] })}>
            <option value="">{t('filters.anyPayment')}</option>
            {PAYMENT_STATUSES.map((payment) => <option key={payment} value={payment}>{t(`payment.${payment}`)}</option>)}
          </select>
        </div>
      </div>
      <div className="actions">
        <label className="inline-field" htmlFor={ids.cancelled}>
          <input
            id={ids.cancelled}
            type="checkbox"
            checked={showCancelled}
            disabled={filter.status === 'cancelled'}
            onChange={(event) => onChange({ cancelled: event.target.checked })}
          />
          {t('filters.showCancelled')}
        </label>
        {(isFiltered(filter) || showCancelled) && (
          <button type="button" className="secondary" onClick={onClear}>{t('filters.clear')}</button>
        )}
      </div>
    </form>
  );
}
