/**
 * A decision's consequences applied to a race's stored entries (pure): the new complete entries that
 * the revision stores. The engine scores them (codes.ts, race-scoring.ts): DSQ/DNE take the boat out
 * of the finishing order so boats behind move up (A6.1); DPI/SCP keep her place and add points capped
 * at the DNF score (44.3(c)), on top of any penalty she already has; RDG keeps her place and scores by the A9 method (A6.2), so no other
 * boat's score changes.
 */
import type { RedressMethod, ResultStatus } from '@regatta/contracts';
import { DEFAULT_PENALTY_PERCENT, roundTenth } from '@regatta/scoring-engine';
import { codeAllowed, effectiveCode } from '../../shared/domain/result-codes.js';
import type { StoredEntry } from '../../shared/domain/race-entries.js';
import type { SubmittedEntry } from '../../shared/domain/records.js';
import type { ConsequenceAction } from '@regatta/contracts';

export interface Consequence {
  boatId: string;
  raceId: string;
  action: ConsequenceAction;
  /** dpi: points added; rdg with method points: the points stated. */
  points?: number | null | undefined;
  /** scp: percent of the DNF score (default 20). */
  percent?: number | null | undefined;
  /** rdg: the A9 method; none: the fleet's `redress.defaultMethod` at scoring time (A9(a) when it has none). */
  method?: RedressMethod | null | undefined;
  /** correct: the status, code and finish time the boat should have had. */
  status?: ResultStatus | null | undefined;
  code?: string | null | undefined;
  finishTime?: Date | null | undefined;
}

/** A consequence the race's entries cannot take, with the field to blame. */
export class ConsequenceError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const CLEAN = { penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null } as const;

/** Applies every consequence for `raceId` (in order) to the race's entries; other races' are ignored. */
export function applyConsequences<E extends StoredEntry>(entries: readonly E[], raceId: string, consequences: readonly Consequence[], blank: (boatId: string, seq: number) => E): E[] {
  let next = entries.map((entry) => ({ ...entry }));
  consequences.forEach((consequence, index) => {
    if (consequence.raceId !== raceId) return;
    let at = next.findIndex((entry) => entry.boatId === consequence.boatId);
    if (at < 0) {
      // No entry: the boat scored DNC implicitly; she gets one so the consequence has something to change.
      const seq = next.reduce((max, entry) => Math.max(max, entry.seq), -1) + 1;
      next = [...next, blank(consequence.boatId, seq)];
      at = next.length - 1;
    }
    next[at] = applyOne(next[at]!, consequence, `consequences.${index}`);
  });
  return next;
}

function applyOne<E extends StoredEntry>(entry: E, c: Consequence, field: string): E {
  switch (c.action) {
    case 'dsq':
    case 'dne':
      // The finish time stays on record: she finished, and the decision took her out of the order.
      return { ...entry, ...CLEAN, status: 'dsq', code: c.action.toUpperCase() };
    case 'dpi':
    case 'scp': {
      if (entry.status !== 'finished') throw new ConsequenceError(`${field}.action`, `boat ${entry.boatId} did not finish: a ${c.action.toUpperCase()} is added to a finishing place`);
      if (c.action === 'dpi' && (c.points === undefined || c.points === null)) throw new ConsequenceError(`${field}.points`, 'a DPI needs the points to add');
      // Penalties for separate incidents add up (a ZFP from the start, a DPI from this hearing): a
      // decision never lowers a score. The code names the latest penalty; the numbers carry all.
      const held = heldPenalties(entry);
      return c.action === 'dpi'
        ? { ...entry, ...CLEAN, code: 'DPI', penaltyPoints: roundTenth(held.points + c.points!), penaltyPercent: held.percent }
        : { ...entry, ...CLEAN, code: 'SCP', penaltyPercent: (held.percent ?? 0) + (c.percent ?? DEFAULT_PENALTY_PERCENT), penaltyPoints: held.points > 0 ? held.points : null };
    }
    case 'rdg': {
      const method = c.method ?? null;
      if (method === 'points' && (c.points === undefined || c.points === null)) throw new ConsequenceError(`${field}.points`, 'redress by points stated (A9(c)) needs the points');
      // No method: redress as the fleet gives it (shared/domain/race-entries.ts redressMethodOf), like a scorer's RDG.
      return { ...entry, ...CLEAN, code: 'RDG', redressMethod: method, redressPoints: method === 'points' ? c.points! : null };
    }
    case 'correct': {
      const status = c.status ?? entry.status;
      // Redress and DPI carry numbers of their own: the rdg and dpi actions give them.
      if (c.code && ['rdg', 'dpi'].includes(c.code.toLowerCase())) throw new ConsequenceError(`${field}.code`, `use the ${c.code.toLowerCase()} action for ${c.code.toUpperCase()}`);
      if (!codeAllowed(status, c.code)) throw new ConsequenceError(`${field}.code`, `code ${c.code} does not go with status ${status}`);
      const finishTime = c.finishTime !== undefined ? c.finishTime : entry.finishTime;
      if (status === 'finished' && !finishTime && !(entry.status === 'finished' && entry.finishTime === null)) throw new ConsequenceError(`${field}.finishTime`, `boat ${entry.boatId} finished but has no finish time`);
      return { ...entry, ...CLEAN, status, code: effectiveCode(status, c.code ?? null), finishTime };
    }
  }
}

