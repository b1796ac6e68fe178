/**
 * A race's stored results as the lines of its finish sheet, so that saving the sheet as it was
 * changes nothing: finishers in the order they crossed (by time, or by place when none was timed), then the others (DNC is implied by absence),
 * and the numbers the results list leaves out (an RDG's method and points, a DPI's points, an SCP's or
 * ZFP's percentage) from the latest revision that changed each boat.
 */
import type { ResultCodeName } from '@regatta/contracts/vocabulary';
import type { RaceResults, Revision } from './api';
import { onTheClock } from './clock';
import type { SheetLine } from './sheet';

/** Each boat's stored state as the latest revision that changed her left it (method and numbers the results list leaves out). */
function latestStates(history: readonly Revision[]): Map<string, NonNullable<Revision['changes'][number]['after']>> {
  const states = new Map<string, NonNullable<Revision['changes'][number]['after']>>();
  for (const revision of history) {
    for (const change of revision.changes) if (change.after && !states.has(change.boatId)) states.set(change.boatId, change.after);
  }
  return states;
}

/**
 * The stored results as sheet lines: finishers in the order they crossed, then the others (DNC
 * implied); an RDG keeps its method and points, a DPI its points, an SCP or ZFP its percentage, so a
 * save of the sheet as it was changes nothing.
 */
export function linesOf(stored: RaceResults | null, history: readonly Revision[], timeZone: string | null): SheetLine[] {
  if (!stored) return [];
  const states = latestStates(history);
  const records = stored.results.filter((record) => record.code?.toLowerCase() !== 'dnc');
  // By finish time; a place-only race (no times) by place, so a save keeps the order typed.
  const time = (iso: string | null) => (iso ? new Date(iso).getTime() : Number.MAX_VALUE);
  const place = (position: number | null) => position ?? Number.MAX_VALUE;
  const ordered = [...records].sort((a, b) => time(a.finishTime) - time(b.finishTime) || place(a.position) - place(b.position));
  return ordered.map((record, index) => {
    const code = (record.code?.toLowerCase() ?? null) as ResultCodeName | null;
    const state = states.get(record.boat.id);
    const method = code === 'rdg' ? ((state?.redressMethod ?? '') as SheetLine['redressMethod']) : '';
    const number = code === 'rdg' ? state?.redressPoints : code === 'dpi' ? state?.penaltyPoints : code === 'scp' || code === 'zfp' ? state?.penaltyPercent : null;
    return {
      key: `stored-${index}-${record.boat.id}`,
      typed: record.boat.sail ?? record.boat.name,
      boatId: record.boat.id,
      time: record.finishTime ? onTheClock(record.finishTime, timeZone).time : '',
      code,
      redressMethod: method,
      value: number === null || number === undefined ? '' : String(number),
    };
  });
}

