/**
 * Each consequence of a decision, scored by the engine, with the numbers worked by hand.
 * Fleet: one design, low point, 5 boats A–E, 3 races, no discards, penalties score entries + 1 = 6 (A5.2).
 *   R1: A 1, B 2, C 3, D 4, E 5
 *   R2: B 1, A 2, C 3, E 4, D DNF (6)
 *   R3: C 1, A 2, B 3, E 4, D 5
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scoreFleet, type BoatInfo, type RaceInfo } from '../../shared/domain/fleet-scoring.js';
import type { FleetSetup } from '../../shared/domain/fleet-setup.js';
import type { StoredEntry } from '../../shared/domain/race-entries.js';
import { applyConsequences, ConsequenceError, reapplyDecisions, type Consequence } from './consequence.js';

const START = new Date('2025-06-01T12:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
const fleet: FleetSetup = { id: 'f', name: 'ILCA 7', scoringSystem: 'low_point', dropRaces: 0, handicapSystem: 'one_design', handicapParams: {}, penaltyBasis: 'series_entries', discardThresholds: [] };
const boats: BoatInfo[] = ['A', 'B', 'C', 'D', 'E'].map((id) => ({ boatId: id, name: `Boat ${id}`, sailNumber: id, sailorName: null, userId: null, ratings: {} }));
const race = (number: number): RaceInfo => ({ id: `r${number}`, number, name: `Race ${number}`, weight: 1, mustCount: false, discardFirst: false, distanceNm: null, status: 'finished', actualStart: START, hasResults: true });
const blank = (boatId: string, seq: number): StoredEntry => ({ boatId, seq, status: 'dnc', code: 'DNC', finishTime: null, penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null });
const finishers = (order: string[]): StoredEntry[] => order.map((boatId, seq) => ({ ...blank(boatId, seq), status: 'finished', code: null, finishTime: at(60 + seq) }));

const ORIGINAL = new Map<string, StoredEntry[]>([
  ['r1', finishers(['A', 'B', 'C', 'D', 'E'])],
  ['r2', [...finishers(['B', 'A', 'C', 'E']), { ...blank('D', 4), status: 'dnf', code: 'DNF' }]],
  ['r3', finishers(['C', 'A', 'B', 'E', 'D'])],
]);

/** Points per boat per race (A..E, each [r1, r2, r3]) after the consequences. */
function pointsAfter(consequences: Consequence[]): Record<string, number[]> {
  const entries = new Map([...ORIGINAL].map(([raceId, list]) => [raceId, applyConsequences(list, raceId, consequences, blank)]));
  const score = scoreFleet({ fleet, races: [race(1), race(2), race(3)], entries, boats });
  return Object.fromEntries(score.standings.map((s) => [s.boatId, s.raceResults.map((r) => r.points)]).sort());
}

const BEFORE = { A: [1, 2, 2], B: [2, 1, 3], C: [3, 3, 1], D: [4, 6, 5], E: [5, 4, 4] };

test('no consequence: the scores as sailed', () => {
  assert.deepEqual(pointsAfter([]), BEFORE);
});

test('DSQ: the boat scores entries + 1 = 6 and the boats behind her move up a place (A6.1)', () => {
  // R1 without B: A 1, C 2, D 3, E 4; B DSQ 6.
  assert.deepEqual(pointsAfter([{ boatId: 'B', raceId: 'r1', action: 'dsq' }]), { ...BEFORE, B: [6, 1, 3], C: [2, 3, 1], D: [3, 6, 5], E: [4, 4, 4] });
});

test('DNE scores like DSQ (6, others move up) and is stored as DNE', () => {
  const entries = applyConsequences(ORIGINAL.get('r3')!, 'r3', [{ boatId: 'C', raceId: 'r3', action: 'dne' }], blank);
  assert.deepEqual([entries[0]!.status, entries[0]!.code], ['dsq', 'DNE']);
  // R3 without C: A 1, B 2, E 3, D 4.
  assert.deepEqual(pointsAfter([{ boatId: 'C', raceId: 'r3', action: 'dne' }]), { ...BEFORE, A: [1, 2, 1], B: [2, 1, 2], C: [3, 3, 6], D: [4, 6, 4], E: [5, 4, 3] });
});

test('DPI: stated points added to her place, nobody else moves (44.3(c))', () => {
  // B 2nd in R1 + 3 = 5; C stays 3, D 4, E 5.
  assert.deepEqual(pointsAfter([{ boatId: 'B', raceId: 'r1', action: 'dpi', points: 3 }]), { ...BEFORE, B: [5, 1, 3] });
});

