/**
 * An unknown boat of the reconciliation named: choose the boat it was; the app records a finish at
 * the unknown one's time standing instead of it (through the device's queue, like every record).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveUnknown } from './actions';
import type { Boat } from './domain/boats';
import type { StoredStart } from './store/db';

export function ResolveUnknown({ start, raceId, recordId, at, label, boats, onResolved }: { start: StoredStart; raceId: string; recordId: string; at: string; label: string; boats: Boat[]; onResolved: () => void }) {
  const { t } = useTranslation('committee');
  const [entryId, setEntryId] = useState('');
  const [done, setDone] = useState(false);
  const boat = boats.find((b) => b.entryId === entryId);
  const id = `resolve-${recordId}`;
  if (done) return <span>{t('check.resolving')}</span>;
  return (
    <form className="resolve" onSubmit={(e) => { e.preventDefault(); if (boat) void resolveUnknown(start, raceId, boat, recordId, Date.parse(at)).then(() => { setDone(true); onResolved(); }); }}>
      <label htmlFor={id}>{t('check.resolveBoat', { unknown: label })}</label>
      <select id={id} value={entryId} onChange={(e) => setEntryId(e.target.value)}>
        <option value="">{t('code.chooseBoat')}</option>
        {boats.map((b) => <option key={b.entryId} value={b.entryId}>{b.sailNumber ?? b.boatName}</option>)}
      </select>
      <button type="submit" className="secondary" disabled={!boat}>{t('check.resolve')}</button>
    </form>
  );
}
