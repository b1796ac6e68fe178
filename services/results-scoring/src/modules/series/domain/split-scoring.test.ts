import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignFleets, medalFleet, SplitAssignError } from './split-assign.js';
import { scoreSplit, sheetOf, type SplitRaceResults, type SplitResultRow } from './split-scoring.js';
import type { SplitSeriesDefinition } from './split-series-setup.js';

const definition: SplitSeriesDefinition = { qualifyingFleets: ['Y', 'B'], finalFleets: ['Gold', 'Silver'], carry: 'continuous', discardThresholds: [], maxFinalDiscards: null, medal: null };
const boats = ['y1', 'y2', 'y3', 'b1', 'b2', 'b3'];
const qualifying = { Y: ['y1', 'y2', 'y3'], B: ['b1', 'b2', 'b3'] };

/** "id" finishes; "id RDG" is average redress (A9(a)) for a boat that did not finish. */
function race(stage: SplitRaceResults['stage'], fleetId: string, number: number, order: string[]): SplitRaceResults {
  let place = 0;
  const rows: SplitResultRow[] = order.map((token) => {
    const [boatId, code] = token.split(' ');
    const rdg = code === 'RDG';
    return { boatId: boatId!, position: rdg ? null : ++place, code: code ?? null, penaltyPercent: null, penaltyPoints: null, redressMethod: rdg ? 'average_all' : null, redressPoints: null };
  });
  return { stage, fleetId, number, rows };
}

const qualifyingRaces = [
  race('qualifying', 'Y', 1, ['y1', 'y2', 'y3']),
  race('qualifying', 'B', 1, ['b1', 'b2', 'b3']),
  race('qualifying', 'Y', 2, ['y2', 'y1', 'y3']),
  race('qualifying', 'B', 2, ['b2', 'b3', 'b1 RDG']),
];

test('sheet tokens: finishers by place, penalties, redress points, codes last', () => {
  const rows: SplitResultRow[] = [
    { boatId: 'c', position: null, code: 'DNF', penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null },
    { boatId: 'b', position: 2, code: 'SCP', penaltyPercent: 30, penaltyPoints: null, redressMethod: null, redressPoints: null },
    { boatId: 'a', position: 1, code: 'DPI', penaltyPercent: null, penaltyPoints: 2, redressMethod: null, redressPoints: null },
    { boatId: 'd', position: null, code: 'RDG', penaltyPercent: null, penaltyPoints: null, redressMethod: 'average_all', redressPoints: null },
  ];
  assert.deepEqual(sheetOf(rows, new Map([['d', 2.5]])), ['a DPI 2', 'b SCP 30', 'c DNF', 'd RDG 2.5']);
});

test('qualifying only: A9(a) averages the qualifying races sailed so far; the ranking decides the split', () => {
  const { result, redress } = scoreSplit({ definition, boats, qualifying, final: null, medal: null, races: qualifyingRaces });
  // b1: Q1 1, Q2 redress = average of Q1 = 1.0 → 2. y1 1+2, y2 2+1, b2 2+1 = 3 each: A8.1 equal ([1, 2]),
  // A8.2 last race y2 1, b2 1, y1 2 → y1 last; y2 / b2 still tied → entry order. b3 3+2 = 5, y3 3+3 = 6.
  assert.deepEqual(redress, [{ stage: 'qualifying', race: 2, boatId: 'b1', points: 1 }]);
  assert.deepEqual(result.standings.map((s) => [s.boatId, s.net]), [['b1', 2], ['y2', 3], ['b2', 3], ['y1', 3], ['b3', 5], ['y3', 6]]);
});

