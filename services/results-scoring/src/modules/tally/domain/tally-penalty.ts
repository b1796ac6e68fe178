/**
 * What a missed sign-out or sign-in of the safety tally costs, as consequences on the day's races
 * (pure). The organizer chose it, as the sailing instructions state it, from:
 * - `points`: a scoring penalty of N points added to a finishing place (DPI, capped at the DNF
 *   score as rule 44.3(c) caps a scoring penalty): for a missed sign-out in the first race of the day
 *   she finished, for a missed sign-in in the last (the race before she should have signed). A boat
 *   that finished none of the day's races already scores at least DNF in each: nothing to add.
 * - `dnc` (missed sign-out only): DNC in each of the day's races she has a result in (A5.1 lets the
 *   race committee score DNC without a hearing; the sailing instructions make "not signed out"
 *   count as not having come to the starting area). A missed sign-in never costs DNC: the boat
 *   sailed and finished, and the race committee's own record says so.
 * Both breaches on one day are separate breaches: their points add up (as DPIs of two incidents do).
 */
import type { Consequence } from '../../protests/domain/consequence.js';
import type { StoredEntry } from '../../shared/domain/race-entries.js';

export type Breach = 'sign_out' | 'sign_in';

export interface TallyMiss {
  boatId: string;
  breach: Breach;
  /** The day's races of her fleet, in race order. */
  raceIds: readonly string[];
}

export interface TallyPenaltyPolicy {
  missedSignOut: string;
  missedSignIn: string;
  penaltyPoints: number;
}

export type TallyPenaltyKind = 'points' | 'dnc';

export function penaltyKind(policy: TallyPenaltyPolicy, breach: Breach): TallyPenaltyKind | null {
  const chosen = breach === 'sign_out' ? policy.missedSignOut : policy.missedSignIn;
  if (chosen === 'points') return 'points';
  if (chosen === 'dnc' && breach === 'sign_out') return 'dnc';
  return null;
}

/** The consequences of one boat's miss, given each day race's stored entry of her (undefined: none). */
export function tallyConsequences(miss: TallyMiss, policy: TallyPenaltyPolicy, entryIn: (raceId: string) => StoredEntry | undefined): Consequence[] {
  const kind = penaltyKind(policy, miss.breach);
  if (!kind) return [];
  if (kind === 'dnc') {
    return miss.raceIds
      .filter((raceId) => {
        const entry = entryIn(raceId);
        return entry !== undefined && entry.status !== 'dnc';
      })
      .map((raceId) => ({ boatId: miss.boatId, raceId, action: 'correct', status: 'dnc', code: 'DNC', finishTime: null }));
  }
  const finished = miss.raceIds.filter((raceId) => entryIn(raceId)?.status === 'finished');
  const raceId = miss.breach === 'sign_out' ? finished[0] : finished.at(-1);
  return raceId ? [{ boatId: miss.boatId, raceId, action: 'dpi', points: policy.penaltyPoints }] : [];
}

/** The line the revision records: who missed what, and the penalty the sailing instructions name. */
export function penaltyReason(day: string, misses: ReadonlyArray<{ sailNumber: string | null; breach: Breach; kind: TallyPenaltyKind }>, points: number): string {
  const each = misses.map((miss) => {
    const what = miss.breach === 'sign_out' ? 'did not sign out' : 'did not sign in';
    const cost = miss.kind === 'dnc' ? 'DNC' : `DPI ${points} points`;
    return `${miss.sailNumber ?? 'a boat'} ${what} (${cost})`;
  });
  return `Safety tally ${day}: ${each.join('; ')}, as the sailing instructions state.`;
}
