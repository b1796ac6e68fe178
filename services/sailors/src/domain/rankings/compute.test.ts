/**
 * The worked example of docs/rankings.md (and of test/rankings.test.ts): three regattas with factors
 * 1.0, 1.2 and 0.8, linear place points, best 2 of 3, a 12-month window.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeRanking, type RankingInput, type RankingResultInput } from './compute.js';
import type { SailorAttributes } from './filters.js';

const asOf = new Date('2026-11-24T12:00:00Z');
const events = {
  A: { date: '2026-05-10', factor: 1.0 },
  B: { date: '2026-07-12', factor: 1.2 },
  C: { date: '2026-09-20', factor: 0.8 },
  OLD: { date: '2025-10-01', factor: 1.0 },
} as const;

function result(sailor: string, event: keyof typeof events, fleet: string, place: number, fleetSize: number): RankingResultInput {
  const date = new Date(`${events[event].date}T00:00:00Z`);
  return {
    sailorId: sailor,
    sailorName: sailor,
    eventId: event,
    eventSlug: event.toLowerCase(),
    eventName: `Regatta ${event}`,
    startDate: date,
    endDate: date,
    fleetId: `${event}-${fleet}`,
    fleetName: fleet,
    classId: fleet,
    place,
    fleetSize,
  };
}

const results = [
  ...['Ann', 'Ben', 'Cat', 'Dan'].map((name, index) => result(name, 'A', 'ILCA 7', index + 1, 4)),
  ...['Ben', 'Ann', 'Dan', 'Cat', 'Eve'].map((name, index) => result(name, 'B', 'ILCA 7', index + 1, 5)),
  ...['Cat', 'Ann', 'Ben'].map((name, index) => result(name, 'C', 'ILCA 7', index + 1, 3)),
  ...['Eve', 'Fay'].map((name, index) => result(name, 'C', 'ILCA 6', index + 1, 2)),
  // Outside the 12-month window: Dan's win does not count.
  result('Dan', 'OLD', 'ILCA 7', 1, 10),
];

function input(overrides: Partial<RankingInput> = {}): RankingInput {
  return {
    formula: { kind: 'best_n', n: 2, placePoints: 'linear', windowMonths: 12 },
    filters: {},
    factors: new Map(Object.entries(events).map(([id, event]) => [id, event.factor])),
    defaultFactor: 1,
    results,
    sailors: new Map(),
    asOf,
    ...overrides,
  };
}

const table = (entries: ReturnType<typeof computeRanking>) => entries.map((entry) => [entry.rank, entry.sailorId, entry.points]);

test('class ILCA 7, best 2 of 3: every number worked by hand', () => {
  const entries = computeRanking(input({ filters: { class: 'ilca 7' } }));
  // Ann: A 1/4 = 100 × 1.0 = 100; B 2/5 = 80 × 1.2 = 96; C 2/3 = 66.67 × 0.8 = 53.33 → 100 + 96 = 196.
  // Ben: A 75; B 1/5 = 120; C 3/3 = 33.33 × 0.8 = 26.67 → 120 + 75 = 195.
  // Cat: A 50; B 4/5 = 40 × 1.2 = 48; C 1/3 = 80 → 80 + 50 = 130.
  // Dan: A 25; B 3/5 = 60 × 1.2 = 72 → 97 (his win of October 2025 is outside the window).
  // Eve: B 5/5 = 20 × 1.2 = 24 (her ILCA 6 win is filtered out) → 24.
  assert.deepEqual(table(entries), [
    [1, 'Ann', 196],
    [2, 'Ben', 195],
    [3, 'Cat', 130],
    [4, 'Dan', 97],
    [5, 'Eve', 24],
  ]);
  const ann = entries[0]!;
  assert.deepEqual(
    ann.results.map((r) => [r.eventId, r.points, r.counted]),
    [
      ['A', 100, true],
      ['B', 96, true],
      ['C', 53.33, false],
    ],
  );
  assert.equal(ann.countedResults, 2);
});

test('no class filter: both classes count', () => {
  // Eve: C ILCA 6 1/2 = 100 × 0.8 = 80, B 24 → 104; Fay: C ILCA 6 2/2 = 50 × 0.8 = 40.
  assert.deepEqual(table(computeRanking(input())), [
    [1, 'Ann', 196],
    [2, 'Ben', 195],
    [3, 'Cat', 130],
    [4, 'Eve', 104],
    [5, 'Dan', 97],
    [6, 'Fay', 40],
  ]);
});

test('all results counted, and a default factor for events without one', () => {
  // kind 'all': Ann 100 + 96 + 53.33 = 249.33; Ben 120 + 75 + 26.67 = 221.67; Cat 178; Dan 97.
  const entries = computeRanking(input({ formula: { kind: 'all', n: null, placePoints: 'linear', windowMonths: 12 }, filters: { class: 'ILCA 7' } }));
  assert.deepEqual(table(entries).slice(0, 4), [
    [1, 'Ann', 249.33],
    [2, 'Ben', 221.67],
    [3, 'Cat', 178],
    [4, 'Dan', 97],
  ]);
  // No factors at all and default 0.5: Ann A 50 + B 40 = 90.
  const halved = computeRanking(input({ factors: new Map(), defaultFactor: 0.5, filters: { class: 'ILCA 7' } }));
  assert.deepEqual(table(halved)[0], [1, 'Ann', 90]);
});

test('a factor of 0 leaves the event out', () => {
  const entries = computeRanking(input({ factors: new Map([['A', 0], ['B', 1.2], ['C', 0.8]]), filters: { class: 'ILCA 7' } }));
  // Ann: 96 + 53.33 = 149.33; Ben: 120 + 26.67 = 146.67; Cat: 80 + 48 = 128; Dan 72; Eve 24.
  assert.deepEqual(table(entries), [
    [1, 'Ann', 149.33],
    [2, 'Ben', 146.67],
    [3, 'Cat', 128],
    [4, 'Dan', 72],
    [5, 'Eve', 24],
  ]);
});

test('ties: full equality on every counted result shares the rank', () => {
  const tie = [
    // Xan and Wes: A 1/4 = 100, B 5/5 = 20 × 1.2 = 24 → 124 each, equal on every counted result.
    result('Xan', 'A', 'ILCA 7', 1, 4),
    result('Xan', 'B', 'ILCA 7', 5, 5),
    result('Wes', 'A', 'ILCA 7', 1, 4),
    result('Wes', 'B', 'ILCA 7', 5, 5),
    // Yul: A 2/4 = 75, B 4/5 = 40 × 1.2 = 48 → 123.
    result('Yul', 'A', 'ILCA 7', 2, 4),
    result('Yul', 'B', 'ILCA 7', 4, 5),
    // Ray: B 3/5 = 60 × 1.2 = 72, C 2/3 = 53.33 → 125.33.
    result('Ray', 'B', 'ILCA 7', 3, 5),
    result('Ray', 'C', 'ILCA 7', 2, 3),
  ];
  // Ranks 1, 2, 2, 4 (standard competition ranking); the tied pair is listed by name.
  assert.deepEqual(table(computeRanking(input({ results: tie }))), [
    [1, 'Ray', 125.33],
    [2, 'Wes', 124],
    [2, 'Xan', 124],
    [4, 'Yul', 123],
  ]);
});

test('equal totals: the sailor with the better best counted result ranks ahead', () => {
  // Table [100, 75, 50], factors 1: Kim A 1st = 100 + B 3rd = 50; Lee A 2nd = 75 + B 2nd = 75.
  const points = [100, 75, 50];
  const entries = computeRanking(
    input({
      formula: { kind: 'best_n', n: 2, placePoints: points, windowMonths: 12 },
      results: [result('Lee', 'A', 'ILCA 7', 2, 4), result('Lee', 'B', 'ILCA 7', 2, 5), result('Kim', 'A', 'ILCA 7', 1, 4), result('Kim', 'B', 'ILCA 7', 3, 5)],
      factors: new Map(),
      defaultFactor: 1,
    }),
  );
  // Kim: 100 + 50 = 150; Lee: 75 + 75 = 150 → Kim first (100 > 75), distinct ranks.
  assert.deepEqual(table(entries), [
    [1, 'Kim', 150],
    [2, 'Lee', 150],
  ]);
});

test('one result per regatta: the better of two fleets counts', () => {
  const entries = computeRanking(
    input({ results: [result('Ann', 'C', 'ILCA 7', 2, 3), result('Ann', 'C', 'Overall', 1, 2)] }),
  );
  // ILCA 7 2/3 = 53.33; Overall 1/2 = 100 × 0.8 = 80 → 80, one result.
  assert.deepEqual(table(entries), [[1, 'Ann', 80]]);
  assert.equal(entries[0]!.results.length, 1);
  assert.equal(entries[0]!.results[0]!.fleetName, 'Overall');
});

test('sailor filters: nationality, gender and age group use recorded attributes only', () => {
  const sailors = new Map<string, SailorAttributes>([
    ['Ann', { nationality: 'NOR', gender: 'female', birthYear: 2008 }],
    ['Ben', { nationality: 'NOR', gender: 'male', birthYear: 2007 }],
    ['Cat', { nationality: 'SWE', gender: 'female', birthYear: 2010 }],
  ]);
  const filtered = (filters: RankingInput['filters']) => table(computeRanking(input({ sailors, filters: { class: 'ILCA 7', ...filters } })));
  assert.deepEqual(filtered({ nationality: 'NOR' }), [
    [1, 'Ann', 196],
    [2, 'Ben', 195],
  ]);
  assert.deepEqual(filtered({ gender: 'female' }), [
    [1, 'Ann', 196],
    [2, 'Cat', 130],
  ]);
  // U19 in 2026: born 2008 or later (2026 − 2008 = 18 < 19); Ben (2007) is 19.
  assert.deepEqual(filtered({ ageGroup: 'U19' }), [
    [1, 'Ann', 196],
    [2, 'Cat', 130],
  ]);
});
