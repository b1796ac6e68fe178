/**
 * A code seen on the water for one boat of the start (OCS, UFD, BFD, DNS, DNF, RET): written to the
 * device first like a finish; the boat leaves the expected list, and undo takes the code back.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordCode } from './actions';
import { FINISH_CODES, type FinishCode } from './domain/records';
import type { Boat } from './domain/boats';
import type { StoredStart } from './store/db';

export function CodeForm({ start, boats, raceOf, onRecorded }: { start: StoredStart; boats: Boat[]; raceOf: (boat: Boat) => string; onRecorded: (boat: Boat, code: FinishCode) => void }) {
  const { t } = useTranslation('committee');
  const [entryId, setEntryId] = useState('');
  const [code, setCode] = useState<FinishCode>('DNF');
  const boat = boats.find((b) => b.entryId === entryId);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!boat) return;
    await recordCode(start, raceOf(boat), boat, code, Date.now());
    setEntryId('');
    onRecorded(boat, code);
  };
  return (
    <form onSubmit={submit} className="code-form">
      <fieldset>
        <legend>{t('code.title')}</legend>
        <div className="form-row">
          <div className="field">
            <label htmlFor="code-boat">{t('code.boat')}</label>
            <select id="code-boat" value={entryId} onChange={(e) => setEntryId(e.target.value)}>
              <option value="">{t('code.chooseBoat')}</option>
              {boats.map((b) => <option key={b.entryId} value={b.entryId}>{b.sailNumber ?? b.boatName}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor="code-code">{t('code.code')}</label>
            <select id="code-code" value={code} onChange={(e) => setCode(e.target.value as FinishCode)}>
              {FINISH_CODES.map((c) => <option key={c} value={c}>{t(`code.codes.${c}`)}</option>)}
            </select>
          </div>
        </div>
        <button type="submit" className="secondary" disabled={!boat}>{t('code.record')}</button>
      </fieldset>
    </form>
  );
}
