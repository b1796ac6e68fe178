/**
 * Protest decisions on a place-only race (one-design finishers listed without times, placed in the
 * order listed): the boats the decision does not touch keep their order.
 * Fleet: one design, low point, 5 boats, penalties score entries + 1 = 6 (A5.2). Listed C, A, E, B, D.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scoreFleet, type BoatInfo, type RaceInfo } from '../../shared/domain/fleet-scoring.js';
import type { FleetSetup } from '../../shared/domain/fleet-setup.js';
import type { StoredEntry } from '../../shared/domain/race-entries.js';
import { applyConsequences, type Consequence } from './consequence.js';

const fleet: FleetSetup = { id: 'f', name: 'ILCA 7', scoringSystem: 'low_point', dropRaces: 0, handicapSystem: 'one_design', handicapParams: {}, penaltyBasis: 'series_entries', discardThresholds: [] };
const boats: BoatInfo[] = ['A', 'B', 'C', 'D', 'E'].map((id) => ({ boatId: id, name: `Boat ${id}`, sailNumber: id, sailorName: null, userId: null, ratings: {} }));
const race: RaceInfo = { id: 'r1', number: 1, name: 'Race 1', weight: 1, mustCount: false, discardFirst: false, distanceNm: null, status: 'finished', actualStart: new Date('2025-06-01T12:00:00Z'), hasResults: true };
const blank = (boatId: string, seq: number): StoredEntry => ({ boatId, seq, status: 'dnc', code: 'DNC', finishTime: null, penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null });
const listed = ['C', 'A', 'E', 'B', 'D'].map((boatId, seq): StoredEntry => ({ ...blank(boatId, seq), status: 'finished', code: null }));

/** [place, points] per boat after the consequences. */
function after(consequences: Consequence[]): Record<string, [number | null, number | null]> {
  const entries = applyConsequences(listed, 'r1', consequences, blank);
  const result = scoreFleet({ fleet, races: [race], entries: new Map([['r1', entries]]), boats }).results.get('r1')!;
  return Object.fromEntries([...result].map(([boat, r]) => [boat, [r.position, r.points]]));
}

test('B disqualified: C1 A2 E3 D4, B DSQ 6', () => {
  assert.deepEqual(after([{ boatId: 'B', raceId: 'r1', action: 'dsq' }]), { C: [1, 1], A: [2, 2], E: [3, 3], B: [null, 6], D: [4, 4] });
});

test('A given an SCP 20 %: she keeps 2nd place, 2 + 20 % of 6 = 3.2; the others unchanged', () => {
  assert.deepEqual(after([{ boatId: 'A', raceId: 'r1', action: 'scp' }]), { C: [1, 1], A: [2, 3.2], E: [3, 3], B: [4, 4], D: [5, 5] });
});

test('a correction of a place-only finisher (code put right, no time) keeps her place', () => {
  const scp = [{ boatId: 'A', raceId: 'r1', action: 'scp' } as const];
  assert.deepEqual(after([...scp, { boatId: 'A', raceId: 'r1', action: 'correct', status: 'finished', code: null }]), { C: [1, 1], A: [2, 2], E: [3, 3], B: [4, 4], D: [5, 5] });
});
