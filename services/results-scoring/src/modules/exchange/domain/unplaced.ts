/**
 * A penalty that keeps the place on a cell recording neither a place nor a time: the boat came to the
 * start and finished (a scoring penalty is given to a finisher), so she is scored as finishing after
 * every recorded finisher of her fleet, plus the penalty, at most the DNF score (the engine caps it).
 * Boats in that state share the place after the last finisher (A7: their order is unknown). Pure.
 */
import { correctedTimeExact, type HandicapSystem, type RaceEntry } from '@regatta/scoring-engine';

type MutableEntry = { -readonly [K in keyof RaceEntry]: RaceEntry[K] };

/**
 * Gives each of `unplaced` (entries of `entries`, without position or time) the place after the last
 * finisher: one-design, the largest place + 1; handicap, an elapsed time whose corrected time (on her
 * own rating, `ratingOf`) is after every finisher's. Without a rating she keeps no time.
 */
export function placeAfterFinishers(entries: readonly RaceEntry[], unplaced: readonly MutableEntry[], handicap: HandicapSystem, ratingOf: (boatId: string) => number | null): void {
  const finishers = entries.filter((e) => !unplaced.includes(e as MutableEntry) && e.code === undefined);
  if (handicap.kind === 'one_design') {
    const last = Math.max(0, ...finishers.map((e) => e.position ?? 0));
    for (const e of unplaced) e.position = last + 1;
    return;
  }
  const corrected = (e: RaceEntry): number | null => {
    const rating = ratingOf(e.boatId);
    return rating === null || e.elapsedSeconds === undefined ? null : correctedTimeExact(handicap, e.elapsedSeconds, rating);
  };
  const latest = Math.max(0, ...finishers.map((e) => corrected(e) ?? 0));
  const longest = Math.max(1, ...finishers.map((e) => e.elapsedSeconds ?? 0));
  for (const e of unplaced) {
    const rating = ratingOf(e.boatId);
    if (rating === null) continue;
    // Corrected time grows with elapsed time in every rating system Sailwave files carry (PY, IRC, NHC, ECHO).
    let elapsed = longest + 1;
    while (correctedTimeExact(handicap, elapsed, rating) <= latest + 1) elapsed *= 2;
    e.elapsedSeconds = elapsed;
  }
}
