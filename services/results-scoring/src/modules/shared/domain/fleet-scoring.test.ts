/**
 * The adapters between stored submissions and the scoring engine (fleet set-up, race entries, fleet
 * scoring, multi-event series, result codes), with numbers worked by hand. (Pure: needs no running stack.)
 * Moved from test/scoring-adapter.test.ts with the code it tests.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatDuration } from '@regatta/contracts';
import { scoreFleet, type BoatInfo, type RaceInfo, type StandingEntrySnapshot } from './fleet-scoring.js';
import { discardScheduleOf, ratingFor, type FleetSetup } from './fleet-setup.js';
import { combineSeries, seriesRuleOf } from '../../series/domain/multi-event-series.js';
import type { StoredEntry } from './race-entries.js';
import { codeAllowed, effectiveCode } from './result-codes.js';

const START = new Date('2025-06-01T12:00:00Z');
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);

function race(number: number, extra: Partial<RaceInfo> = {}): RaceInfo {
  return { id: `r${number}`, number, name: `Race ${number}`, weight: 1, mustCount: false, discardFirst: false, distanceNm: null, status: 'finished', actualStart: START, hasResults: true, ...extra };
}

let seq = 0;
function fin(boatId: string, elapsed: number, extra: Partial<StoredEntry> = {}): StoredEntry {
  return { boatId, seq: seq++, status: 'finished', code: null, finishTime: at(elapsed), penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null, ...extra };
}
function out(boatId: string, status: StoredEntry['status'], code: string): StoredEntry {
  return { boatId, seq: seq++, status, code, finishTime: null, penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null };
}
const boat = (boatId: string, ratings: Record<string, number> = {}): BoatInfo => ({ boatId, name: `Boat ${boatId}`, sailNumber: `S-${boatId}`, sailorName: `Skipper ${boatId}`, userId: null, ratings });

const pointsOf = (standings: StandingEntrySnapshot[], boatId: string) => standings.find((s) => s.boatId === boatId)!.raceResults.map((r) => r.points);

test('handicap fleet (IRC): corrected-time places, ZFP, OCS, DNF, one discard from 3 races, A8.2 tie-break', () => {
  const fleet: FleetSetup = { id: 'f-irc', name: 'IRC', scoringSystem: 'low_point', dropRaces: 0, handicapSystem: 'irc', handicapParams: {}, penaltyBasis: 'series_entries', discardThresholds: [3] };
  const boats = [boat('H1', { irc: 1.0 }), boat('H2', { irc: 1.1 }), boat('H3', { irc: 0.95 }), boat('H4', { irc: 1.05 })];
  const entries = new Map<string, StoredEntry[]>([
    // R1 corrected: H1 3600, H2 3630, H3 3610, H4 3570 → H4 1, H1 2, H3 3, H2 4
    ['r1', [fin('H1', 3600), fin('H2', 3300), fin('H3', 3800), fin('H4', 3400)]],
    // R2: H3 3650 × 0.95 = 3467.5 → 3468 (1st, ZFP: 1 + 20% × 5 = 2.0), H1 3500 (2), H2 3520 (3), H4 DNF 5
    ['r2', [fin('H1', 3500), fin('H2', 3200), fin('H3', 3650, { code: 'ZFP' }), out('H4', 'dnf', 'DNF')]],
    // R3: H1 OCS 5; H4 3450 × 1.05 = 3622.5 → 3623 (1), H2 3630 (2), H3 3657.5 → 3658 (3)
    ['r3', [out('H1', 'dns', 'OCS'), fin('H2', 3300), fin('H3', 3850), fin('H4', 3450)]],
  ]);
  const score = scoreFleet({ fleet, races: [race(1), race(2), race(3)], entries, boats });
  assert.equal(score.appliedDrops, 1);
  assert.equal(score.drops, 1);
  assert.equal(score.racesCompleted, 3);
  assert.deepEqual(pointsOf(score.standings, 'H1'), [2, 2, 5]);
  assert.deepEqual(pointsOf(score.standings, 'H2'), [4, 3, 2]);
  assert.deepEqual(pointsOf(score.standings, 'H3'), [3, 2, 3]);
  assert.deepEqual(pointsOf(score.standings, 'H4'), [1, 5, 1]);
  // Nets: H4 7-5 = 2, H1 9-5 = 4, H2 9-4 = 5, H3 8-3 = 5; H2/H3 equal on A8.1 ([2,3] both), A8.2 last race 2 < 3.
  assert.deepEqual(
    score.standings.map((s) => [s.boatId, s.position, s.totalPoints, s.netPoints]),
    [
      ['H4', 1, 7, 2],
      ['H1', 2, 9, 4],
      ['H2', 3, 9, 5],
      ['H3', 4, 8, 5],
    ],
  );
  // H3's two 3s: the earlier (race 1) is the one dropped.
  assert.deepEqual(score.standings.find((s) => s.boatId === 'H3')!.raceResults.map((r) => r.dropped), [true, false, false]);
  const r2 = score.results.get('r2')!;
  assert.deepEqual(r2.get('H3'), { position: 1, elapsedSeconds: 3650, correctedSeconds: 3468, points: 2, rating: 0.95 });
  assert.deepEqual(r2.get('H4'), { position: null, elapsedSeconds: null, correctedSeconds: null, points: 5, rating: 1.05 });
  assert.equal(score.results.get('r3')!.get('H4')!.correctedSeconds, 3623);
  assert.equal(formatDuration(3623), '01:00:23');
});

test('one-design fleet: order of finish times, DSQ, SCP 30%, DNF, dropRaces 1, ties decided by A8.1', () => {
  const fleet: FleetSetup = { id: 'f-od', name: 'Lasers', scoringSystem: 'low_point', dropRaces: 1, handicapSystem: 'one_design', handicapParams: {}, penaltyBasis: 'series_entries', discardThresholds: [] };
  const boats = ['L1', 'L2', 'L3', 'L4', 'L5'].map((id) => boat(id));
  const entries = new Map<string, StoredEntry[]>([
    // Submitted out of order: places come from the finish times.
    ['r1', [fin('L3', 1830), fin('L1', 1800), fin('L2', 1815), fin('L5', 1900), fin('L4', 1850)]],
    // L3 1, L2 2, L1 3, L5 4 + 30% × 6 = 5.8, L4 DSQ 6
    ['r2', [fin('L3', 1700), fin('L2', 1710), fin('L1', 1720), out('L4', 'dsq', 'DSQ'), fin('L5', 1760, { code: 'SCP', penaltyPercent: 30 })]],
    // L3 1, L5 2, L4 3, L1 4, L2 DNF 6
    ['r3', [fin('L3', 1600), fin('L5', 1610), fin('L4', 1620), fin('L1', 1630), out('L2', 'dnf', 'DNF')]],
  ]);
  const score = scoreFleet({ fleet, races: [race(1), race(2), race(3)], entries, boats });
  assert.deepEqual(pointsOf(score.standings, 'L5'), [5, 5.8, 2]);
  assert.deepEqual(
    score.standings.map((s) => [s.boatId, s.position, s.totalPoints, s.netPoints]),
    [
      ['L3', 1, 5, 2],
      ['L1', 2, 8, 4], // kept [1, 3] beats L2's [2, 2] (A8.1)
      ['L2', 3, 10, 4],
      ['L5', 4, 12.8, 7], // kept [2, 5] beats L4's [3, 4]
      ['L4', 5, 13, 7],
    ],
  );
  // One-design: corrected time is the elapsed time.
  assert.deepEqual(score.results.get('r1')!.get('L1'), { position: 1, elapsedSeconds: 1800, correctedSeconds: 1800, points: 1, rating: null });
  assert.equal(score.standings.find((s) => s.boatId === 'L2')!.racesCompleted, 3);
});

test('races that do not count yet are scored alone; abandoned races are struck', () => {
  const fleet: FleetSetup = { id: 'f', name: 'F', scoringSystem: 'low_point', dropRaces: 0, handicapSystem: 'one_design', handicapParams: {}, penaltyBasis: 'series_entries', discardThresholds: [] };
  const boats = ['A', 'B'].map((id) => boat(id));
  const entries = new Map<string, StoredEntry[]>([
    ['r1', [fin('A', 100), fin('B', 110)]],
    ['r2', [fin('B', 100), fin('A', 110)]],
    ['r3', [fin('B', 100)]],
  ]);
  const score = scoreFleet({ fleet, races: [race(1), race(2, { status: 'abandoned' }), race(3, { status: 'started' })], entries, boats });
  assert.equal(score.racesCompleted, 1);
  assert.deepEqual(pointsOf(score.standings, 'A'), [1]);
  assert.equal(score.results.get('r2')!.get('B')!.points, 0);
  // Race 3 (still started): B 1, A absent = DNC 3, provisional.
  assert.equal(score.results.get('r3')!.get('B')!.points, 1);
});

test('redress: A9(a) average of the other races, stated points', () => {
  const fleet: FleetSetup = { id: 'f', name: 'F', scoringSystem: 'low_point', dropRaces: 0, handicapSystem: 'one_design', handicapParams: {}, penaltyBasis: 'series_entries', discardThresholds: [] };
  const boats = ['A', 'B', 'C'].map((id) => boat(id));
  const entries = new Map<string, StoredEntry[]>([
    ['r1', [fin('B', 100), fin('A', 110), fin('C', 120)]], // A 2
    ['r2', [fin('A', 100), fin('B', 110), fin('C', 120)]], // A 1
    ['r3', [fin('B', 100), fin('C', 110), out('A', 'dnf', 'RDG')]], // A: average of her other scores (2 + 1 + 2.5) / 3 = 1.83 → 1.8
    ['r4', [fin('B', 100), fin('C', 110), { ...out('A', 'dns', 'RDG'), redressMethod: 'points', redressPoints: 2.5 }]],
  ]);
  entries.get('r3')![2]!.redressMethod = 'average_all';
  const score = scoreFleet({ fleet, races: [race(1), race(2), race(3), race(4)], entries, boats });
  assert.deepEqual(pointsOf(score.standings, 'A'), [2, 1, 1.8, 2.5]);
});

test('codes, ratings, discards, durations', () => {
  assert.equal(effectiveCode('dnf', null), 'DNF');
  assert.equal(effectiveCode('raf', undefined), 'RET');
  assert.equal(effectiveCode('finished', null), null);
  assert.equal(effectiveCode('finished', 'zfp'), 'ZFP');
  assert.equal(codeAllowed('dns', 'OCS'), true);
  assert.equal(codeAllowed('finished', 'dsq'), false);
  const phrf: FleetSetup = { id: 'f', name: 'F', scoringSystem: 'low_point', dropRaces: 2, handicapSystem: 'phrf_tot', handicapParams: { a: 650, b: 550 }, penaltyBasis: '', discardThresholds: [] };
  assert.equal(ratingFor(phrf, { PHRF: 132 }), 132);
  assert.equal(ratingFor(phrf, { irc: 1.02 }), undefined);
  assert.deepEqual(discardScheduleOf(phrf), { kind: 'fixed', count: 2 });
  assert.deepEqual(discardScheduleOf({ ...phrf, discardThresholds: [8, 4] }), {
    kind: 'thresholds',
    thresholds: [
      { minRaces: 4, discardCount: 1 },
      { minRaces: 8, discardCount: 2 },
    ],
  });
  assert.equal(formatDuration(3599.5), '01:00:00');
  assert.equal(formatDuration(90061), '25:01:01');
  assert.equal(formatDuration(null), null);
  assert.equal(seriesRuleOf('event_places'), 'event_places');
  assert.equal(seriesRuleOf('sum_of_net'), 'sum_of_net');
});

function entry(boatId: string, position: number, netPoints: number): StandingEntrySnapshot {
  return { position, boatId, userId: null, sailorName: null, boatName: boatId, sailNumber: null, totalPoints: netPoints, netPoints, racesCompleted: 1, raceResults: [] };
}
const eventFleet = (entries: StandingEntrySnapshot[], racesCompleted = 2, appliedDrops = 0) => ({ fleetName: 'Lasers', scoringSystem: 'low_point', boatsInFleet: entries.length, racesCompleted, appliedDrops, entries });

test('series, event places, best 2 of 3: absent boat scores competitors + 1; tie broken by the last event (A8.2)', () => {
  const events = [
    { eventId: 'a', slug: 'a', name: 'A', fleets: [eventFleet([entry('X', 1, 3), entry('Y', 2, 5), entry('Z', 3, 7)])] },
    { eventId: 'b', slug: 'b', name: 'B', fleets: [eventFleet([entry('Y', 1, 2), entry('X', 2, 4)])] },
    { eventId: 'c', slug: 'c', name: 'C', fleets: [eventFleet([entry('Z', 1, 2), entry('Y', 2, 4), entry('X', 3, 6)])] },
  ];
  const standings = combineSeries('event_places', 2, events);
  // X [1,2,3] drop 3 → 3; Y [2,1,2] drop the earlier 2 → 3; Z [3,4,1] drop 4 → 4. X/Y: A8.1 equal, last event Y 2 < X 3.
  assert.deepEqual(
    standings.map((s) => [s.boatId, s.position, s.totalPoints, s.netPoints]),
    [
      ['Y', 1, 5, 3],
      ['X', 2, 6, 3],
      ['Z', 3, 8, 4],
    ],
  );
  assert.deepEqual(standings.find((s) => s.boatId === 'Y')!.eventResults.map((c) => c.dropped), [true, false, false]);
  assert.deepEqual(standings.find((s) => s.boatId === 'Z')!.eventResults.map((c) => [c.points, c.absent]), [
    [3, false],
    [4, true],
    [1, false],
  ]);
});

test('series, sum of net: absent boat scores DNC in every counted race; tie broken by A8.1', () => {
  const events = [
    { eventId: 'a', slug: 'a', name: 'A', fleets: [eventFleet([entry('X', 1, 3), entry('Y', 2, 5), entry('Z', 3, 7)], 2, 0)] },
    { eventId: 'b', slug: 'b', name: 'B', fleets: [eventFleet([entry('Y', 1, 2), entry('X', 2, 4)], 3, 1)] },
  ];
  const standings = combineSeries('sum_of_net', null, events);
  // Z absent from B: (2 + 1) × (3 − 1) = 6 → 13. X 7 [3,4], Y 7 [2,5] → Y first (2 < 3).
  assert.deepEqual(
    standings.map((s) => [s.boatId, s.position, s.netPoints]),
    [
      ['Y', 1, 7],
      ['X', 2, 7],
      ['Z', 3, 13],
    ],
  );
});