test('DPI is capped at the DNF score (entries + 1 = 6)', () => {
  // D 4th in R1 + 5 = 9 → capped at 6; E 5th + 2.5 = 7.5 → 6.
  assert.deepEqual(
    pointsAfter([
      { boatId: 'D', raceId: 'r1', action: 'dpi', points: 5 },
      { boatId: 'E', raceId: 'r1', action: 'dpi', points: 2.5 },
    ]),
    { ...BEFORE, D: [6, 6, 5], E: [6, 4, 4] },
  );
});

test('SCP: 20% of the DNF score added to her place (the engine keeps tenths, as Sailwave); others keep theirs', () => {
  // A 2nd in R2 + 20% × 6 = 1.2 → 3.2.
  assert.deepEqual(pointsAfter([{ boatId: 'A', raceId: 'r2', action: 'scp' }]), { ...BEFORE, A: [1, 3.2, 2] });
  // 50% of 6 = 3: A 2nd in R2 → 5; 80%: 2 + 4.8 = 6.8 → capped at the DNF score 6.
  assert.deepEqual(pointsAfter([{ boatId: 'A', raceId: 'r2', action: 'scp', percent: 50 }]), { ...BEFORE, A: [1, 5, 2] });
  assert.deepEqual(pointsAfter([{ boatId: 'A', raceId: 'r2', action: 'scp', percent: 80 }]), { ...BEFORE, A: [1, 6, 2] });
});

test('RDG A9(a): average of her points in all the other races, to a tenth; nobody else moves', () => {
  // D in R2 (DNF): (4 + 5) / 2 = 4.5.
  assert.deepEqual(pointsAfter([{ boatId: 'D', raceId: 'r2', action: 'rdg', method: 'average_all' }]), { ...BEFORE, D: [4, 4.5, 5] });
  // The default method is A9(a) too.
  assert.deepEqual(pointsAfter([{ boatId: 'D', raceId: 'r2', action: 'rdg' }]), { ...BEFORE, D: [4, 4.5, 5] });
});

test('RDG A9(b): average of her points in the races before the race in question', () => {
  // D in R2: races before = R1 only → 4.
  assert.deepEqual(pointsAfter([{ boatId: 'D', raceId: 'r2', action: 'rdg', method: 'average_before' }]), { ...BEFORE, D: [4, 4, 5] });
  // E in R3: (5 + 4) / 2 = 4.5; she finished 4th in R3 and keeps the place, so D stays 5th (A6.2).
  assert.deepEqual(pointsAfter([{ boatId: 'E', raceId: 'r3', action: 'rdg', method: 'average_before' }]), { ...BEFORE, E: [5, 4, 4.5] });
});

test('RDG A9(c): the points stated', () => {
  assert.deepEqual(pointsAfter([{ boatId: 'D', raceId: 'r2', action: 'rdg', method: 'points', points: 3 }]), { ...BEFORE, D: [4, 3, 5] });
});

test('a scoring inquiry correction: D was recorded DNF in R2 but finished 4th, behind C', () => {
  const corrected = pointsAfter([{ boatId: 'D', raceId: 'r2', action: 'correct', status: 'finished', finishTime: at(62.5) }]);
  // R2: B 1, A 2, C 3, D 4, E 5.
  assert.deepEqual(corrected, { ...BEFORE, D: [4, 4, 5], E: [5, 5, 4] });
});

test('a boat without an entry gets one (she scored DNC) before the consequence', () => {
  const entries = applyConsequences(finishers(['A', 'B']), 'r1', [{ boatId: 'C', raceId: 'r1', action: 'rdg', method: 'points', points: 2 }], blank);
  assert.deepEqual(entries.map((e) => [e.boatId, e.seq, e.status, e.code, e.redressMethod, e.redressPoints]), [
    ['A', 0, 'finished', null, null, null],
    ['B', 1, 'finished', null, null, null],
    ['C', 2, 'dnc', 'RDG', 'points', 2],
  ]);
});

test('consequences for other races leave this race alone; the input is not changed', () => {
  const r1 = ORIGINAL.get('r1')!;
  const copy = structuredClone(r1);
  assert.deepEqual(applyConsequences(r1, 'r1', [{ boatId: 'B', raceId: 'r2', action: 'dsq' }], blank), r1);
  applyConsequences(r1, 'r1', [{ boatId: 'B', raceId: 'r1', action: 'dsq' }], blank);
  assert.deepEqual(r1, copy);
});

