/**
 * The fleet set-up options (engine options) through the adapters (fleet-setup → engine → fleet scoring), each
 * with numbers worked by hand: proportional discards, penalty bases (A5.2, A5.3, A5.3 incl. DNC,
 * finishers + N), redress defaults (A9(a) with and without DNC, A9(b)), high point percentage, a rating
 * change mid-series, and the overall result across fleets.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scoreFleet, ratingsInForce, type BoatInfo, type RaceInfo, type StandingEntrySnapshot } from './fleet-scoring.js';
import { discardScheduleOf, fleetConfigOf, type FleetSetup } from './fleet-setup.js';
import { OverallSetupError, scoreOverall, type OverallDefinition } from '../../series/domain/overall.js';
import type { StoredEntry } from './race-entries.js';

const START = new Date('2026-06-01T12:00:00Z');
const at = (seconds: number, start = START) => new Date(start.getTime() + seconds * 1000);

function race(number: number, extra: Partial<RaceInfo> = {}): RaceInfo {
  return { id: `r${number}`, number, name: `Race ${number}`, weight: 1, mustCount: false, discardFirst: false, distanceNm: null, status: 'finished', actualStart: START, hasResults: true, ...extra };
}
let seq = 0;
function fin(boatId: string, elapsed: number, extra: Partial<StoredEntry> = {}, start = START): StoredEntry {
  return { boatId, seq: seq++, status: 'finished', code: null, finishTime: at(elapsed, start), penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null, ...extra };
}
function out(boatId: string, status: StoredEntry['status'], code: string, extra: Partial<StoredEntry> = {}): StoredEntry {
  return { boatId, seq: seq++, status, code, finishTime: null, penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null, ...extra };
}
const boat = (boatId: string, ratings: Record<string, number> = {}, extra: Partial<BoatInfo> = {}): BoatInfo => ({
  boatId,
  name: `Boat ${boatId}`,
  sailNumber: `S-${boatId}`,
  sailorName: null,
  userId: null,
  ratings,
  ...extra,
});
const oneDesign = (extra: Partial<FleetSetup> = {}): FleetSetup => ({
  id: 'f1',
  name: 'Dinghy',
  scoringSystem: 'low_point',
  dropRaces: 0,
  handicapSystem: 'one_design',
  handicapParams: {},
  penaltyBasis: 'series_entries',
  discardThresholds: [],
  ...extra,
});
const row = (standings: StandingEntrySnapshot[], id: string) => standings.find((s) => s.boatId === id)!;
const pointsOf = (standings: StandingEntrySnapshot[], id: string) => row(standings, id).raceResults.map((r) => r.points);
/** A race finished in this order (one-design: finish times 60 s apart). */
const order = (...ids: string[]) => ids.map((id, i) => fin(id, 600 + 60 * i));

test('proportional discards: one from 3 races, one more every 2 → 0, 1, 1, 2 discards after 2..5 races', () => {
  const fleet = oneDesign({ dropRaces: 4, discardThresholds: [2], options: { proportionalDiscards: { firstAt: 3, everyRaces: 2 } } });
  assert.deepEqual(discardScheduleOf(fleet), { kind: 'proportional', firstAt: 3, everyRaces: 2 });
  const entries = new Map<string, StoredEntry[]>([
    ['r1', order('A', 'B', 'C')],
    ['r2', order('B', 'A', 'C')],
    ['r3', order('C', 'B', 'A')],
    ['r4', order('A', 'C', 'B')],
    ['r5', order('A', 'B', 'C')],
  ]);
  const boats = [boat('A'), boat('B'), boat('C')];
  const after = (n: number) => scoreFleet({ fleet, races: [1, 2, 3, 4, 5].slice(0, n).map((k) => race(k)), entries, boats });
  assert.deepEqual([2, 3, 4, 5].map((n) => after(n).appliedDrops), [0, 1, 1, 2]);
  const five = after(5);
  // A 1,2,3,1,1 = 8, drops 3 and 2 → 3; B 2,1,2,3,2 = 10, drops 3 and the first 2 → 5; C 3,3,1,2,3 = 12, drops 3,3 → 6.
  assert.deepEqual(
    five.standings.map((s) => [s.boatId, s.position, s.totalPoints, s.netPoints]),
    [
      ['A', 1, 8, 3],
      ['B', 2, 10, 5],
      ['C', 3, 12, 6],
    ],
  );
  assert.deepEqual(row(five.standings, 'B').raceResults.map((r) => r.dropped), [true, false, false, true, false]);
  assert.equal(five.drops, 2, 'the discards in force are shown as the fleet\'s drops');
});

