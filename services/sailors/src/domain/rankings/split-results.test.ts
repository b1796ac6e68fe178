/**
 * A split series in a ranking (docs/rankings.md, "Split series"): qualifying fleet Q with P1–P4 (P1,
 * P2, P3, P4), split into Gold (P2 1st, P1 2nd) and Silver (P4 1st, P3 2nd). The series' overall
 * standings are P2, P1, P4, P3 (gold above silver). Linear place points: 100 × (N − P + 1) / N.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeRanking, type RankingInput, type RankingResultInput } from './compute.js';
import { withSplitStandings, type SplitOverall } from './split-results.js';

const date = new Date('2026-06-10T00:00:00Z');
const asOf = new Date('2026-11-24T12:00:00Z');

function result(sailor: string, fleet: string, place: number, fleetSize: number, classId: string | null = null, eventId = 'S'): RankingResultInput {
  return { sailorId: sailor, sailorName: sailor, eventId, eventSlug: eventId.toLowerCase(), eventName: `Regatta ${eventId}`, startDate: date, endDate: date, fleetId: `${eventId}-${fleet}`, fleetName: fleet, classId, place, fleetSize };
}

// standings.updated of each fleet of the series.
const fleetStandings = [
  ...['P1', 'P2', 'P3', 'P4'].map((name, index) => result(name, 'Q', index + 1, 4, 'ILCA 7')),
  ...['P2', 'P1'].map((name, index) => result(name, 'Gold', index + 1, 2)),
  ...['P4', 'P3'].map((name, index) => result(name, 'Silver', index + 1, 2)),
];
// split.standings.updated: overall rank of 4 boats, in the boat's qualifying fleet (its class).
const overall: SplitOverall = {
  eventId: 'S',
  fleetIds: ['S-Q', 'S-Gold', 'S-Silver'],
  split: true,
  results: ['P2', 'P1', 'P4', 'P3'].map((name, index) => result(name, 'Q', index + 1, 4, 'ILCA 7')),
};

function rank(results: readonly RankingResultInput[], overrides: Partial<RankingInput> = {}) {
  const entries = computeRanking({
    formula: { kind: 'all', placePoints: 'linear', windowMonths: 12 },
    filters: {},
    factors: new Map(),
    defaultFactor: 1,
    results,
    sailors: new Map(),
    asOf,
    ...overrides,
  });
  return entries.map((entry) => [entry.rank, entry.sailorId, entry.points, entry.results.map((r) => `${r.fleetName} ${r.place}/${r.fleetSize}`).join()]);
}

test('the fleets of a split series taken as final places: the silver winner ranks with the gold winner (the bug)', () => {
  // P1 keeps Q 1/4 = 100 (better than Gold 2/2 = 50); P2 Gold 1/2 = 100; P4 Silver 1/2 = 100; P3 Q 3/4 = 50.
  assert.deepEqual(rank(fleetStandings).map(([r, s, p]) => [r, s, p]), [
    [1, 'P1', 100],
    [1, 'P2', 100],
    [1, 'P4', 100],
    [4, 'P3', 50],
  ]);
});

test('split: the overall standings are the result, P2, P1, P4, P3 → 100, 75, 50, 25', () => {
  // 100 × (4 − 1 + 1) / 4 = 100; (4 − 2 + 1) / 4 = 75; 50; 25.
  assert.deepEqual(rank(withSplitStandings(fleetStandings, [overall])), [
    [1, 'P2', 100, 'Q 1/4'],
    [2, 'P1', 75, 'Q 2/4'],
    [3, 'P4', 50, 'Q 3/4'],
    [4, 'P3', 25, 'Q 4/4'],
  ]);
});

test("the class of an overall result is the qualifying fleet's", () => {
  const results = withSplitStandings(fleetStandings, [overall]);
  assert.deepEqual(rank(results, { filters: { class: 'ilca 7' } }).map(([r, s, p]) => [r, s, p]), [
    [1, 'P2', 100],
    [2, 'P1', 75],
    [3, 'P4', 50],
    [4, 'P3', 25],
  ]);
  assert.deepEqual(rank(results, { filters: { class: 'Gold' } }), []);
});

test('before the final split (or a series never split) the fleets count as ordinary fleets', () => {
  const qualifyingOnly = fleetStandings.filter((r) => r.fleetId === 'S-Q');
  const notSplit: SplitOverall = { ...overall, split: false, results: qualifyingOnly };
  assert.deepEqual(withSplitStandings(qualifyingOnly, [notSplit]), qualifyingOnly);
  assert.deepEqual(rank(withSplitStandings(qualifyingOnly, [notSplit])).map(([r, s, p]) => [r, s, p]), [
    [1, 'P1', 100],
    [2, 'P2', 75],
    [3, 'P3', 50],
    [4, 'P4', 25],
  ]);
});

test('fleets outside the series and regattas without one keep their standings', () => {
  // The same regatta's ILCA 6 fleet (P3 1st of 2 = 100, better than her 25 in the series) and regatta T.
  const other = [result('P3', 'ILCA 6', 1, 2, 'ILCA 6'), result('Eve', 'ILCA 6', 2, 2, 'ILCA 6'), result('P4', 'Q', 1, 3, null, 'T')];
  assert.deepEqual(rank(withSplitStandings([...fleetStandings, ...other], [overall])), [
    [1, 'P4', 150, 'Q 1/3,Q 3/4'],
    [2, 'P2', 100, 'Q 1/4'],
    [2, 'P3', 100, 'ILCA 6 1/2'],
    [4, 'P1', 75, 'Q 2/4'],
    [5, 'Eve', 50, 'ILCA 6 2/2'],
  ]);
});
