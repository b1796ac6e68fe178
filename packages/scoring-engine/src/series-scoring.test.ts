import { test } from 'node:test';
import assert from 'node:assert/strict';
import { discardsFor, scoreSeries, type FleetConfig, type SeriesRace } from './series-scoring.js';

const OD: FleetConfig = { scoringSystem: 'low_point', handicap: { kind: 'one_design' } };
const order = (n: number, ids: string[], extra: Partial<SeriesRace> = {}): SeriesRace => ({
  number: n,
  entries: ids.map((id, i) => ({ boatId: id, position: i + 1 })),
  ...extra,
});
const boats = (ids: string[]) => ids.map((id) => ({ id }));
const row = (out: ReturnType<typeof scoreSeries>, id: string) => out.standings.find((s) => s.boatId === id)!;

test('discard schedules', () => {
  assert.equal(discardsFor({ kind: 'thresholds', thresholds: [{ minRaces: 5, discardCount: 1 }, { minRaces: 9, discardCount: 2 }] }, 8), 1);
  assert.equal(discardsFor({ kind: 'thresholds', thresholds: [{ minRaces: 5, discardCount: 1 }, { minRaces: 9, discardCount: 2 }] }, 9), 2);
  assert.equal(discardsFor({ kind: 'proportional', firstAt: 3, everyRaces: 3 }, 7), 2);
  assert.equal(discardsFor({ kind: 'proportional', firstAt: 3, everyRaces: 3 }, 2), 0);
  assert.equal(discardsFor({ kind: 'fixed', count: 1 }, 1), 0);
  assert.equal(discardsFor({ kind: 'fixed', count: 1 }, 4), 1);
});

test('one discard: worst score, earliest among equals; DNE never discarded', () => {
  const out = scoreSeries({
    fleet: { ...OD, discards: { kind: 'thresholds', thresholds: [{ minRaces: 3, discardCount: 1 }] } },
    boats: boats(['a', 'b', 'c', 'd']),
    races: [
      order(1, ['a', 'b', 'c', 'd']),
      order(2, ['a', 'b', 'c', 'd']),
      { number: 3, entries: [{ boatId: 'a', code: 'DNE' }, { boatId: 'b', position: 1 }, { boatId: 'c', position: 2 }, { boatId: 'd', position: 3 }] },
    ],
  });
  const a = row(out, 'a');
  assert.deepEqual(a.races.map((r) => r.points), [1, 1, 5]);
  assert.deepEqual(a.races.map((r) => r.dropped), [true, false, false]);
  assert.equal(a.races[2]!.nonDiscardable, true);
  assert.equal(a.net, 6);
  assert.deepEqual(row(out, 'b').races.map((r) => r.dropped), [true, false, false]); // 2, 2, 1 → earliest 2
});

test('must count and discard first', () => {
  const out = scoreSeries({
    fleet: { ...OD, discards: { kind: 'thresholds', thresholds: [{ minRaces: 3, discardCount: 1 }] } },
    boats: boats(['a', 'b']),
    races: [order(1, ['a', 'b'], { discardPolicy: 'discard_first' }), order(2, ['b', 'a'], { discardPolicy: 'must_count' }), order(3, ['a', 'b'])],
  });
  // a: 1(first), 2(must count), 1 → drops race 1 though it is a win
  assert.deepEqual(row(out, 'a').races.map((r) => r.dropped), [true, false, false]);
  assert.equal(row(out, 'a').net, 3);
});

test('weighting ×1.5 rounds to a tenth and decides the discard', () => {
  const out = scoreSeries({
    fleet: OD,
    boats: boats(['a', 'b', 'c', 'd']),
    races: [{ number: 1, weight: 1.5, entries: [{ boatId: 'a', position: 1 }, { boatId: 'b', position: 2 }, { boatId: 'c', position: 3, tiedWithPrevious: true }, { boatId: 'd', position: 4 }] }],
  });
  assert.deepEqual(out.standings.map((s) => [s.boatId, s.net]), [['a', 1.5], ['b', 3.8], ['c', 3.8], ['d', 6]]);
});

test('A8.1 then A8.2; unbreakable ties share the rank', () => {
  // a: 1,3,1 = 5 [1,1,3]; b: 2,1,2 = 5 [1,2,2] → a ahead on A8.1
  const out = scoreSeries({ fleet: OD, boats: boats(['a', 'b', 'c']), races: [order(1, ['a', 'b', 'c']), order(2, ['b', 'c', 'a']), order(3, ['a', 'b', 'c'])] });
  assert.deepEqual(out.standings.map((s) => [s.boatId, s.rank]), [['a', 1], ['b', 2], ['c', 3]]);
  // a: 1,2 ; b: 2,1 → A8.1 equal, A8.2 last race: b
  const out2 = scoreSeries({ fleet: OD, boats: boats(['a', 'b']), races: [order(1, ['a', 'b']), order(2, ['b', 'a'])] });
  assert.deepEqual(out2.standings.map((s) => s.boatId), ['b', 'a']);
  // identical scores: shared rank 1, next boat rank 3
  const out3 = scoreSeries({
    fleet: OD,
    boats: boats(['a', 'b', 'c']),
    races: [{ number: 1, entries: [{ boatId: 'a', position: 1 }, { boatId: 'b', position: 2, tiedWithPrevious: true }, { boatId: 'c', position: 3 }] }],
  });
  assert.deepEqual(out3.standings.map((s) => s.rank), [1, 1, 3]);
});