test('A9(a) across the split: the average counts the races of both stages', () => {
  const ranking = ['b1', 'y2', 'b2', 'y1', 'b3', 'y3'];
  const final = assignFleets(ranking, ['Gold', 'Silver'], 'by_rank', []);
  assert.deepEqual(final, { Gold: ['b1', 'y2', 'b2'], Silver: ['y1', 'b3', 'y3'] });
  const races = [
    ...qualifyingRaces,
    race('final', 'Gold', 1, ['y2', 'b1', 'b2']),
    race('final', 'Silver', 1, ['y3', 'y1', 'b3']),
    race('final', 'Gold', 2, ['y2', 'b2', 'b1 RDG']),
    race('final', 'Silver', 2, ['y1', 'b3', 'y3']),
    race('final', 'Gold', 3, ['b2', 'b1', 'y2']),
    race('final', 'Silver', 3, ['y1', 'y3', 'b3']),
  ];
  const { result, redress } = scoreSplit({ definition, boats, qualifying, final, medal: null, races });
  // b1's other races: Q1 1, F1 2, F3 2 → 5 / 3 = 1.666… → 1.7 for Q2 and for F2 (each leaves out both redress races).
  assert.deepEqual(redress.map((r) => [r.stage, r.race, r.points]), [['qualifying', 2, 1.7], ['final', 2, 1.7]]);
  // Gold: y2 2+1+1+1+3 = 8, b1 1+1.7+2+1.7+2 = 8.4, b2 2+1+3+2+1 = 9. Silver below Gold whatever its
  // points: y1 1+2+2+1+1 = 7, y3 3+3+1+3+2 = 12, b3 3+2+3+2+3 = 13.
  assert.deepEqual(
    result.standings.map((s) => [s.boatId, s.rank, s.net, s.finalFleet]),
    [['y2', 1, 8, 'Gold'], ['b1', 2, 8.4, 'Gold'], ['b2', 3, 9, 'Gold'], ['y1', 4, 7, 'Silver'], ['y3', 5, 12, 'Silver'], ['b3', 6, 13, 'Silver']],
  );
  const b1 = result.standings.find((s) => s.boatId === 'b1')!;
  assert.deepEqual(b1.cells.map((c) => [c.stage, c.n, c.points, c.code]), [['qualifying', 1, 1, null], ['qualifying', 2, 1.7, 'RDG'], ['final', 1, 2, null], ['final', 2, 1.7, 'RDG'], ['final', 3, 2, null]]);
});

test('assignments: alternating, a redress promotion leaves unequal fleets, manual needs every boat', () => {
  const ranking = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  assert.deepEqual(assignFleets(ranking, ['G', 'S'], 'alternating', []), { G: ['a', 'd', 'e'], S: ['b', 'c', 'f', 'g'] });
  // By rank: 7 boats → 4 + 3; promoting f to Gold gives 5 + 2.
  assert.deepEqual(assignFleets(ranking, ['G', 'S'], 'by_rank', [{ boat: 'f', fleet: 'G' }]), { G: ['a', 'b', 'c', 'd', 'f'], S: ['e', 'g'] });
  assert.throws(() => assignFleets(ranking, ['G', 'S'], 'manual', [{ boat: 'a', fleet: 'G' }]), (e: unknown) => e instanceof SplitAssignError && e.code === 'validation_failed');
  assert.throws(() => assignFleets(ranking, ['G', 'S'], 'by_rank', [{ boat: 'a', fleet: 'X' }]), (e: unknown) => e instanceof SplitAssignError && e.code === 'unknown_fleet');
  assert.deepEqual(medalFleet(ranking, 3, 'M', 'by_rank', []), ['a', 'b', 'c']);
  assert.deepEqual(medalFleet(ranking, 3, 'M', 'manual', [{ boat: 'e', fleet: 'M' }, { boat: 'b', fleet: 'M' }]), ['b', 'e']);
});

test('penalties for separate incidents add up in split fleets too: a ZFP with a DPI, a DPI with an SCP', () => {
  const row = (boatId: string, position: number, code: string | null, penaltyPercent: number | null, penaltyPoints: number | null): SplitResultRow => ({
    boatId,
    position,
    code,
    penaltyPercent,
    penaltyPoints,
    redressMethod: null,
    redressPoints: null,
  });
  // Y race 1: y1 1st with a ZFP and a 1-point DPI from a hearing; y2 2nd with a DPI 0.5 and an SCP 20%; y3 3rd.
  const rows = [row('y1', 1, 'DPI', 20, 1), row('y2', 2, 'DPI', 20, 0.5), row('y3', 3, null, null, null)];
  assert.deepEqual(sheetOf(rows, new Map()), ['y1 DPI 1 +20', 'y2 DPI 0.5 +20', 'y3']);
  assert.deepEqual(sheetOf([row('z', 1, 'ZFP', null, 2)], new Map()), ['z ZFP 20 +2']);
  const races = [{ stage: 'qualifying' as const, fleetId: 'Y', number: 1, rows }, race('qualifying', 'B', 1, ['b1', 'b2', 'b3'])];
  const { result } = scoreSplit({ definition, boats, qualifying, final: null, medal: null, races });
  const points = Object.fromEntries(result.standings.map((s) => [s.boatId, s.cells[0]!.points]));
  // DNF score 4 (largest qualifying fleet 3 + 1): 20% = 0.8. y1 1 + 1 + 0.8 = 2.8; y2 2 + 0.5 + 0.8 = 3.3.
  assert.deepEqual([points['y1'], points['y2'], points['y3']], [2.8, 3.3, 3]);
});