test('penalty bases: 6 entries, 3 finishers, DNF and DNS came to the start, one DNC', () => {
  const entries = new Map<string, StoredEntry[]>([['r1', [...order('A', 'B', 'C'), out('D', 'dnf', 'DNF'), out('E', 'dns', 'DNS'), out('F', 'dnc', 'DNC')]]]);
  const boats = ['A', 'B', 'C', 'D', 'E', 'F'].map((id) => boat(id));
  const scored = (basis: string, options?: FleetSetup['options']) => {
    const score = scoreFleet({ fleet: oneDesign({ penaltyBasis: basis, options }), races: [race(1)], entries, boats });
    return ['D', 'E', 'F'].map((id) => pointsOf(score.standings, id)[0]);
  };
  // A5.2: entries 6 + 1 = 7 for all three.
  assert.deepEqual(scored('series_entries'), [7, 7, 7]);
  // A5.3: came to the starting area = A..E = 5 → DNF, DNS 6; DNC keeps entries + 1 = 7.
  assert.deepEqual(scored('starting_area'), [6, 6, 7]);
  // A5.3 incl. DNC: DNC also came + 1 = 6.
  assert.deepEqual(scored('starting_area_incl_dnc'), [6, 6, 6]);
  // Finishers + N (defaults 1 and 2, Sailwave's ILCA table): 3 + 1 = 4, DNC 3 + 2 = 5.
  assert.deepEqual(scored('finishers_plus'), [4, 4, 5]);
  // Stated N: DNF-like + 2, DNC + 3 → 5, 5, 6.
  assert.deepEqual(scored('finishers_plus', { finishersPlus: { dnf: 2, dnc: 3 } }), [5, 5, 6]);
  assert.equal(fleetConfigOf(oneDesign({ penaltyBasis: 'finishers_plus' })).penaltyBasis, 'finishers_plus');
});

test('redress: A9(a) with DNC, A9(a) leaving DNC out (fleet option), A9(b) as the fleet default', () => {
  // A: R1 1st, R2 DNC (3 entries → 4), R3 RDG without a method, R4 2nd.
  const entries = new Map<string, StoredEntry[]>([
    ['r1', order('A', 'B', 'C')],
    ['r2', [...order('B', 'C'), out('A', 'dnc', 'DNC')]],
    ['r3', [...order('B', 'C'), out('A', 'finished', 'RDG')]],
    ['r4', order('B', 'A', 'C')],
  ]);
  const races = [race(1), race(2), race(3), race(4)];
  const boats = [boat('A'), boat('B'), boat('C')];
  const redressOf = (options?: FleetSetup['options']) => pointsOf(scoreFleet({ fleet: oneDesign({ options }), races, entries, boats }).standings, 'A')[2];
  // A9(a): (1 + 4 + 2) / 3 = 2.33 → 2.3.
  assert.equal(redressOf(), 2.3);
  // A9(a) without DNC: (1 + 2) / 2 = 1.5.
  assert.equal(redressOf({ redress: { excludeDnc: true } }), 1.5);
  // A9(b) (races before race 3) as the fleet default: (1 + 4) / 2 = 2.5.
  assert.equal(redressOf({ redress: { defaultMethod: 'average_before' } }), 2.5);
});

