import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyConsequences, blankEntry } from '../../protests/domain/consequence.js';
import type { SubmittedEntry } from '../../shared/domain/records.js';
import { penaltyReason, tallyConsequences, type TallyPenaltyPolicy } from './tally-penalty.js';

const entry = (boatId: string, seq: number, status: SubmittedEntry['status'], extra: Partial<SubmittedEntry> = {}): SubmittedEntry => ({
  ...blankEntry(boatId, seq),
  status,
  code: status === 'finished' ? null : status.toUpperCase(),
  finishTime: status === 'finished' ? new Date(Date.UTC(2026, 5, 13, 11, seq)) : null,
  ...extra,
});

// The day: R3 (GER 5 finished 3rd), R4 (GER 5 finished 2nd), R5 (GER 5 retired, DNF).
const races: Record<string, SubmittedEntry[]> = {
  R3: [entry('a', 0, 'finished'), entry('b', 1, 'finished'), entry('ger5', 2, 'finished')],
  R4: [entry('ger5', 0, 'finished'), entry('a', 1, 'finished')],
  R5: [entry('a', 0, 'finished'), entry('ger5', 1, 'dnf')],
};
const entryIn = (raceId: string) => races[raceId]?.find((e) => e.boatId === 'ger5');
const day = ['R3', 'R4', 'R5'];
const policy = (missedSignOut: string, missedSignIn: string, penaltyPoints = 2): TallyPenaltyPolicy => ({ missedSignOut, missedSignIn, penaltyPoints });

test('a missed sign-in with points: DPI 2 in the last race of the day she finished (R4, not the DNF of R5)', () => {
  const consequences = tallyConsequences({ boatId: 'ger5', breach: 'sign_in', raceIds: day }, policy('none', 'points'), entryIn);
  assert.deepEqual(consequences, [{ boatId: 'ger5', raceId: 'R4', action: 'dpi', points: 2 }]);
  // 2nd in R4 scores 2 + 2 = 4 points: her place stays, the points are added (the engine caps at DNF).
  const [ger5] = applyConsequences(races['R4']!, 'R4', consequences, blankEntry);
  assert.deepEqual([ger5!.status, ger5!.code, ger5!.penaltyPoints, ger5!.finishTime?.toISOString()], ['finished', 'DPI', 2, '2026-06-13T11:00:00.000Z']);
});

test('a missed sign-out with points: DPI in the first race of the day she finished (R3)', () => {
  assert.deepEqual(tallyConsequences({ boatId: 'ger5', breach: 'sign_out', raceIds: day }, policy('points', 'none', 3), entryIn), [{ boatId: 'ger5', raceId: 'R3', action: 'dpi', points: 3 }]);
});

test('a missed sign-out with DNC: DNC in every race of the day she has a result in', () => {
  const consequences = tallyConsequences({ boatId: 'ger5', breach: 'sign_out', raceIds: [...day, 'R6'] }, policy('dnc', 'none'), entryIn);
  assert.deepEqual(consequences.map((c) => [c.raceId, c.action, c.status, c.code]), [['R3', 'correct', 'dnc', 'DNC'], ['R4', 'correct', 'dnc', 'DNC'], ['R5', 'correct', 'dnc', 'DNC']]);
  const [, , ger5] = applyConsequences(races['R3']!, 'R3', consequences, blankEntry);
  assert.deepEqual([ger5!.status, ger5!.code, ger5!.finishTime], ['dnc', 'DNC', null]);
});

test('nothing is penalized: policy none, DNC asked for a missed sign-in, or no finishing place that day', () => {
  assert.deepEqual(tallyConsequences({ boatId: 'ger5', breach: 'sign_in', raceIds: day }, policy('points', 'none'), entryIn), []);
  assert.deepEqual(tallyConsequences({ boatId: 'ger5', breach: 'sign_in', raceIds: day }, policy('dnc', 'dnc'), entryIn), []);
  assert.deepEqual(tallyConsequences({ boatId: 'ger5', breach: 'sign_in', raceIds: ['R5'] }, policy('none', 'points'), entryIn), []);
  assert.deepEqual(tallyConsequences({ boatId: 'ger5', breach: 'sign_out', raceIds: ['R6'] }, policy('dnc', 'none'), entryIn), []);
});

test('both breaches in a one-race day add up: DPI 2 + 2 = 4 points', () => {
  const miss = (breach: 'sign_out' | 'sign_in') => tallyConsequences({ boatId: 'ger5', breach, raceIds: ['R4'] }, policy('points', 'points'), entryIn);
  const [ger5] = applyConsequences(races['R4']!, 'R4', [...miss('sign_out'), ...miss('sign_in')], blankEntry);
  assert.equal(ger5!.penaltyPoints, 4);
});

test('the revision names who missed what and its cost', () => {
  assert.equal(
    penaltyReason('2026-06-13', [{ sailNumber: 'GER 5', breach: 'sign_in', kind: 'points' }, { sailNumber: 'GER 7', breach: 'sign_out', kind: 'dnc' }], 2),
    'Safety tally 2026-06-13: GER 5 did not sign in (DPI 2 points); GER 7 did not sign out (DNC), as the sailing instructions state.',
  );
});
