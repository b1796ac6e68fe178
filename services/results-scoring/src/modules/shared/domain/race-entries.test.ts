/**
 * Redress without a method takes the fleet's current default when scored (race-entries.ts
 * redressMethodOf): changing the fleet's `redress.defaultMethod` after results re-scores it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scoreFleet, type RaceInfo } from './fleet-scoring.js';
import type { FleetSetup } from './fleet-setup.js';
import { raceEntriesOf, redressMethodOf, type StoredEntry } from './race-entries.js';

const START = new Date('2026-06-01T12:00:00Z');
const race = (number: number): RaceInfo => ({ id: `r${number}`, number, name: `Race ${number}`, weight: 1, mustCount: false, discardFirst: false, distanceNm: null, status: 'finished', actualStart: START, hasResults: true });
const entry = (boatId: string, seq: number, extra: Partial<StoredEntry> = {}): StoredEntry => ({
  boatId, seq, status: 'finished', code: null, finishTime: new Date(START.getTime() + (600 + seq * 10) * 1000), penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null, ...extra,
});
const order = (...ids: string[]) => ids.map((id, i) => entry(id, i));
const rdg = (boatId: string, seq: number, redressMethod: StoredEntry['redressMethod'] = null): StoredEntry => entry(boatId, seq, { status: 'dnf', code: 'RDG', finishTime: null, redressMethod });
const fleet = (defaultMethod?: 'average_all' | 'average_before'): FleetSetup => ({
  id: 'f', name: 'Lasers', scoringSystem: 'low_point', dropRaces: 0, handicapSystem: 'one_design', handicapParams: {}, penaltyBasis: 'series_entries', discardThresholds: [],
  ...(defaultMethod ? { options: { redress: { defaultMethod, excludeDnc: false } } } : {}),
});
const boats = ['A', 'B', 'C', 'D'].map((boatId) => ({ boatId, name: boatId, sailNumber: null, sailorName: null, userId: null, ratings: {} }));

test('redressMethodOf: the method given, else the fleet default, else A9(a)', () => {
  assert.equal(redressMethodOf(fleet('average_before'), { redressMethod: 'points' }), 'points');
  assert.equal(redressMethodOf(fleet('average_before'), { redressMethod: null }), 'average_before');
  assert.equal(redressMethodOf(fleet(), { redressMethod: null }), 'average_all');
  assert.deepEqual(raceEntriesOf(fleet('average_before'), race(2), [rdg('A', 0)])[0]!.redress, { method: 'races_before' });
});

test('RDG without a method follows the fleet default: R1 A 1st, R2 RDG, R3 A 3rd → A9(a) (1 + 3) / 2 = 2, after the switch A9(b) 1', () => {
  const entries = (aInR2: StoredEntry) =>
    new Map<string, StoredEntry[]>([
      ['r1', order('A', 'B', 'C', 'D')],
      ['r2', [...order('B', 'C', 'D'), aInR2]],
      ['r3', order('B', 'C', 'A', 'D')],
    ]);
  const pointsOfA = (f: FleetSetup, aInR2: StoredEntry) =>
    scoreFleet({ fleet: f, races: [race(1), race(2), race(3)], entries: entries(aInR2), boats }).standings.find((s) => s.boatId === 'A')!.raceResults.map((r) => r.points);
  assert.deepEqual(pointsOfA(fleet('average_all'), rdg('A', 3)), [1, 2, 3]);
  assert.deepEqual(pointsOfA(fleet('average_before'), rdg('A', 3)), [1, 1, 3]);
  // A method given with the redress is kept whatever the fleet's default.
  assert.deepEqual(pointsOfA(fleet('average_before'), rdg('A', 3, 'average_all')), [1, 2, 3]);
});
