/**
 * Scoring codes (RRS 2025–2028 Appendix A11) and how each one scores.
 *
 * | code | meaning | points (low point) | base | shifts places (A6.1) | discardable |
 * |---|---|---|---|---|---|
 * | DNC | did not come to the starting area | base + 1 | entries (A5.3: entries; "incl. DNC" variant: came) | yes | yes |
 * | DNS | came, did not start | base + 1 | A5.2 entries / A5.3 came | yes | yes |
 * | OCS | on course side, no restart | base + 1 | as DNS | yes | yes |
 * | ZFP | 20% penalty, rule 30.2 | place + 20% of DNF score | – | no (44.3(c)) | yes |
 * | UFD | rule 30.3 disqualification | base + 1 | as DNS | yes | yes |
 * | BFD | rule 30.4 disqualification | base + 1 | as DNS | yes | yes |
 * | SCP | scoring penalty, rule 44.3(c) | place + stated % (default 20%) of DNF score | – | no | yes |
 * | NSC | did not sail the course | base + 1 | as DNS | yes | yes |
 * | DNF | did not finish | base + 1 | as DNS | yes | yes |
 * | RET | retired | base + 1 | as DNS | yes | yes |
 * | DSQ | disqualified | base + 1 | as DNS | yes | yes |
 * | DNE | disqualification not excludable | base + 1 | as DNS | yes | **no** |
 * | RDG | redress given | A9 (average of all races / races before / stated) | – | no (A6.2) | yes |
 * | DPI | discretionary penalty | place + stated points | – | no | yes |
 *
 * Penalty scores (ZFP, SCP, DPI) are capped at the DNF score of the race and leave
 * other boats' scores unchanged (44.3(c)).
 */

/** Codes that replace a finishing place. */
export const RESULT_CODES = ['DNC', 'DNS', 'OCS', 'NSC', 'DNF', 'RET', 'DSQ', 'DNE', 'UFD', 'BFD', 'RDG'] as const;
export type ResultCode = (typeof RESULT_CODES)[number];

/** Codes that add to a finishing place (the boat keeps her place). */
export const PENALTY_CODES = ['ZFP', 'SCP', 'DPI'] as const;
export type PenaltyCode = (typeof PENALTY_CODES)[number];

export type ScoringCode = ResultCode | PenaltyCode;

export function isResultCode(x: string): x is ResultCode {
  return (RESULT_CODES as readonly string[]).includes(x);
}

export function isPenaltyCode(x: string): x is PenaltyCode {
  return (PENALTY_CODES as readonly string[]).includes(x);
}

export interface CodeRule {
  /** What the score is based on. */
  readonly scoring: 'penalty' | 'redress';
  /** 'entries': always series entries + 1 (DNC under A5.2/A5.3); 'starters': A5.3 uses boats that came to the starting area. */
  readonly base: 'entries' | 'starters' | null;
  /** A boat with this code did not come to the starting area. */
  readonly cameToStart: boolean;
  /** Boats behind her move up a place (A6.1) — true for every code that takes the boat out of the finishing order. */
  readonly shiftsPlaces: boolean;
  /** The score may be excluded (discarded). */
  readonly discardable: boolean;
}

export const CODE_RULES: Readonly<Record<ResultCode, CodeRule>> = {
  DNC: { scoring: 'penalty', base: 'entries', cameToStart: false, shiftsPlaces: true, discardable: true },
  DNS: { scoring: 'penalty', base: 'starters', cameToStart: true, shiftsPlaces: true, discardable: true },
  OCS: { scoring: 'penalty', base: 'starters', cameToStart: true, shiftsPlaces: true, discardable: true },
  NSC: { scoring: 'penalty', base: 'starters', cameToStart: true, shiftsPlaces: true, discardable: true },
  DNF: { scoring: 'penalty', base: 'starters', cameToStart: true, shiftsPlaces: true, discardable: true },
  RET: { scoring: 'penalty', base: 'starters', cameToStart: true, shiftsPlaces: true, discardable: true },
  DSQ: { scoring: 'penalty', base: 'starters', cameToStart: true, shiftsPlaces: true, discardable: true },
  DNE: { scoring: 'penalty', base: 'starters', cameToStart: true, shiftsPlaces: true, discardable: false },
  UFD: { scoring: 'penalty', base: 'starters', cameToStart: true, shiftsPlaces: true, discardable: true },
  BFD: { scoring: 'penalty', base: 'starters', cameToStart: true, shiftsPlaces: true, discardable: true },
  RDG: { scoring: 'redress', base: null, cameToStart: true, shiftsPlaces: false, discardable: true },
};

/** Default percentage of the DNF score for ZFP and SCP (rule 30.2, 44.3(c)). */
export const DEFAULT_PENALTY_PERCENT = 20;
