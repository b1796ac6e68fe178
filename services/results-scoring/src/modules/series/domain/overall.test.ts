/**
 * The corrected-time overall across fleets (overall.ts), numbers worked by hand: each boat corrected
 * with her own fleet's race (course distance, rating in force), a fleet's abandoned race not merged,
 * and the merged race's weight, must-count and discard-first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BoatInfo, FleetScoringInput, RaceInfo } from '../../shared/domain/fleet-scoring.js';
import type { FleetSetup } from '../../shared/domain/fleet-setup.js';
import { overallRaces, scoreOverall, type OverallDefinition } from './overall.js';
import type { StoredEntry } from '../../shared/domain/race-entries.js';

const START = new Date('2026-06-01T12:00:00Z');
const race = (fleet: string, number: number, extra: Partial<RaceInfo> = {}): RaceInfo => ({
  id: `${fleet}${number}`, number, name: `Race ${number}`, weight: 1, mustCount: false, discardFirst: false, distanceNm: null, status: 'finished', actualStart: START, hasResults: true, ...extra,
});
let seq = 0;
const fin = (boatId: string, elapsed: number): StoredEntry => ({
  boatId, seq: seq++, status: 'finished', code: null, finishTime: new Date(START.getTime() + elapsed * 1000), penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null,
});
const boat = (boatId: string, ratings: Record<string, number>, extra: Partial<BoatInfo> = {}): BoatInfo => ({ boatId, name: boatId, sailNumber: null, sailorName: null, userId: null, ratings, ...extra });
const setup = (id: string, handicapSystem: string): FleetSetup => ({
  id, name: id, scoringSystem: 'low_point', dropRaces: 0, handicapSystem, handicapParams: {}, penaltyBasis: 'series_entries', discardThresholds: [],
});
const input = (fleet: FleetSetup, races: RaceInfo[], entries: Record<string, StoredEntry[]>, boats: BoatInfo[]): FleetScoringInput => ({
  fleet, races, entries: new Map(Object.entries(entries)), boats,
});
const definition = (fleetIds: string[], dropRaces = 0): OverallDefinition => ({ name: 'Overall', fleetIds, method: 'corrected_time', handicap: null, pointsFormula: 'net', dropRaces });
const rows = (result: ReturnType<typeof scoreOverall>) =>
  result.standings.map((s) => [s.boatId, s.position, s.netPoints, s.raceResults.map((c) => [c.race, c.points, c.correctedSeconds, c.rating ?? null])]);

test('time on distance: each boat corrected with her own fleet\'s course distance (5 nm and 10 nm)', () => {
  // Big, 5 nm: A (0 s/nm) 3600 → 3600; B (60 s/nm) 3800 − 60 × 5 = 3500.
  // Small, 10 nm: C (0) 7000 → 7000; D (60) 7300 − 60 × 10 = 6700 (on the big fleet's 5 nm it would be 7000).
  const big = input(setup('big', 'phrf_tod'), [race('big', 1, { distanceNm: 5 })], { big1: [fin('A', 3600), fin('B', 3800)] }, [boat('A', { phrf: 0 }), boat('B', { phrf: 60 })]);
  const small = input(setup('small', 'phrf_tod'), [race('small', 1, { distanceNm: 10 })], { small1: [fin('C', 7000), fin('D', 7300)] }, [boat('C', { phrf: 0 }), boat('D', { phrf: 60 })]);
  const result = scoreOverall(definition(['big', 'small']), [big, small]);
  assert.equal(result.handicapSystem, 'phrf_tod');
  // The rating shown is the boat's rating (s/nm), not the allowance.
  assert.deepEqual(rows(result), [
    ['B', 1, 1, [[1, 1, 3500, 60]]],
    ['A', 2, 2, [[1, 2, 3600, 0]]],
    ['D', 3, 3, [[1, 3, 6700, 60]]],
    ['C', 4, 4, [[1, 4, 7000, 0]]],
  ]);
});

test('time on distance: the rating in force in race N and race N\'s own distance (new certificate from race 2)', () => {
  // Big: race 1 5 nm, race 2 4 nm; B 60 s/nm, 45 from race 2. Small: race 1 10 nm, race 2 8 nm; D 60.
  // R1: A 3600, B 3800 − 300 = 3500, C 7000, D 7300 − 600 = 6700 → B 1, A 2, D 3, C 4.
  // R2: A 3000, B 3200 − 45 × 4 = 3020, C 2950, D 3400 − 60 × 8 = 2920 → D 1, C 2, A 3, B 4.
  const big = input(
    setup('big', 'phrf_tod'),
    [race('big', 1, { distanceNm: 5 }), race('big', 2, { distanceNm: 4 })],
    { big1: [fin('A', 3600), fin('B', 3800)], big2: [fin('A', 3000), fin('B', 3200)] },
    [boat('A', { phrf: 0 }), boat('B', { phrf: 60 }, { ratingChanges: [{ key: 'phrf', value: 45, fromRace: 2 }] })],
  );
  const small = input(
    setup('small', 'phrf_tod'),
    [race('small', 1, { distanceNm: 10 }), race('small', 2, { distanceNm: 8 })],
    { small1: [fin('C', 7000), fin('D', 7300)], small2: [fin('C', 2950), fin('D', 3400)] },
    [boat('C', { phrf: 0 }), boat('D', { phrf: 60 })],
  );
  // Nets: B 1 + 4 = 5, A 2 + 3 = 5 (A8.1: B's 1 first), D 3 + 1 = 4, C 4 + 2 = 6.
  assert.deepEqual(rows(scoreOverall(definition(['big', 'small']), [big, small])), [
    ['D', 1, 4, [[1, 3, 6700, 60], [2, 1, 2920, 60]]],
    ['B', 2, 5, [[1, 1, 3500, 60], [2, 4, 3020, 45]]],
    ['A', 3, 5, [[1, 2, 3600, 0], [2, 3, 3000, 0]]],
    ['C', 4, 6, [[1, 4, 7000, 0], [2, 2, 2950, 0]]],
  ]);
});

test('a fleet\'s abandoned race N is not merged: race N is struck from the overall', () => {
  // IRC1 race 1 abandoned (times recorded), IRC2 race 1 sailed; race 2 sailed by both. All TCC 1.000.
  // Race 2 only: E 3600 (1), G 3650 (2), F 3700 (3), H 3750 (4); one race completed.
  const irc1 = input(
    setup('irc1', 'irc'),
    [race('irc1', 1, { status: 'abandoned' }), race('irc1', 2)],
    { irc11: [fin('E', 3600), fin('F', 3700)], irc12: [fin('E', 3600), fin('F', 3700)] },
    [boat('E', { irc: 1 }), boat('F', { irc: 1 })],
  );
  const irc2 = input(
    setup('irc2', 'irc'),
    [race('irc2', 1), race('irc2', 2)],
    { irc21: [fin('G', 3650), fin('H', 3750)], irc22: [fin('G', 3650), fin('H', 3750)] },
    [boat('G', { irc: 1 }), boat('H', { irc: 1 })],
  );
  const result = scoreOverall(definition(['irc1', 'irc2']), [irc1, irc2]);
  assert.equal(result.racesCompleted, 1);
  assert.deepEqual(rows(result), [
    ['E', 1, 1, [[2, 1, 3600, 1]]],
    ['G', 2, 2, [[2, 2, 3650, 1]]],
    ['F', 3, 3, [[2, 3, 3700, 1]]],
    ['H', 4, 4, [[2, 4, 3750, 1]]],
  ]);
  assert.deepEqual(overallRaces([irc1, irc2], false).map((p) => [p.number, p.state]), [[1, 'struck'], [2, 'counted']]);
  // Abandoned without results: struck the same.
  const noResults = { ...irc1, races: [race('irc1', 1, { status: 'abandoned', hasResults: false }), race('irc1', 2)] };
  assert.deepEqual(overallRaces([noResults, irc2], false).map((p) => [p.number, p.state]), [[1, 'struck'], [2, 'counted']]);
});

test('race N waits until every fleet has sailed it: IRC2 race 2 still started, only race 1 counts', () => {
  const irc1 = input(setup('irc1', 'irc'), [race('irc1', 1), race('irc1', 2)], { irc11: [fin('E', 3600)], irc12: [fin('E', 3600)] }, [boat('E', { irc: 1 })]);
  const irc2 = input(setup('irc2', 'irc'), [race('irc2', 1), race('irc2', 2, { status: 'started' })], { irc21: [fin('G', 3500)], irc22: [fin('G', 3500)] }, [boat('G', { irc: 1 })]);
  const result = scoreOverall(definition(['irc1', 'irc2']), [irc1, irc2]);
  // Race 1: G 3500 (1), E 3600 (2). Race 2 is not scored, so G's fleet is not DNC in it.
  assert.deepEqual([result.racesCompleted, rows(result)], [1, [['G', 1, 1, [[1, 1, 3500, 1]]], ['E', 2, 2, [[1, 2, 3600, 1]]]]]);
  assert.deepEqual(overallRaces([irc1, irc2], false).map((p) => [p.number, p.state]), [[1, 'counted'], [2, 'pending']]);
});

test('the merged race weighs as the fleets\' race N: weight 2 on both doubles it; differing weights are a conflict', () => {
  const fleets = (weight2: number) => [
    input(setup('irc1', 'irc'), [race('irc1', 1, { weight: 2 })], { irc11: [fin('E', 3600), fin('F', 3700)] }, [boat('E', { irc: 1 }), boat('F', { irc: 1 })]),
    input(setup('irc2', 'irc'), [race('irc2', 1, { weight: weight2 })], { irc21: [fin('G', 3650)] }, [boat('G', { irc: 1 })]),
  ];
  // E 1 × 2 = 2, G 2 × 2 = 4, F 3 × 2 = 6.
  const agreed = scoreOverall(definition(['irc1', 'irc2']), fleets(2));
  assert.deepEqual([agreed.settingConflicts, agreed.standings.map((s) => [s.boatId, s.netPoints])], [[], [['E', 2], ['G', 4], ['F', 6]]]);
  const differing = scoreOverall(definition(['irc1', 'irc2']), fleets(1));
  assert.deepEqual(differing.settingConflicts, ['race 1: the fleets\' races differ in weight (irc1: weight 2; irc2: weight 1)']);
});
