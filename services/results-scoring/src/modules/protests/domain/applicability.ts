/**
 * What a decision may do to a race's record, checked as a finish sheet is (results/domain/submission.ts):
 * the boat must be entered in the race's fleet (a boat of another fleet would join its scoring and
 * move every DNF score), a corrected finish time must come after the race's start, a boat put back
 * among the finishers of a handicap fleet needs a rating, and redress by A9(b) needs races before the
 * race in question (in the first race it has nothing to average; the engine would score DNF, worse
 * than a finish). Pure; the use case supplies the facts.
 */
import type { RedressMethod } from '@regatta/contracts';
import type { Consequence } from './consequence.js';

export interface RaceFacts {
  raceId: string;
  fleetName: string;
  actualStart: Date | null;
  /** Boats registered in the race's fleet (or assigned to it by a split series). */
  registered: ReadonlySet<string>;
  /** For fleets scored on corrected time: whether the boat has the rating the fleet needs. */
  rated?: ((boatId: string) => boolean) | undefined;
  /** Whether races were sailed before this one (for A9(b)); a split's final fleets count the qualifying series. */
  racesBefore: boolean;
  /** The fleet's redress method for redress given without one. */
  defaultRedress: RedressMethod;
}

export interface ConsequenceRefusal {
  field: string;
  message: string;
}

/** One refusal per field at fault for the consequences on this race (indexes as in the decision). */
export function consequenceRefusals(consequences: readonly Consequence[], race: RaceFacts): ConsequenceRefusal[] {
  const refusals: ConsequenceRefusal[] = [];
  consequences.forEach((c, i) => {
    if (c.raceId !== race.raceId) return;
    if (!race.registered.has(c.boatId)) {
      refusals.push({ field: `consequences.${i}.boat`, message: `boat ${c.boatId} is not entered in fleet ${race.fleetName}, whose race this is` });
      return;
    }
    if (c.action === 'rdg' && (c.method ?? race.defaultRedress) === 'average_before' && !race.racesBefore) {
      refusals.push({
        field: `consequences.${i}.method`,
        message: 'A9(b) averages her points in the races before this one, and none was sailed: give redress by A9(a) (average_all) or state the points',
      });
    }
    if (c.action !== 'correct') return;
    if (c.finishTime) {
      if (!race.actualStart) refusals.push({ field: `consequences.${i}.finishTime`, message: 'the race has no recorded start: a finish time needs one (submit the results with actualStart)' });
      else if (c.finishTime.getTime() <= race.actualStart.getTime()) {
        refusals.push({ field: `consequences.${i}.finishTime`, message: `finish time ${c.finishTime.toISOString()} is not after the start ${race.actualStart.toISOString()}` });
      }
    }
    if (c.status === 'finished' && race.rated && !race.rated(c.boatId)) {
      refusals.push({ field: `consequences.${i}.boat`, message: `boat ${c.boatId} has no rating for fleet ${race.fleetName}: she cannot be scored as a finisher` });
    }
  });
  return refusals;
}