test('high point percentage: 100 × (starters − place + 1) / starters; ties share; non-finishers 0; higher wins', () => {
  const fleet = oneDesign({ scoringSystem: 'high_point_percentage' });
  const entries = new Map<string, StoredEntry[]>([
    // 4 came to the start: 100, 75, 50, 25.
    ['r1', order('A', 'B', 'C', 'D')],
    // B and C tie for 2nd (place 2.5): 100 × (4 − 2.5 + 1) / 4 = 62.5 each; D DNF (came) 0; A 1st 100.
    ['r2', [fin('A', 600), fin('B', 660), fin('C', 660), out('D', 'dnf', 'DNF')]],
    // 3 came (D DNC): A 100, C 66.7, B 33.3.
    ['r3', [...order('A', 'C', 'B'), out('D', 'dnc', 'DNC')]],
  ]);
  const score = scoreFleet({ fleet, races: [race(1), race(2), race(3)], entries, boats: ['A', 'B', 'C', 'D'].map((id) => boat(id)) });
  assert.deepEqual(pointsOf(score.standings, 'A'), [100, 100, 100]);
  assert.deepEqual(pointsOf(score.standings, 'B'), [75, 62.5, 33.3]);
  assert.deepEqual(pointsOf(score.standings, 'C'), [50, 62.5, 66.7]);
  assert.deepEqual(pointsOf(score.standings, 'D'), [25, 0, 0]);
  // Totals: A 300, B 170.8, C 179.2, D 25 → A, C, B, D.
  assert.deepEqual(
    score.standings.map((s) => [s.boatId, s.position, s.netPoints]),
    [
      ['A', 1, 300],
      ['C', 2, 179.2],
      ['B', 3, 170.8],
      ['D', 4, 25],
    ],
  );
});

test('rating change from race 2: corrected time and the rating shown per race', () => {
  const fleet = oneDesign({ name: 'IRC', handicapSystem: 'irc' });
  const x = boat('X', { irc: 1.0 });
  const y = boat('Y', { irc: 1.1 }, { ratingChanges: [{ key: 'irc', value: 1.05, fromRace: 2 }] });
  assert.deepEqual(ratingsInForce(y, 1), { irc: 1.1 });
  assert.deepEqual(ratingsInForce(y, 2), { irc: 1.05 });
  const entries = new Map<string, StoredEntry[]>([
    // R1: X 3600 × 1.000 = 3600, Y 3400 × 1.100 = 3740 → X 1, Y 2.
    ['r1', [fin('X', 3600), fin('Y', 3400)]],
    // R2 (Y's new certificate 1.050): X 3600, Y 3400 × 1.050 = 3570 → Y 1, X 2.
    ['r2', [fin('X', 3600), fin('Y', 3400)]],
  ]);
  const score = scoreFleet({ fleet, races: [race(1), race(2)], entries, boats: [x, y] });
  assert.deepEqual(pointsOf(score.standings, 'Y'), [2, 1]);
  assert.deepEqual(row(score.standings, 'Y').raceResults.map((r) => r.rating), [1.1, 1.05]);
  assert.deepEqual(row(score.standings, 'X').raceResults.map((r) => r.rating), [1, 1]);
  assert.deepEqual(score.results.get('r2')!.get('Y'), { position: 1, elapsedSeconds: 3400, correctedSeconds: 3570, points: 1, rating: 1.05 });
  assert.equal(score.results.get('r1')!.get('Y')!.correctedSeconds, 3740);
  // A race not counted yet (still started) is scored on its own with the rating in force too.
  const provisional = scoreFleet({ fleet, races: [race(1), race(2, { status: 'started' })], entries, boats: [x, y] });
  assert.deepEqual(provisional.results.get('r2')!.get('Y'), { position: 1, elapsedSeconds: 3400, correctedSeconds: 3570, points: 1, rating: 1.05 });
});

