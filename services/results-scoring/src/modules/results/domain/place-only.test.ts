/**
 * Place-only races: a fleet ranked on the order of finish takes a sheet without finish times, and
 * places its finishers in the order listed (race-entries.ts isPlaceOnly); a sheet is all timed or all
 * untimed (submission.ts timingRefusal); a fleet on corrected time needs every time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scoreFleet, type RaceInfo } from '../../shared/domain/fleet-scoring.js';
import type { FleetSetup } from '../../shared/domain/fleet-setup.js';
import { isPlaceOnly, raceEntriesOf, type StoredEntry } from '../../shared/domain/race-entries.js';
import { entriesOf, timingRefusal, type SubmittedResult } from './submission.js';

const START = new Date('2026-06-01T12:00:00Z');
const race: RaceInfo = { id: 'r1', number: 1, name: 'Race 1', weight: 1, mustCount: false, discardFirst: false, distanceNm: null, status: 'finished', actualStart: START, hasResults: true };
const fleet = (handicapSystem = 'one_design', scoringSystem = 'low_point'): FleetSetup => ({
  id: 'f', name: 'ILCA 7', scoringSystem, dropRaces: 0, handicapSystem, handicapParams: {}, penaltyBasis: 'series_entries', discardThresholds: [],
});
const boats = ['A', 'B', 'C', 'D', 'E'].map((boatId) => ({ boatId, name: boatId, sailNumber: null, sailorName: null, userId: null, ratings: { py: 1000 } }));
const placed = (boatId: string, seq: number, extra: Partial<StoredEntry> = {}): StoredEntry => ({
  boatId, seq, status: 'finished', code: null, finishTime: null, penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null, ...extra,
});
const sheet = (...ids: string[]) => ids.map((id, i) => placed(id, i));
const scores = (entries: StoredEntry[], f = fleet()) => {
  const result = scoreFleet({ fleet: f, races: [race], entries: new Map([['r1', entries]]), boats }).results.get('r1')!;
  return Object.fromEntries([...result].map(([boat, r]) => [boat, [r.position, r.points, r.elapsedSeconds, r.correctedSeconds]]));
};

test('place-only one-design sheet C, A, E, B, D → points C1 A2 E3 B4 D5, no elapsed or corrected time', () => {
  assert.deepEqual(scores(sheet('C', 'A', 'E', 'B', 'D')), {
    C: [1, 1, null, null], A: [2, 2, null, null], E: [3, 3, null, null], B: [4, 4, null, null], D: [5, 5, null, null],
  });
});

test('place-only with B disqualified (a protest decision: status dsq, seq kept) → C1 A2 E3 D4, B DSQ = 5 entries + 1 = 6 (A5.2)', () => {
  const entries = sheet('C', 'A', 'E', 'B', 'D').map((e) => (e.boatId === 'B' ? { ...e, status: 'dsq' as const, code: 'DSQ' } : e));
  assert.deepEqual(scores(entries), {
    C: [1, 1, null, null], A: [2, 2, null, null], E: [3, 3, null, null], B: [null, 6, null, null], D: [4, 4, null, null],
  });
});

test('the listed order rules, not the stored order of the rows: rows given D, B, E, A, C with seq 4..0 → C1 A2 E3 B4 D5', () => {
  const entries = sheet('C', 'A', 'E', 'B', 'D').reverse();
  assert.deepEqual(raceEntriesOf(fleet(), race, entries).map((e) => [e.boatId, e.position]), [['C', 1], ['A', 2], ['E', 3], ['B', 4], ['D', 5]]);
});

test('a timed sheet still ranks on the times (listed C, A but A finished first → A1 C2)', () => {
  const entries = [placed('C', 0, { finishTime: new Date(START.getTime() + 700_000) }), placed('A', 1, { finishTime: new Date(START.getTime() + 600_000) })];
  assert.equal(isPlaceOnly(fleet(), entries), false);
  assert.deepEqual(raceEntriesOf(fleet(), race, entries).map((e) => [e.boatId, e.position, e.elapsedSeconds]), [['C', 2, 700], ['A', 1, 600]]);
});

test('isPlaceOnly: only a fleet without time correction, only with finishers and none timed', () => {
  assert.equal(isPlaceOnly(fleet(), sheet('A', 'B')), true);
  assert.equal(isPlaceOnly(fleet('one_design', 'pursuit'), sheet('A', 'B')), true);
  assert.equal(isPlaceOnly(fleet('portsmouth_rya'), sheet('A', 'B')), false);
  assert.equal(isPlaceOnly(fleet(), [placed('A', 0, { status: 'dnf', code: 'DNF' })]), false);
});

const finished = (boat: string, finishTime?: string): SubmittedResult => ({ boat, status: 'finished', ...(finishTime ? { finishTime } : {}) });

test('timingRefusal: a place-only sheet passes a one-design fleet and stores no times, in the listed order', () => {
  const submission = { results: [finished('C'), finished('A'), { boat: 'E', status: 'dnf' as const }] };
  assert.equal(timingRefusal(submission, null, fleet()), undefined);
  assert.deepEqual(entriesOf(submission).map((e) => [e.boatId, e.seq, e.finishTime]), [['C', 0, null], ['A', 1, null], ['E', 2, null]]);
});

test('timingRefusal: a mix of timed and untimed finishers is missing_finish_time naming the first untimed finisher', () => {
  const refusal = timingRefusal({ results: [finished('C', '2026-06-01T12:10:00Z'), finished('A'), finished('E')] }, START, fleet());
  assert.equal(refusal?.code, 'missing_finish_time');
  assert.deepEqual(refusal?.errors.map((e) => e.field), ['results.1.finishTime']);
});

test('timingRefusal: a fleet on corrected time (Portsmouth) needs every finisher timed, place-only or not', () => {
  const refusal = timingRefusal({ results: [finished('C'), finished('A')] }, START, fleet('portsmouth_rya'));
  assert.equal(refusal?.code, 'missing_finish_time');
  assert.deepEqual(refusal?.errors.map((e) => e.field), ['results.0.finishTime', 'results.1.finishTime']);
});
