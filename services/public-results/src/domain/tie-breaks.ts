/**
 * Which rule separated boats tied on net points (RRS Appendix A8), so the standings page can show it.
 *
 * A8.1: list each tied boat's race scores best to worst, excluded (discarded) scores left out; the
 *       first difference breaks the tie.
 * A8.2: if still tied, the score in the last race decides, then the next-to-last, and so on, using
 *       excluded scores too.
 * A tie neither rule breaks stays a tie (equal positions).
 *
 * The order itself comes from the scoring engine; this only explains it. "Best" is lowest for low
 * point and highest for high point.
 */
import type { PublicStandingEntry } from './model.js';

export type TieBreak = 'A8.1' | 'A8.2' | 'unbroken';

export interface TieNote {
  /** Boats tied with this one on net points (their sail numbers or names). */
  tiedWith: string[];
  /** The rule that separated this boat from the tied boat next to it. */
  rule: TieBreak;
}

function better(higherIsBetter: boolean) {
  return (a: number, b: number) => (higherIsBetter ? b - a : a - b);
}

/** The rule that separates two boats tied on net points. */
export function tieBreakBetween(a: PublicStandingEntry, b: PublicStandingEntry, higherIsBetter = false): TieBreak {
  const order = better(higherIsBetter);
  const kept = (entry: PublicStandingEntry) =>
    entry.raceResults
      .filter((race) => !race.dropped)
      .map((race) => race.points)
      .sort(order);
  const keptA = kept(a);
  const keptB = kept(b);
  for (let i = 0; i < Math.max(keptA.length, keptB.length); i += 1) {
    if (keptA[i] !== keptB[i]) return 'A8.1';
  }
  const byRace = (entry: PublicStandingEntry) => new Map(entry.raceResults.map((race) => [race.raceNumber, race.points] as const));
  const racesA = byRace(a);
  const racesB = byRace(b);
  const numbers = [...new Set([...racesA.keys(), ...racesB.keys()])].sort((x, y) => y - x);
  for (const number of numbers) {
    if (racesA.get(number) !== racesB.get(number)) return 'A8.2';
  }
  return 'unbroken';
}

const label = (entry: PublicStandingEntry) => entry.sailNumber ?? entry.boatName;

/** A note per boat that shares its net points with another boat; boats without a tie get none. */
export function tieNotes(entries: readonly PublicStandingEntry[], higherIsBetter = false): Map<string, TieNote> {
  const notes = new Map<string, TieNote>();
  const groups = new Map<number, PublicStandingEntry[]>();
  for (const entry of entries) groups.set(entry.netPoints, [...(groups.get(entry.netPoints) ?? []), entry]);
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const sorted = [...group].sort((x, y) => x.position - y.position);
    sorted.forEach((entry, index) => {
      const neighbour = sorted[index + 1] ?? sorted[index - 1]!;
      notes.set(entry.boatId, {
        tiedWith: sorted.filter((other) => other !== entry).map(label),
        rule: tieBreakBetween(entry, neighbour, higherIsBetter),
      });
    });
  }
  return notes;
}
