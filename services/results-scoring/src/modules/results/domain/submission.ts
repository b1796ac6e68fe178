/**
 * A race's results as submitted, and the checks on them that need no stored data beyond the race, its
 * fleet and the boats' registrations. Each check returns the refusal (its problem code, a detail and
 * one error per field) or undefined; the use case turns a refusal into the 400 problem.
 */
import type { RaceStatus, RedressMethod, ResultStatus } from '@regatta/contracts';
import { handicapOf, needsCourseDistance, needsRatings, ratingFor, type FleetSetup } from '../../shared/domain/fleet-setup.js';
import type { BoatInfo } from '../../shared/domain/fleet-scoring.js';
import { effectiveCode } from '../../shared/domain/result-codes.js';
import type { RaceWithProgress, SubmittedEntry } from '../../shared/domain/records.js';

export interface SubmittedResult {
  /** Boat id. */
  boat: string;
  status: ResultStatus;
  /** Lower-case Appendix A code. */
  code?: string | null | undefined;
  finishTime?: string | null | undefined;
  penaltyPercent?: number | undefined;
  points?: number | undefined;
  redress?: { method: RedressMethod; points?: number | undefined } | undefined;
  notes?: string | null | undefined;
}

export interface ResultsSubmission {
  actualStart?: string | null | undefined;
  /** Race status after this submission; default finished. */
  status?: RaceStatus | undefined;
  results: SubmittedResult[];
  /** Why (kept in the revision this submission makes). */
  reason?: string | undefined;
}

export interface EntryRefusal {
  code: 'duplicate_boat' | 'missing_finish_time' | 'missing_actual_start' | 'finish_before_start' | 'unknown_boat' | 'missing_rating' | 'missing_course_distance';
  detail: string;
  errors: { field: string; message: string }[];
}

/**
 * The stored entries of a submission (codes upper case, the status's default code when none is given).
 * Redress given without a method is stored without one (null): the fleet's default
 * (`options.redress.defaultMethod`, else A9(a)) is resolved each time the fleet is scored
 * (race-entries.ts `redressMethodOf`), so a later change of the fleet's default re-scores it.
 */
export function entriesOf(submission: ResultsSubmission): SubmittedEntry[] {
  return submission.results.map((entry, seq) => ({
    boatId: entry.boat,
    seq,
    status: entry.status,
    code: effectiveCode(entry.status, entry.code ?? null),
    finishTime: entry.finishTime ? new Date(entry.finishTime) : null,
    penaltyPercent: entry.penaltyPercent ?? null,
    penaltyPoints: entry.points ?? null,
    redressMethod: entry.code === 'rdg' ? (entry.redress?.method ?? null) : null,
    redressPoints: entry.code === 'rdg' ? (entry.redress?.points ?? null) : null,
    notes: entry.notes ?? null,
  }));
}

/**
 * Duplicates, finishers without a time, times without a start, finishes at or before the start.
 * A fleet ranked on the order of finish (no time correction, `needsRatings` false) takes a place-only
 * sheet: no finisher has a time and the listed order is the finishing order (race-entries.ts
 * `isPlaceOnly`). A sheet is consistent: every finisher timed or none; a mix names the first finisher
 * without a time. A fleet scored on corrected time needs a time for every finisher.
 */
