import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scoreRace, type RaceEntry, type RaceScoringInput } from './race-scoring.js';

const boats = (n: number, rating?: number) => Array.from({ length: n }, (_, i) => ({ id: `b${i + 1}`, ...(rating !== undefined ? { rating } : {}) }));
const od = (entries: RaceEntry[], n = 5, extra: Partial<RaceScoringInput> = {}): RaceScoringInput => ({
  scoringSystem: 'low_point',
  handicap: { kind: 'one_design' },
  penaltyBasis: 'A5.2',
  boats: boats(n),
  entries,
  ...extra,
});
const pts = (r: ReturnType<typeof scoreRace>) => Object.fromEntries(r.results.map((x) => [x.boatId, x.points]));

test('low point: place points; absent boat is DNC = entries + 1 (A5.2)', () => {
  const r = scoreRace(od([{ boatId: 'b1', position: 1 }, { boatId: 'b2', position: 2 }, { boatId: 'b3', code: 'DNF' }, { boatId: 'b4', position: 3 }]));
  assert.deepEqual(pts(r), { b1: 1, b2: 2, b3: 6, b4: 3, b5: 6 });
  assert.equal(r.results[4]!.code, 'DNC');
});

test('A7: two boats tied for 2nd both score 2.5; next boat scores 4', () => {
  const r = scoreRace(od([{ boatId: 'b1', position: 1 }, { boatId: 'b2', position: 2 }, { boatId: 'b3', position: 3, tiedWithPrevious: true }, { boatId: 'b4', position: 4 }], 4));
  assert.deepEqual(pts(r), { b1: 1, b2: 2.5, b3: 2.5, b4: 4 });
});

test('A6.1: a boat disqualified after finishing leaves the order; boats behind move up', () => {
  const r = scoreRace(od([{ boatId: 'b1', position: 1 }, { boatId: 'b2', position: 2, code: 'DSQ' }, { boatId: 'b3', position: 3 }, { boatId: 'b4', position: 4 }], 4));
  assert.deepEqual(pts(r), { b1: 1, b2: 5, b3: 2, b4: 3 });
});

test('A5.3: DNF scores came-to-start + 1; DNC keeps entries + 1 (or came + 1 in the incl-DNC variant)', () => {
  const entries: RaceEntry[] = [
    { boatId: 'b1', code: 'DNF', startPresent: true },
    { boatId: 'b2', code: 'OCS', startPresent: true },
    { boatId: 'b3', position: 1, startPresent: true },
  ];
  assert.deepEqual(pts(scoreRace(od(entries, 5, { penaltyBasis: 'A5.3' }))), { b1: 4, b2: 4, b3: 1, b4: 6, b5: 6 });
  assert.deepEqual(pts(scoreRace(od(entries, 5, { penaltyBasis: 'A5.3_incl_dnc' }))), { b1: 4, b2: 4, b3: 1, b4: 4, b5: 4 });
});

test('44.3(c) (2025-2028): ZFP/SCP add points, a % of the DNF score to the nearest tenth (0.05 up), capped at DNF; DPI adds points; others unchanged', () => {
  const r = scoreRace(
    od([
      { boatId: 'b1', position: 1, penalty: { code: 'ZFP' } }, // 1 + 0.2 × 6 = 2.2
      { boatId: 'b2', position: 2, penalty: { code: 'SCP', percent: 30 } }, // 2 + 1.8 = 3.8
      { boatId: 'b3', position: 3 },
      { boatId: 'b4', position: 4, penalty: { code: 'SCP', percent: 50 } }, // 4 + 3 = 7 → capped 6
      { boatId: 'b5', position: 5, penalty: { code: 'DPI', points: 0.5 } }, // 5.5
    ]),
  );
  assert.deepEqual(pts(r), { b1: 2.2, b2: 3.8, b3: 3, b4: 6, b5: 5.5 });
  // 7 boats, DNF 8: 20% = 1.6
  const r2 = scoreRace(od([{ boatId: 'b1', position: 1, penalty: { code: 'SCP' } }], 7));
  assert.equal(r2.results[0]!.points, 2.6);
});

