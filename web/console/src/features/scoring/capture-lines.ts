/**
 * The reconciled finish order captured on the water as finish sheet lines: the boats in their
 * reconciled order with the earliest recorded time on the regatta's clock, a code seen on the water
 * (OCS, UFD, BFD, DNS, DNF, RET) on its boat's line, and boats with only a code after the finishers.
 * Boats are matched to the fleet's entries by entry id, else by sail number. And whether the race's
 * results still follow the water: the latest revision of the race came through capture.
 */
import type { ResultCodeName } from '@regatta/contracts/vocabulary';
import type { Revision } from './api';
import type { Reconciliation } from './capture-api';
import { onTheClock } from './clock';
import { normalizeSail, type Boat, type SheetLine } from './sheet';

export function capturedLines(reconciliation: Reconciliation, boats: readonly Boat[], timeZone: string | null): SheetLine[] {
  const boatOf = (sail: string) => boats.find((boat) => normalizeSail(boat.sail) === normalizeSail(sail)) ?? null;
  const codes = new Map(reconciliation.codes.map((entry) => [normalizeSail(entry.sailNumber), entry.code.toLowerCase() as ResultCodeName]));
  const line = (sail: string, time: string, index: number): SheetLine => ({
    key: `captured-${index}-${normalizeSail(sail)}`,
    typed: sail,
    boatId: boatOf(sail)?.id ?? null,
    time,
    code: codes.get(normalizeSail(sail)) ?? null,
    redressMethod: '',
    value: '',
  });
  const finished = reconciliation.order.map((entry, index) => line(entry.sailNumber, onTheClock(entry.at, timeZone).time, index));
  const placed = new Set(reconciliation.order.map((entry) => normalizeSail(entry.sailNumber)));
  const codeOnly = reconciliation.codes.filter((entry) => !placed.has(normalizeSail(entry.sailNumber))).map((entry, index) => line(entry.sailNumber, '', finished.length + index));
  return [...finished, ...codeOnly];
}

/** 'following' while the race's latest revision came from the water, 'scorer' once a later change did, 'none' before any. */
export function followState(history: readonly Revision[]): 'following' | 'scorer' | 'none' {
  if (!history.some((revision) => revision.actor.via === 'capture')) return 'none';
  const latest = [...history].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (b.seq ?? 0) - (a.seq ?? 0))[0]!;
  return latest.actor.via === 'capture' ? 'following' : 'scorer';
}
