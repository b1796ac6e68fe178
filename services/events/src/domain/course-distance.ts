/**
 * A time-on-distance fleet (phrf_tod, orc_tod, ranked on corrected time) scores every finish with the
 * race's course distance: corrected = elapsed − rating × distance. Scheduling asks for the distance
 * (app/schedule-race.ts) and a race of such a fleet keeps it (app/update-race.ts); a fleet set-up
 * change that makes the fleet time-on-distance while some of its races have no distance is refused
 * here, before it is stored: otherwise the re-score of its results could not run and the change would
 * be kept with the old scores, unrecorded. Pure.
 */
import { needsCourseDistance, type HandicapSystemName, type ScoringSystem } from '@regatta/contracts';

export interface DistanceRefusal {
  detail: string;
  /** The race numbers without a course distance, in order. */
  races: number[];
}

/** The refusal of a fleet set-up (as it would be after the change) whose races lack a course distance; undefined when it can apply. */
export function courseDistanceRefusal(
  setup: { fleetName: string; system: HandicapSystemName; scoringSystem: ScoringSystem },
  races: readonly { race_number: number; course_distance_nm: number | null }[],
): DistanceRefusal | undefined {
  if (!needsCourseDistance(setup.system, setup.scoringSystem)) return undefined;
  const lacking = races
    .filter((race) => race.course_distance_nm === null || race.course_distance_nm === undefined)
    .map((race) => race.race_number)
    .sort((a, b) => a - b);
  if (lacking.length === 0) return undefined;
  return {
    races: lacking,
    detail:
      `Fleet ${setup.fleetName} would score ${setup.system} (time on distance), but race(s) ${lacking.join(', ')} have no course distance; ` +
      'set courseDistanceNm on them first (PATCH /api/v1/events/{slug}/races/{raceId}).',
  };
}