test('A9 redress: average of all races, of races before, rounded to a tenth', () => {
  const races: SeriesRace[] = [
    order(1, ['b', 'a', 'c']),
    order(2, ['a', 'b', 'c']),
    { number: 3, entries: [{ boatId: 'a', code: 'RDG', redress: { method: 'races_before' } }, { boatId: 'b', position: 1 }, { boatId: 'c', position: 2 }] },
    order(4, ['b', 'a', 'c']),
  ];
  const before = scoreSeries({ fleet: OD, boats: boats(['a', 'b', 'c']), races });
  assert.equal(row(before, 'a').races[2]!.points, 1.5); // (2 + 1) / 2
  const all = scoreSeries({ fleet: OD, boats: boats(['a', 'b', 'c']), races: races.map((r) => (r.number === 3 ? { ...r, entries: r.entries.map((e) => (e.boatId === 'a' ? { boatId: 'a', code: 'RDG' as const, redress: { method: 'all_races' as const } } : e)) } : r)) });
  assert.equal(row(all, 'a').races[2]!.points, 1.7); // (2 + 1 + 2) / 3 = 1.667
});

test('a race no boat finished is not scored and does not count for discards', () => {
  const out = scoreSeries({
    fleet: { ...OD, discards: { kind: 'thresholds', thresholds: [{ minRaces: 3, discardCount: 1 }] } },
    boats: boats(['a', 'b']),
    races: [order(1, ['a', 'b']), { number: 2, entries: [{ boatId: 'a', code: 'DNC' }, { boatId: 'b', code: 'DNC' }] }, order(3, ['b', 'a'])],
  });
  assert.equal(out.racesCompleted, 2);
  assert.equal(out.discardCount, 0);
  assert.deepEqual(row(out, 'a').races.map((r) => [r.points, r.excluded]), [[1, false], [0, true], [2, false]]);
});

test('handicap fleet: unrated boat rejected and not counted in entries', () => {
  const out = scoreSeries({
    fleet: { scoringSystem: 'low_point', handicap: { kind: 'irc' } },
    boats: [{ id: 'a', rating: 1 }, { id: 'b' }, { id: 'c', rating: 1 }],
    races: [{ number: 1, startTime: '14:00:00', entries: [{ boatId: 'a', finishTime: '14:50:00' }, { boatId: 'b', finishTime: '14:40:00' }, { boatId: 'c', code: 'DNF' }] }],
  });
  assert.deepEqual(out.rejected, [{ boatId: 'b', reason: 'no_rating' }]);
  assert.deepEqual(out.standings.map((s) => [s.boatId, s.net]), [['a', 1], ['c', 3]]);
});

test('NHC chain: race 2 is sailed on race 1\'s new TCF; non-finishers unchanged', () => {
  const out = scoreSeries({
    fleet: { scoringSystem: 'low_point', handicap: { kind: 'nhc' } },
    boats: [{ id: 'A', rating: 0.95 }, { id: 'B', rating: 1 }, { id: 'C', rating: 1.05 }, { id: 'D', rating: 1.1 }, { id: 'E', rating: 0.98 }],
    races: [
      { number: 1, startTime: '14:00:00', entries: [{ boatId: 'A', elapsedSeconds: 3000 }, { boatId: 'B', elapsedSeconds: 3600 }, { boatId: 'C', elapsedSeconds: 4200 }, { boatId: 'D', elapsedSeconds: 4800 }, { boatId: 'E', code: 'DNF' }] },
      { number: 2, startTime: '14:00:00', entries: [{ boatId: 'A', elapsedSeconds: 4500 }, { boatId: 'B', elapsedSeconds: 3600 }, { boatId: 'C', elapsedSeconds: 4200 }, { boatId: 'D', elapsedSeconds: 3300 }] },
    ],
  });
  const d = row(out, 'D');
  assert.equal(d.races[0]!.newRating, 1.075);
  assert.equal(d.races[1]!.ratingApplied, 1.075);
  assert.equal(d.races[1]!.correctedSeconds, 3548); // 3300 × 1.075 = 3547.5
  assert.equal(row(out, 'E').races[0]!.newRating, 0.98);
});