export function timingRefusal(submission: ResultsSubmission, actualStart: Date | null, fleet: FleetSetup): EntryRefusal | undefined {
  const seen = new Map<string, number>();
  const duplicates: EntryRefusal['errors'] = [];
  submission.results.forEach((entry, i) => {
    const first = seen.get(entry.boat);
    if (first !== undefined) duplicates.push({ field: `results.${i}.boat`, message: `boat ${entry.boat} is already listed at results.${first}` });
    else seen.set(entry.boat, i);
  });
  if (duplicates.length > 0) return { code: 'duplicate_boat', detail: 'A boat is listed more than once; send one entry per boat.', errors: duplicates };

  const finishers = submission.results.map((entry, i) => ({ entry, i })).filter(({ entry }) => entry.status === 'finished');
  const untimed = finishers.filter(({ entry }) => !entry.finishTime);
  if (untimed.length > 0 && needsRatings(fleet)) {
    return {
      code: 'missing_finish_time',
      detail: `Fleet ${fleet.name} scores on corrected time: every boat with status finished needs a finishTime.`,
      errors: untimed.map(({ entry, i }) => ({ field: `results.${i}.finishTime`, message: `boat ${entry.boat} finished but has no finishTime` })),
    };
  }
  if (untimed.length > 0 && untimed.length < finishers.length) {
    const { entry, i } = untimed[0]!;
    return {
      code: 'missing_finish_time',
      detail: 'Give every finisher a finishTime, or none (a place-only sheet lists the finishers in finishing order).',
      errors: [{ field: `results.${i}.finishTime`, message: `boat ${entry.boat} finished but has no finishTime while other finishers have one` }],
    };
  }

  const timed = submission.results.some((entry) => entry.finishTime);
  if (timed && !actualStart) {
    return {
      code: 'missing_actual_start',
      detail: 'Finish times need the race start: send actualStart.',
      errors: [{ field: 'actualStart', message: 'required when any boat has a finishTime (no start has been recorded for this race)' }],
    };
  }
  const early: EntryRefusal['errors'] = [];
  submission.results.forEach((entry, i) => {
    if (entry.finishTime && actualStart && new Date(entry.finishTime).getTime() <= actualStart.getTime()) {
      early.push({ field: `results.${i}.finishTime`, message: `finishTime ${entry.finishTime} is not after the start ${actualStart.toISOString()}` });
    }
  });
  if (early.length > 0) return { code: 'finish_before_start', detail: 'A finish time is at or before the race start.', errors: early };
  return undefined;
}

/** Boats that are not registered in the race's fleet. */
export function unregisteredRefusal(submission: ResultsSubmission, registered: ReadonlySet<string>, fleet: FleetSetup): EntryRefusal | undefined {
  const unknown: EntryRefusal['errors'] = [];
  submission.results.forEach((entry, i) => {
    if (!registered.has(entry.boat)) unknown.push({ field: `results.${i}.boat`, message: `boat ${entry.boat} is not registered in fleet ${fleet.name}` });
  });
  return unknown.length > 0 ? { code: 'unknown_boat', detail: `Every boat must be registered in the race's fleet (${fleet.name}).`, errors: unknown } : undefined;
}

/** Boats without the rating the fleet's handicap system needs (call for fleets that need ratings). */
export function ratingRefusal(submission: ResultsSubmission, fleet: FleetSetup, boats: ReadonlyMap<string, BoatInfo>): EntryRefusal | undefined {
  const unrated: EntryRefusal['errors'] = [];
  submission.results.forEach((entry, i) => {
    const boat = boats.get(entry.boat);
    if (!boat || ratingFor(fleet, boat.ratings) === undefined) unrated.push({ field: `results.${i}.boat`, message: `boat ${entry.boat} has no ${fleet.handicapSystem} rating` });
  });
  if (unrated.length === 0) return undefined;
  return { code: 'missing_rating', detail: `Fleet ${fleet.name} scores on ${handicapOf(fleet).kind} corrected time; every boat needs a rating.`, errors: unrated };
}

/** A time-on-distance fleet's race with finishers but no course distance. */
export function courseDistanceRefusal(submission: ResultsSubmission, race: Pick<RaceWithProgress, 'name' | 'distanceNm'>, fleet: FleetSetup): EntryRefusal | undefined {
  if (!needsCourseDistance(fleet) || race.distanceNm !== null || !submission.results.some((entry) => entry.status === 'finished')) return undefined;
  return {
    code: 'missing_course_distance',
    detail: `Fleet ${fleet.name} corrects time on distance, but race ${race.name} has no course distance.`,
    errors: [{ field: 'results', message: 'the race needs a course distance (set on the race schedule)' }],
  };
}
