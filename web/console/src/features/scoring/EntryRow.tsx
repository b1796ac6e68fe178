/**
 * The line a scorer types into: the sail number (a combobox over the fleet's entered boats, prefix
 * matched), the finish time where the fleet needs one and a code; Enter adds the boat to the sheet and
 * the cursor is back in the sail number for the next. "105 OCS" types the code with the boat. A boat
 * not entered in the fleet, one already on the sheet or several boats matching are said at once (a
 * live status tied to the field) and nothing is added.
 */
import { forwardRef, useId, useImperativeHandle, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODES, keepsFinish, lineOf, matchBoats, parseClock, parseTyped, resolveBoat, type Boat, type SheetLine } from './sheet';
import type { ResultCodeName } from '@regatta/contracts/vocabulary';

export interface EntryRowProps {
  boats: readonly Boat[];
  lines: readonly SheetLine[];
  needsTimes: boolean;
  onAdd: (line: Omit<SheetLine, 'key'>) => void;
}

export interface EntryRowHandle {
  focus: () => void;
}

export const EntryRow = forwardRef<EntryRowHandle, EntryRowProps>(function EntryRow({ boats, lines, needsTimes, onAdd }, ref) {
  const { t } = useTranslation('scoring');
  const ids = { list: useId(), status: useId(), hint: useId() };
  const sailRef = useRef<HTMLInputElement>(null);
  const timeRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [time, setTime] = useState('');
  const [code, setCode] = useState<ResultCodeName | ''>('');
  const [said, setSaid] = useState('');
  useImperativeHandle(ref, () => ({ focus: () => sailRef.current?.focus() }), []);

  const describe = (text: string): string => {
    const { sail } = parseTyped(text);
    if (!sail) return '';
    const boat = resolveBoat(boats, sail);
    if (boat) {
      const at = lineOf(lines, boat.id);
      return at >= 0 ? t('entry.already', { sail: boat.sail, line: at + 1 }) : t('entry.match', { sail: boat.sail, name: boat.name });
    }
    const candidates = matchBoats(boats, sail);
    if (candidates.length > 1) return t('entry.several', { sails: candidates.slice(0, 5).map((b) => b.sail).join(', ') });
    return t('entry.notEntered', { sail });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseTyped(typed);
    const boat = resolveBoat(boats, parsed.sail);
    if (!boat || lineOf(lines, boat.id) >= 0) {
      setSaid(describe(typed) || t('entry.typeSail'));
      sailRef.current?.focus();
      return;
    }
    const chosen = parsed.code ?? (code || null);
    if (time && !parseClock(time)) {
      setSaid(t('entry.badTime'));
      timeRef.current?.focus();
      return;
    }
    if (needsTimes && keepsFinish(chosen) && !time) {
      setSaid(t('entry.needTime', { sail: boat.sail }));
      timeRef.current?.focus();
      return;
    }
    onAdd({ typed: boat.sail, boatId: boat.id, time: time ? (parseClock(time) ?? time) : '', code: chosen, redressMethod: '', value: '' });
    setSaid(t('entry.added', { sail: boat.sail, line: lines.length + 1, code: chosen ? chosen.toUpperCase() : '' }));
    setTyped('');
    setTime('');
    setCode('');
    sailRef.current?.focus();
  };

  return (
    <form className="entry-row" aria-label={t('entry.title')} onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${ids.list}-sail`}>{t('entry.sail')}</label>
        <input
          id={`${ids.list}-sail`}
          ref={sailRef}
          list={ids.list}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          aria-describedby={`${ids.hint} ${ids.status}`}
          onChange={(event) => {
            setTyped(event.target.value);
            setSaid(describe(event.target.value));
          }}
        />
        <datalist id={ids.list}>
          {boats.map((boat) => <option key={boat.id} value={boat.sail}>{boat.name}</option>)}
        </datalist>
        <p id={ids.hint} className="hint">{t('entry.hint')}</p>
      </div>
      {needsTimes && (
        <div className="field">
          <label htmlFor={`${ids.list}-time`}>{t('entry.time')}</label>
          <input id={`${ids.list}-time`} ref={timeRef} inputMode="numeric" autoComplete="off" placeholder="14:05:09" value={time} onChange={(event) => setTime(event.target.value)} />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${ids.list}-code`}>{t('entry.code')}</label>
        <select id={`${ids.list}-code`} value={code} onChange={(event) => setCode(event.target.value as ResultCodeName | '')}>
          <option value="">{t('code.none')}</option>
          {CODES.map((name) => <option key={name} value={name}>{t(`code.${name}`)}</option>)}
        </select>
      </div>
      <div className="field">
        <button type="submit">{t('entry.add')}</button>
      </div>
      <p id={ids.status} role="status" className="entry-said">{said}</p>
    </form>
  );
});
