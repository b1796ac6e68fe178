/**
 * Where Sailwave departs from the racing rules, named cell by cell, so parity can tell a rules
 * difference from a mismatch. The platform's scores follow the rules and are kept.
 *
 * Two Sailwave behaviours differ from RRS 44.3(c) (2025–2028), which worsens the score she would have
 * had without the penalty (her A7 score when tied) and never beyond the score for DNF:
 * - a penalty on a boat tied on her place is added to the tie's first place instead of her A7 score
 *   (tied 7th/8th plus 2: Sailwave 9, the rules 7.5 + 2 = 9.5);
 * - a penalty is not capped at the DNF score (9th plus 2: Sailwave 11, the rules 10 where DNF is 10).
 *
 * A cell is named only when Sailwave's stored points are exactly what its behaviour gives and the
 * rules give another score. Low point only (high point penalties are taken from the best score). Pure.
 */
import { comparePoints, penaltyPoints, roundTenth, scoreSeries } from '@regatta/scoring-engine';
import type { SailwaveFile } from './model.js';
import type { MappedFleet } from './to-scoring.js';

export const RULE_TIED_PENALTY = 'RRS 44.3(c), A7';
export const RULE_PENALTY_CAP = 'RRS 44.3(c)';

export interface RulesDifference {
  /** Competitor handle. */
  readonly boatId: string;
  /** The sailed race's position in the fleet's mapping (1…). */
  readonly sailedRace: number;
  readonly raceHandle: string;
  /** Sailwave's stored points (rpts). */
  readonly sailwave: number;
  /** The rules' score (the platform's). */
  readonly rules: number;
  /** The rule(s) that decide it. */
  readonly rule: string;
  /** What Sailwave did and what the rules say, with the numbers. */
  readonly reason: string;
}

const same = (a: number, b: number): boolean => comparePoints(a, b) === 0;

export function rulesDifferences(file: SailwaveFile, fleet: MappedFleet): RulesDifference[] {
  if (fleet.input.fleet.scoringSystem !== 'low_point') return [];
  const penalised = fleet.input.races.some((r) => r.entries.some((e) => e.penalty !== undefined));
  if (!penalised) return [];
  let series;
  try {
    series = scoreSeries(fleet.input);
  } catch {
    return [];
  }
  const stored = new Map(file.results.map((r) => [`${r.comp}\u0000${r.race}`, r.points] as const));
  const out: RulesDifference[] = [];
  fleet.input.races.forEach((race, ri) => {
    const score = series.races[ri]?.score;
    const handle = fleet.races[ri]?.handle;
    if (score == null || handle === undefined || score.excluded) return;
    const penaltyOf = new Map(race.entries.filter((e) => e.penalty !== undefined).map((e) => [e.boatId, e.penalty!] as const));
    for (const r of score.results) {
      const pen = penaltyOf.get(r.boatId);
      const sailwave = stored.get(`${r.boatId}\u0000${handle}`) ?? null;
      if (pen === undefined || r.place === null || r.points === null || sailwave === null) continue;
      const amount = penaltyPoints(pen, score.dnfPoints);
      const sailwaveWay = roundTenth(r.place + amount);
      if (!same(sailwave, sailwaveWay) || same(sailwaveWay, r.points)) continue;
      const tiedWith = score.results.filter((o) => o.place === r.place).length;
      const tied = tiedWith > 1;
      const capped = sailwaveWay > score.dnfPoints;
      const shared = r.place + (tiedWith - 1) / 2;
      const reasons: string[] = [];
      if (tied) reasons.push(`Sailwave adds the penalty to the first place of the tie (${r.place} + ${amount} = ${sailwaveWay}); the rules add it to her A7 score (${shared} + ${amount} = ${roundTenth(shared + amount)})`);
      if (capped) reasons.push(`Sailwave does not cap the penalty (${sailwaveWay}); the rules give at most the DNF score (${score.dnfPoints})`);
      if (reasons.length === 0) continue;
      out.push({ boatId: r.boatId, sailedRace: ri + 1, raceHandle: handle, sailwave, rules: r.points, rule: tied ? RULE_TIED_PENALTY : RULE_PENALTY_CAP, reason: reasons.join('; ') });
    }
  });
  return out;
}
