/**
 * The finish sheet as typed: one row per boat in the order typed, the place of each finisher, the
 * finish time and code (both changeable in the row), redress method and points where the code needs
 * them, the flag of a line that cannot be saved, and moving or removing a line. Every control is named
 * with the boat's sail number.
 */
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/DataTable';
import { CODES, keepsFinish, needsValue, REDRESS_METHODS, type Boat, type LineProblem, type RedressMethod, type SheetLine } from './sheet';
import type { ResultCodeName } from '@regatta/contracts/vocabulary';

export interface SheetLinesProps {
  lines: readonly SheetLine[];
  boats: readonly Boat[];
  problems: ReadonlyMap<string, LineProblem>;
  refused: ReadonlyMap<number, string>;
  needsTimes: boolean;
  caption: string;
  onChange: (key: string, change: Partial<SheetLine>) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onRemove: (key: string) => void;
}

export function SheetLines({ lines, boats, problems, refused, needsTimes, caption, onChange, onMove, onRemove }: SheetLinesProps) {
  const { t } = useTranslation('scoring');
  const byId = new Map(boats.map((boat) => [boat.id, boat]));
  const places = new Map<string, number>();
  let place = 0;
  for (const line of lines) if (keepsFinish(line.code)) places.set(line.key, (place += 1));
  const sailOf = (line: SheetLine) => (line.boatId ? byId.get(line.boatId)?.sail : undefined) ?? line.typed;
  const index = new Map(lines.map((line, i) => [line.key, i]));

  return (
    <DataTable
      rows={lines}
      caption={caption}
      rowKey={(line) => line.key}
      empty={t('sheet.empty')}
      rowProps={(line) => (problems.has(line.key) || refused.has((index.get(line.key) ?? 0) + 1) ? { className: 'flagged' } : {})}
      columns={[
        { header: t('sheet.line'), cell: (line) => (index.get(line.key) ?? 0) + 1 },
        { header: t('sheet.place'), cell: (line) => places.get(line.key) ?? '–' },
        { header: t('sheet.sail'), cell: (line) => sailOf(line) },
        { header: t('sheet.boat'), cell: (line) => (line.boatId ? byId.get(line.boatId)?.name : '') ?? '' },
        {
          header: t('sheet.time'),
          cell: (line) =>
            keepsFinish(line.code) ? (
              <input className="time-input" aria-label={t('sheet.timeOf', { sail: sailOf(line) })} value={line.time} placeholder={needsTimes ? '14:05:09' : ''} onChange={(event) => onChange(line.key, { time: event.target.value })} />
            ) : (
              '–'
            ),
        },
        {
          header: t('sheet.code'),
          cell: (line) => (
            <span className="code-cell">
              <select aria-label={t('sheet.codeOf', { sail: sailOf(line) })} value={line.code ?? ''} onChange={(event) => onChange(line.key, { code: (event.target.value || null) as ResultCodeName | null })}>
                <option value="">{t('code.none')}</option>
                {CODES.map((name) => <option key={name} value={name}>{name.toUpperCase()}</option>)}
              </select>
              {line.code === 'rdg' && (
                <select aria-label={t('sheet.methodOf', { sail: sailOf(line) })} value={line.redressMethod} onChange={(event) => onChange(line.key, { redressMethod: event.target.value as RedressMethod | '' })}>
                  <option value="">{t('redress.default')}</option>
                  {REDRESS_METHODS.map((method) => <option key={method} value={method}>{t(`redress.${method}`)}</option>)}
                </select>
              )}
              {(needsValue(line.code, line.redressMethod) || line.code === 'scp' || line.code === 'zfp') && (
                <input
                  className="value-input"
                  inputMode="decimal"
                  aria-label={t(line.code === 'scp' || line.code === 'zfp' ? 'sheet.percentOf' : 'sheet.pointsOf', { sail: sailOf(line) })}
                  value={line.value}
                  onChange={(event) => onChange(line.key, { value: event.target.value })}
                />
              )}
            </span>
          ),
        },
        {
          header: t('sheet.check'),
          cell: (line) => {
            const problem = problems.get(line.key);
            const refusal = refused.get((index.get(line.key) ?? 0) + 1);
            if (!problem && !refusal) return <span className="muted">{t('sheet.ok')}</span>;
            return <strong className="field-error">{problem ? t(`problem.line.${problem}`) : refusal}</strong>;
          },
        },
        {
          header: t('sheet.actions'),
          cell: (line) => (
            <span className="row-actions">
              <button type="button" className="secondary" aria-label={t('sheet.up', { sail: sailOf(line) })} disabled={index.get(line.key) === 0} onClick={() => onMove(line.key, -1)}>↑</button>
              <button type="button" className="secondary" aria-label={t('sheet.down', { sail: sailOf(line) })} disabled={index.get(line.key) === lines.length - 1} onClick={() => onMove(line.key, 1)}>↓</button>
              <button type="button" className="secondary" aria-label={t('sheet.remove', { sail: sailOf(line) })} onClick={() => onRemove(line.key)}>✕</button>
            </span>
          ),
        },
      ]}
    />
  );
}