test('handicap: rank on rounded corrected time, equal rounded times tie', () => {
  const r = scoreRace({
    scoringSystem: 'low_point',
    handicap: { kind: 'irc' },
    penaltyBasis: 'A5.2',
    boats: [{ id: 'a', rating: 0.975 }, { id: 'b', rating: 0.97 }, { id: 'c', rating: 1 }],
    startTime: '14:00:00',
    entries: [{ boatId: 'a', finishTime: '14:44:27' }, { boatId: 'b', finishTime: '14:44:40' }, { boatId: 'c', finishTime: '14:50:00' }],
  });
  assert.deepEqual(pts(r), { a: 1.5, b: 1.5, c: 3 });
  assert.deepEqual(r.results.map((x) => x.correctedSeconds), [2600, 2600, 3000]);
  assert.deepEqual(r.results.map((x) => x.place), [1, 1, 3]);
});

test('redress: stated points directly, averages left to the series (null)', () => {
  const r = scoreRace(od([{ boatId: 'b1', code: 'RDG', redress: { method: 'stated', points: 2.5 } }, { boatId: 'b2', code: 'RDG' }, { boatId: 'b3', position: 1 }], 3));
  assert.deepEqual(pts(r), { b1: 2.5, b2: null, b3: 1 });
});

test('no finisher: the race is excluded', () => {
  const r = scoreRace(od([{ boatId: 'b1', code: 'DNC' }], 2));
  assert.equal(r.excluded, true);
});

test('high point: boats that came − place + 1, non-finishers 0', () => {
  const r = scoreRace(od([{ boatId: 'b1', position: 1 }, { boatId: 'b2', position: 2 }, { boatId: 'b3', code: 'DNF' }], 4, { scoringSystem: 'high_point' }));
  assert.deepEqual(pts(r), { b1: 3, b2: 2, b3: 0, b4: 0 });
});

test('pursuit: order on the water, ratings ignored', () => {
  const r = scoreRace({
    scoringSystem: 'pursuit',
    handicap: { kind: 'portsmouth_rya' },
    penaltyBasis: 'A5.2',
    boats: [{ id: 'x', rating: 1100 }, { id: 'y', rating: 900 }],
    entries: [{ boatId: 'y', position: 1 }, { boatId: 'x', position: 2 }],
  });
  assert.deepEqual(pts(r), { x: 2, y: 1 });
});

// The finishing order is sorted three ways (counting sort for keys in a narrow span, a packed
// native sort for wide whole-number spans, a comparator otherwise); each must give places by key
// with equal keys tied, whichever way it takes.
test('finishing order: places by key with ties, for narrow, wide and fractional keys', () => {
  const placesFor = (keys: number[]) => {
    const ids = keys.map((_, i) => `k${i}`);
    const r = scoreRace({
      scoringSystem: 'low_point',
      handicap: { kind: 'one_design' },
      penaltyBasis: 'A5.2',
      boats: ids.map((id) => ({ id })),
      entries: keys.map((position, i) => ({ boatId: ids[i]!, position })),
    });
    return r.results.map((x) => x.place);
  };
  // Expected: 1 + the number of keys strictly smaller (A7: tied boats share the first place).
  const expected = (keys: number[]) => keys.map((k) => 1 + keys.filter((o) => o < k).length);
  const narrow = [5, 3, 3, 9, 1, 7, 3, 2];
  const wide = [5_000_000, -20, 7, 7, 123_456, 1, -20, 99_999_999];
  const fractional = [2.5, 1, 2.5, 0.5, 3];
  for (const keys of [narrow, wide, fractional]) assert.deepEqual(placesFor(keys), expected(keys));
});

test('an entry for a boat that is not in the fleet, or two for one boat, is refused', () => {
  assert.throws(() => scoreRace(od([{ boatId: 'x9', position: 1 }], 2)), /unknown boat x9/);
  assert.throws(() => scoreRace(od([{ boatId: 'b1', position: 1 }, { boatId: 'b1', position: 2 }], 2)), /two entries for boat b1/);
});
