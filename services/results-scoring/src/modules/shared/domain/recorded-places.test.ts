/**
 * A race scored on the places entered (race-entries.ts `recordedPlace`: a Sailwave one-design race's
 * places, stored as places and not as invented finish times): equal places are a tie (A7), the order
 * the entries were listed in does not matter, a disqualified boat's place goes and the boats behind
 * move up, a redress without a place is not placed, and a sheet without places still ranks on the
 * order listed. Worked numbers, low point, four boats.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scoreFleet, type RaceInfo } from './fleet-scoring.js';
import type { FleetSetup } from './fleet-setup.js';
import { raceEntriesOf, type StoredEntry } from './race-entries.js';

const race: RaceInfo = { id: 'r1', number: 1, name: 'Race 1', weight: 1, mustCount: false, discardFirst: false, distanceNm: null, status: 'finished', actualStart: null, hasResults: true };
const fleet: FleetSetup = { id: 'f', name: 'ILCA 7', scoringSystem: 'low_point', dropRaces: 0, handicapSystem: 'one_design', handicapParams: {}, penaltyBasis: 'series_entries', discardThresholds: [] };
const boats = ['A', 'B', 'C', 'D'].map((boatId) => ({ boatId, name: boatId, sailNumber: null, sailorName: null, userId: null, ratings: {} }));
const placed = (boatId: string, seq: number, recordedPlace: number | null, extra: Partial<StoredEntry> = {}): StoredEntry => ({
  boatId, seq, status: 'finished', code: null, finishTime: null, penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null, recordedPlace, ...extra,
});

/** Each boat's race points, in boat order A to D. */
function points(entries: StoredEntry[]): Record<string, number | null> {
  const scored = scoreFleet({ fleet, races: [race], entries: new Map([['r1', entries]]), boats });
  return Object.fromEntries(['A', 'B', 'C', 'D'].map((id) => [id, scored.standings.find((s) => s.boatId === id)!.raceResults[0]!.points]));
}

test('places 1, 2, 2, 4 listed in any order: B and C tie for 2nd, (2 + 3) / 2 = 2.5 each, D 4', () => {
  const entries = [placed('D', 0, 4), placed('C', 1, 2), placed('B', 2, 2), placed('A', 3, 1)];
  assert.deepEqual(points(entries), { A: 1, B: 2.5, C: 2.5, D: 4 });
  // The engine is told of the tie: positions 1, 2, 3 (tied with 2), 4 by place, then listed order.
  const engine = raceEntriesOf(fleet, race, entries);
  assert.deepEqual(
    engine.map((e) => [e.boatId, e.position, e.tiedWithPrevious ?? false]),
    [['D', 4, false], ['C', 2, false], ['B', 3, true], ['A', 1, false]],
  );
});

test('places 1, 2, 2, 3 (a tie counted as one place) score the same: the place after a tie is taken', () => {
  assert.deepEqual(points([placed('A', 0, 1), placed('B', 1, 2), placed('C', 2, 2), placed('D', 3, 3)]), { A: 1, B: 2.5, C: 2.5, D: 4 });
});

test('a disqualified boat leaves her place and the boats behind move up: B DSQ → A 1, C 2, D 3, B 5 (4 boats + 1)', () => {
  assert.deepEqual(points([placed('A', 0, 1), placed('B', 1, 2, { status: 'dsq', code: 'DSQ' }), placed('C', 2, 3), placed('D', 3, 4)]), { A: 1, B: 5, C: 2, D: 3 });
});

test('redress without a place is not placed: A 1, C 2, D 3, and B her stated 2.5 points', () => {
  const rdg = placed('B', 1, null, { code: 'RDG', redressMethod: 'points', redressPoints: 2.5 });
  assert.deepEqual(points([placed('A', 0, 1), rdg, placed('C', 2, 2), placed('D', 3, 3)]), { A: 1, B: 2.5, C: 2, D: 3 });
});

test('a place-only sheet without places (the desk) still ranks on the order listed: C, A, D, B → C 1, A 2, D 3, B 4', () => {
  assert.deepEqual(points([placed('C', 0, null), placed('A', 1, null), placed('D', 2, null), placed('B', 3, null)]), { A: 2, B: 4, C: 1, D: 3 });
});