/** The penalties a finisher's entry already carries: DPI points and a 44.3(c) percentage (ZFP/SCP, default 20). */
function heldPenalties(entry: StoredEntry): { points: number; percent: number | null } {
  const code = entry.code?.toUpperCase() ?? null;
  if (code === 'ZFP' || code === 'SCP') return { points: entry.penaltyPoints ?? 0, percent: entry.penaltyPercent ?? DEFAULT_PENALTY_PERCENT };
  if (code === 'DPI') return { points: entry.penaltyPoints ?? 0, percent: entry.penaltyPercent };
  return { points: 0, percent: null };
}

/** The entry a consequence gets for a boat the race has none for (she scored DNC implicitly). */
export const blankEntry = (boatId: string, seq: number): SubmittedEntry => ({
  boatId,
  seq,
  status: 'dnc',
  code: 'DNC',
  finishTime: null,
  penaltyPercent: null,
  penaltyPoints: null,
  redressMethod: null,
  redressPoints: null,
  notes: null,
});

/** The actions that stand on top of a boat's finishing record: penalties and redress. */
const OVERLAY_ACTIONS: ReadonlySet<ConsequenceAction> = new Set(['dsq', 'dne', 'dpi', 'scp', 'rdg']);

/**
 * The decisions in force re-applied to a new finishing record of the race (a resubmission or
 * correction by the scorer): a protest committee's penalties and redress stand until it reopens the
 * hearing (rule 66), whatever the finish sheet says. Decisions apply in the order they were made.
 * A `correct` consequence (after a scoring inquiry, or a reopened hearing setting a score right)
 * corrected the record itself, so a later record supersedes it, and it ends every earlier decision's
 * penalty or redress for that boat in that race; a penalty the new record makes moot (a DPI or SCP on a boat now not finishing, who
 * already scores DNF) is left out. Answers the entries and the decisions that changed them.
 */
export function reapplyDecisions<E extends StoredEntry>(
  entries: readonly E[],
  raceId: string,
  decisions: readonly { decisionId: string; consequences: readonly Consequence[] }[],
  blank: (boatId: string, seq: number) => E,
): { entries: E[]; applied: string[] } {
  let next = entries.map((entry) => ({ ...entry }));
  const applied: string[] = [];
  // Per boat, the position (decision, consequence) of her last correction: nothing before it stands,
  // whatever comes after it does (a later consequence of the same decision included).
  const correctedAt = new Map<string, readonly [number, number]>();
  decisions.forEach((decision, d) =>
    decision.consequences.forEach((c, i) => {
      if (c.raceId === raceId && c.action === 'correct') correctedAt.set(c.boatId, [d, i]);
    }),
  );
  const after = (d: number, i: number, boatId: string): boolean => {
    const corrected = correctedAt.get(boatId);
    return !corrected || d > corrected[0] || (d === corrected[0] && i > corrected[1]);
  };
  for (const [d, decision] of decisions.entries()) {
    const standing = decision.consequences.filter((c, i) => c.raceId === raceId && OVERLAY_ACTIONS.has(c.action) && after(d, i, c.boatId));
    let used = false;
    for (const consequence of standing) {
      try {
        next = applyConsequences(next, raceId, [consequence], blank);
        used = true;
      } catch (error) {
        if (!(error instanceof ConsequenceError)) throw error;
      }
    }
    if (used) applied.push(decision.decisionId);
  }
  return { entries: next, applied };
}