test('refusals: DPI without points or on a non-finisher, A9(c) without points, a code of the wrong status', () => {
  const r2 = ORIGINAL.get('r2')!;
  const refused = (c: Omit<Consequence, 'raceId'>) => assert.throws(() => applyConsequences(r2, 'r2', [{ ...c, raceId: 'r2' }], blank), ConsequenceError);
  refused({ boatId: 'A', action: 'dpi' });
  refused({ boatId: 'D', action: 'dpi', points: 2 });
  refused({ boatId: 'D', action: 'rdg', method: 'points' });
  refused({ boatId: 'A', action: 'correct', status: 'dns', code: 'dsq' });
  refused({ boatId: 'A', action: 'correct', status: 'finished', code: 'rdg' });
});

test('a new finish sheet keeps the decisions in force: penalties and redress stand, a correction is superseded, a moot DPI is left out', () => {
  const scored = (entries: Map<string, StoredEntry[]>) => {
    const score = scoreFleet({ fleet, races: [race(1), race(2), race(3)], entries, boats });
    return Object.fromEntries(score.standings.map((s) => [s.boatId, s.raceResults.map((r) => r.points)]).sort());
  };
  const decisions = [
    // Protest 1: B disqualified in R1. Protest 2: D 2 points (DPI) in R1. Protest 3: a scoring inquiry put E's R1 finish right.
    { decisionId: 'd1', consequences: [{ boatId: 'B', raceId: 'r1', action: 'dsq' } as Consequence] },
    { decisionId: 'd2', consequences: [{ boatId: 'D', raceId: 'r1', action: 'dpi', points: 2 } as Consequence, { boatId: 'A', raceId: 'r2', action: 'dsq' } as Consequence] },
    { decisionId: 'd3', consequences: [{ boatId: 'E', raceId: 'r1', action: 'correct', status: 'dnf', code: 'RET' } as Consequence] },
  ];
  // The scorer re-enters R1 from a corrected finish sheet: B, A, D, C, E (D and C swapped).
  const sheet = finishers(['B', 'A', 'D', 'C', 'E']);
  const kept = reapplyDecisions(sheet, 'r1', decisions, blank);
  // d1 and d2 stand on R1 (d2's R2 consequence is not this race's); d3 was a correction of the record: superseded.
  assert.deepEqual(kept.applied, ['d1', 'd2']);
  // R1 with B out of the order (A6.1): A 1, D 2 + DPI 2 = 4, C 3, E 4, B DSQ 6.
  assert.deepEqual(scored(new Map([...ORIGINAL, ['r1', kept.entries]])), { ...BEFORE, A: [1, 2, 2], B: [6, 1, 3], C: [3, 3, 1], D: [4, 6, 5], E: [4, 4, 4] });
  // A sheet on which D did not finish makes her DPI moot (she scores DNF, 6): it is left out, B's DSQ stays.
  const dnf = [...finishers(['A', 'B', 'C', 'E']), { ...blank('D', 4), status: 'dnf' as const, code: 'DNF' }];
  const moot = reapplyDecisions(dnf, 'r1', decisions, blank);
  assert.deepEqual(moot.applied, ['d1']);
  assert.deepEqual(scored(new Map([...ORIGINAL, ['r1', moot.entries]])).D, [6, 6, 5]);
  assert.deepEqual(scored(new Map([...ORIGINAL, ['r1', moot.entries]])).B, [6, 1, 3]);
  // A reopened hearing (rule 66) that set B's score right ends protest 1's DSQ: a new sheet scores her as sailed.
  const reopened = [...decisions, { decisionId: 'd4', consequences: [{ boatId: 'B', raceId: 'r1', action: 'correct', status: 'finished' } as Consequence] }];
  const afterReopening = reapplyDecisions(sheet, 'r1', reopened, blank);
  assert.deepEqual(afterReopening.applied, ['d2']);
  // R1: B 1, A 2, D 3 + DPI 2 = 5, C 4, E 5.
  assert.deepEqual(scored(new Map([...ORIGINAL, ['r1', afterReopening.entries]])), { ...BEFORE, A: [2, 2, 2], B: [1, 1, 3], C: [4, 3, 1], D: [5, 6, 5], E: [5, 4, 4] });
  // No decision on the race: the sheet as entered.
  assert.deepEqual(reapplyDecisions(sheet, 'r3', decisions, blank), { entries: sheet, applied: [] });
});