test('overall on corrected time: two fleets with their own starts re-scored as one on IRC', () => {
  const start2 = new Date(START.getTime() + 600_000); // fleet 2 starts ten minutes later
  const f1: FleetSetup = { ...oneDesign({ id: 'fa', name: 'IRC 1', handicapSystem: 'irc' }) };
  const f2: FleetSetup = { ...oneDesign({ id: 'fb', name: 'ILCA 7' }) };
  const fleets = [
    {
      fleet: f1,
      races: [race(1, { id: 'a1' }), race(2, { id: 'a2' })],
      // P 3600 × 1.1 = 3960, Q 3800 × 1.0 = 3800 (R1); P 3500 × 1.1 = 3850, Q DNF (R2).
      entries: new Map<string, StoredEntry[]>([
        ['a1', [fin('P', 3600), fin('Q', 3800)]],
        ['a2', [fin('P', 3500), out('Q', 'dnf', 'DNF')]],
      ]),
      boats: [boat('P', { irc: 1.1 }), boat('Q', { irc: 1.0 })],
    },
    {
      fleet: f2,
      races: [race(1, { id: 'b1', actualStart: start2 }), race(2, { id: 'b2', actualStart: start2 })],
      // Elapsed from fleet 2's own start: L 4000 × 0.95 = 3800 (R1, level with Q), 3900 × 0.95 = 3705 (R2).
      entries: new Map<string, StoredEntry[]>([
        ['b1', [fin('L', 4000, {}, start2)]],
        ['b2', [fin('L', 3900, {}, start2)]],
      ]),
      // Q is also in the ILCA fleet's list: scored once, from the first listed fleet (IRC 1).
      boats: [boat('L', { irc: 0.95 }), boat('Q', { irc: 1.0 })],
    },
  ];
  const definition: OverallDefinition = { name: 'Overall', fleetIds: ['fa', 'fb'], method: 'corrected_time', handicap: { system: 'irc', params: {} }, pointsFormula: 'net', dropRaces: 0 };
  const result = scoreOverall(definition, fleets);
  // R1: Q 3800 and L 3800 tie for 1st (1.5 each), P 3960 3rd. R2: L 3705 1st, P 3850 2nd, Q DNF = 3 entries + 1 = 4.
  // Nets: L 2.5, P 5, Q 5.5.
  assert.deepEqual(
    result.standings.map((s) => [s.boatId, s.position, s.fleetId, s.netPoints, s.raceResults.map((c) => c.points), s.raceResults.map((c) => c.correctedSeconds)]),
    [
      ['L', 1, 'fb', 2.5, [1.5, 1], [3800, 3705]],
      ['P', 2, 'fa', 5, [3, 2], [3960, 3850]],
      ['Q', 3, 'fa', 5.5, [1.5, 4], [3800, null]],
    ],
  );
  assert.equal(result.handicapSystem, 'irc');
  // Without a stated system the fleets must share one (IRC and one-design do not).
  assert.throws(() => scoreOverall({ ...definition, handicap: null }, fleets), OverallSetupError);
});

test('overall by points: net, and net scaled to the largest fleet', () => {
  const big = { fleet: oneDesign({ id: 'big', name: 'Big' }), races: [race(1, { id: 'g1' }), race(2, { id: 'g2' })], boats: ['A', 'B', 'C', 'D'].map((id) => boat(id)),
    entries: new Map<string, StoredEntry[]>([['g1', order('A', 'B', 'C', 'D')], ['g2', order('B', 'A', 'C', 'D')]]) };
  const small = { fleet: oneDesign({ id: 'small', name: 'Small' }), races: [race(1, { id: 's1' }), race(2, { id: 's2' })], boats: ['X', 'Y'].map((id) => boat(id)),
    entries: new Map<string, StoredEntry[]>([['s1', order('X', 'Y')], ['s2', order('Y', 'X')]]) };
  const definition: OverallDefinition = { name: 'Overall', fleetIds: ['big', 'small'], method: 'points', handicap: null, pointsFormula: 'net', dropRaces: 0 };
  // Nets: A 3, B 3 (A8.2: last race B 1st → B ahead), C 6, D 8; X 3, Y 3 (Y won the last race → Y ahead of X).
  const net = scoreOverall(definition, [big, small]);
  assert.deepEqual(net.standings.map((s) => [s.boatId, s.netPoints]), [['B', 3], ['Y', 3], ['A', 3], ['X', 3], ['C', 6], ['D', 8]]);
  // Scaled: × 4 / 2 for the small fleet → X 6 (2, 4), Y 6 (4, 2); C 6 (3, 3). A8.1: X and Y keep a 2 → ahead
  // of C; A8.2: Y won the last race → Y ahead of X.
  const scaled = scoreOverall({ ...definition, pointsFormula: 'net_scaled' }, [big, small]);
  assert.deepEqual(scaled.standings.map((s) => [s.boatId, s.position, s.netPoints]), [['B', 1, 3], ['A', 2, 3], ['Y', 3, 6], ['X', 4, 6], ['C', 5, 6], ['D', 6, 8]]);
});
