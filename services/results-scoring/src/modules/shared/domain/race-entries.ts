/**
 * Stored entries of one race → the engine's race entries: finishing order from the finish times (ties
 * on equal times) or, in a place-only race, from the places entered (ties on equal places) or else
 * the order the sheet listed the finishers; Appendix A codes, 44.3(c)-style penalties and RDG redress
 * requests.
 */
import type { RedressMethod, ResultStatus } from '@regatta/contracts';
import { PENALTY_CODES, RESULT_CODES, type PenaltyCode, type RaceEntry, type RedressRequest, type ResultCode } from '@regatta/scoring-engine';
import { needsRatings, type FleetSetup } from './fleet-setup.js';

/** One boat's stored entry in a race, as the engine needs it. */
export interface StoredEntry {
  boatId: string;
  seq: number;
  status: ResultStatus;
  /** Upper-case Appendix A code or null. */
  code: string | null;
  finishTime: Date | null;
  penaltyPercent: number | null;
  penaltyPoints: number | null;
  /** Null on an RDG: no method was given, the fleet's default applies (redressMethodOf). */
  redressMethod: RedressMethod | null;
  redressPoints: number | null;
  /**
   * The place the result was entered with, in a race scored on places (a Sailwave one-design race's
   * `rrecpos`); equal places are a tie. Absent or null: entered as a time or as a listed order.
   */
  recordedPlace?: number | null;
}

export function elapsedSecondsOf(start: Date | null, finish: Date | null): number | null {
  if (!start || !finish) return null;
  return (finish.getTime() - start.getTime()) / 1000;
}

/** Keeps her place in the finishing order (a clean finish, a 44.3(c)-style penalty, or redress given to a finisher). */
function isFinisher(entry: StoredEntry): boolean {
  return entry.status === 'finished';
}

/**
 * The redress method of an RDG entry: the one given with it, else the fleet's current default
 * (`options.redress.defaultMethod`), else A9(a). Resolved when scoring, never stored, so changing the
 * fleet's default re-scores every redress given without a method.
 */
export function redressMethodOf(fleet: Pick<FleetSetup, 'options'>, entry: Pick<StoredEntry, 'redressMethod'>): RedressMethod {
  return entry.redressMethod ?? fleet.options?.redress?.defaultMethod ?? 'average_all';
}

/**
 * The engine's redress request (redressMethodOf); A9(a) leaves out every DNC score when the fleet says
 * `excludeDnc`.
 */
function redressOf(fleet: FleetSetup, entry: StoredEntry): RedressRequest {
  const defaults = fleet.options?.redress;
  switch (redressMethodOf(fleet, entry)) {
    case 'average_before':
      return { method: 'races_before' };
    case 'points':
      return { method: 'stated', points: entry.redressPoints ?? 0 };
    default:
      return { method: defaults?.excludeDnc === true ? 'all_races_without_dnc' : 'all_races' };
  }
}

/**
 * A place-only race: a fleet ranked on the order of finish (no time correction) whose finishers all
 * came without a finish time. Its finishers are placed by the places entered (`recordedPlace`, equal
 * places tied; a finisher without one, e.g. redress without a place, is not placed) when any finisher
 * has one, else in the order the sheet listed them (`seq`); a sheet with times keeps ranking on the
 * times.
 */
export function isPlaceOnly(fleet: FleetSetup, entries: readonly Pick<StoredEntry, 'status' | 'finishTime'>[]): boolean {
  const finishers = entries.filter((e) => e.status === 'finished');
  return !needsRatings(fleet) && finishers.length > 0 && finishers.every((e) => e.finishTime === null);
}

const placeOf = (e: StoredEntry): number | null => e.recordedPlace ?? null;

/**
 * Finishers ranked on the places entered: position = rank in place order (seq between equals), a
 * finisher whose place equals the one before her tied with her (A7: 1, 2, 2, 4 → 1, 2.5, 2.5, 4 points;
 * 1, 2, 2, 3 scores the same, the next place after a tie being taken). Finishers without a place are
 * not placed.
 */
export function placedOnPlaces(finishers: readonly StoredEntry[]): Map<string, { position: number; tied: boolean }> {
  const positionOf = new Map<string, { position: number; tied: boolean }>();
  const placed = finishers.filter((e) => placeOf(e) !== null).sort((a, b) => placeOf(a)! - placeOf(b)! || a.seq - b.seq);
  placed.forEach((e, i) => {
    const previous = placed[i - 1];
    positionOf.set(e.boatId, { position: i + 1, tied: previous !== undefined && placeOf(previous) === placeOf(e) });
  });
  return positionOf;
}

/** The finishers in finishing order with their positions (ties on equal times or equal places entered). */
function finishingOrder(fleet: FleetSetup, entries: readonly StoredEntry[]): Map<string, { position: number; tied: boolean }> {
  const positionOf = new Map<string, { position: number; tied: boolean }>();
  if (isPlaceOnly(fleet, entries)) {
    const finishers = entries.filter(isFinisher);
    if (finishers.some((e) => placeOf(e) !== null)) return placedOnPlaces(finishers);
    finishers.sort((a, b) => a.seq - b.seq).forEach((e, i) => positionOf.set(e.boatId, { position: i + 1, tied: false }));
    return positionOf;
  }
  const finishers = entries
    .filter((e) => isFinisher(e) && e.finishTime !== null)
    .sort((a, b) => a.finishTime!.getTime() - b.finishTime!.getTime() || a.seq - b.seq);
  finishers.forEach((e, i) => {
    const previous = finishers[i - 1];
    positionOf.set(e.boatId, { position: i + 1, tied: previous !== undefined && previous.finishTime!.getTime() === e.finishTime!.getTime() });
  });
  return positionOf;
}

/**
 * Engine entries of one race. One-design and pursuit fleets rank on the order of finish times, or on
 * the listed order in a place-only race (isPlaceOnly).
 */
export function raceEntriesOf(fleet: FleetSetup, race: { actualStart: Date | null }, entries: readonly StoredEntry[]): RaceEntry[] {
  const positionOf = finishingOrder(fleet, entries);
  return [...entries]
    .sort((a, b) => a.seq - b.seq)
    .map((e) => {
      const code = e.code?.toUpperCase() ?? null;
      const out: { -readonly [K in keyof RaceEntry]: RaceEntry[K] } = { boatId: e.boatId };
      const place = positionOf.get(e.boatId);
      if (place) {
        out.position = place.position;
        if (place.tied) out.tiedWithPrevious = true;
        const elapsed = elapsedSecondsOf(race.actualStart, e.finishTime);
        if (elapsed !== null) out.elapsedSeconds = elapsed;
      }
      if (code !== null) {
        if ((PENALTY_CODES as readonly string[]).includes(code)) {
          out.penalty = {
            code: code as PenaltyCode,
            ...(e.penaltyPercent !== null ? { percent: e.penaltyPercent } : {}),
            ...(e.penaltyPoints !== null ? { points: e.penaltyPoints } : {}),
          };
        } else if ((RESULT_CODES as readonly string[]).includes(code)) {
          out.code = code as ResultCode;
          if (code === 'RDG') out.redress = redressOf(fleet, e);
        }
      }
      return out;
    });
}