test('a penalty given in the same decision after a correction stands on a new finish sheet (only what came before the correction ends)', () => {
  // Scoring inquiry and protest heard together: D did finish R2 (4th, not DNF) and takes a 1-point DPI.
  const decisions = [
    {
      decisionId: 'd1',
      consequences: [
        { boatId: 'D', raceId: 'r2', action: 'correct', status: 'finished', finishTime: at(62.5) } as Consequence,
        { boatId: 'D', raceId: 'r2', action: 'dpi', points: 1 } as Consequence,
      ],
    },
  ];
  // R2 as decided: B 1, A 2, C 3, D 4 + DPI 1 = 5, E 5 (D finished at 62.5 min, between C's 62 and E's 63).
  const decided = applyConsequences(ORIGINAL.get('r2')!, 'r2', decisions[0]!.consequences, blank);
  const score = (r2: StoredEntry[]) =>
    Object.fromEntries(scoreFleet({ fleet, races: [race(1), race(2), race(3)], entries: new Map([...ORIGINAL, ['r2', r2]]), boats }).standings.map((s) => [s.boatId, s.raceResults[1]!.points]));
  assert.deepEqual(score(decided), { A: 2, B: 1, C: 3, D: 5, E: 5 });
  // The scorer re-enters R2 with D's finish on the sheet (B, A, C, D, E): the correction is superseded
  // by the sheet, the DPI that followed it is kept. D 4 + 1 = 5; E 5.
  const sheet = finishers(['B', 'A', 'C', 'D', 'E']);
  const kept = reapplyDecisions(sheet, 'r2', decisions, blank);
  assert.deepEqual(kept.applied, ['d1']);
  assert.deepEqual(score(kept.entries), { A: 2, B: 1, C: 3, D: 5, E: 5 });
  // A DPI given before the correction, in the same decision, ends with it.
  const before = [{ decisionId: 'd1', consequences: [decisions[0]!.consequences[1]!, decisions[0]!.consequences[0]!] }];
  assert.deepEqual(reapplyDecisions(sheet, 'r2', before, blank).applied, []);
});

test('penalties for separate incidents add up: a DPI or SCP on a boat with a ZFP keeps the ZFP (a decision never lowers a score)', () => {
  // R1: A 1st with a ZFP from the start (20% × 6 = 1.2): 2.2.
  const r1 = ORIGINAL.get('r1')!.map((e) => (e.boatId === 'A' ? { ...e, code: 'ZFP' } : e));
  const score = (entries: StoredEntry[]) => {
    const standings = scoreFleet({ fleet, races: [race(1), race(2), race(3)], entries: new Map([...ORIGINAL, ['r1', entries]]), boats }).standings;
    return Object.fromEntries(standings.map((s) => [s.boatId, s.raceResults[0]!.points]));
  };
  assert.equal(score(r1)['A'], 2.2);
  // DPI 0.5 from a hearing: 1 + 1.2 + 0.5 = 2.7 (not 1.5, which would reward her).
  const dpi = applyConsequences(r1, 'r1', [{ boatId: 'A', raceId: 'r1', action: 'dpi', points: 0.5 }], blank);
  assert.deepEqual(score(dpi), { A: 2.7, B: 2, C: 3, D: 4, E: 5 });
  // SCP 30% on top of the ZFP: 20% + 30% = 50% of 6 = 3: 1 + 3 = 4.
  const scp = applyConsequences(r1, 'r1', [{ boatId: 'A', raceId: 'r1', action: 'scp', percent: 30 }], blank);
  assert.equal(score(scp)['A'], 4);
  // Two DPIs add (2 + 1.5 = 3.5): D 4th → 4 + 3.5 = 7.5 → capped at DNF 6; B 2nd → 2 + 3.5 = 5.5.
  const twice = applyConsequences(ORIGINAL.get('r1')!, 'r1', [
    { boatId: 'B', raceId: 'r1', action: 'dpi', points: 2 },
    { boatId: 'B', raceId: 'r1', action: 'dpi', points: 1.5 },
    { boatId: 'D', raceId: 'r1', action: 'dpi', points: 2 },
    { boatId: 'D', raceId: 'r1', action: 'dpi', points: 1.5 },
  ], blank);
  assert.deepEqual(score(twice), { A: 1, B: 5.5, C: 3, D: 6, E: 5 });
  // A DPI then an SCP 20%: C 3rd → 3 + 1 + 1.2 = 5.2.
  const both = applyConsequences(ORIGINAL.get('r1')!, 'r1', [
    { boatId: 'C', raceId: 'r1', action: 'dpi', points: 1 },
    { boatId: 'C', raceId: 'r1', action: 'scp' },
  ], blank);
  assert.equal(score(both)['C'], 5.2);
});
