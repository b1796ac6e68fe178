import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PublicStandingEntry } from './model.js';
import { tieBreakBetween, tieNotes } from './tie-breaks.js';

const boat = (boatId: string, position: number, scores: Array<number | [number, 'dropped']>): PublicStandingEntry => {
  const raceResults = scores.map((score, i) => ({
    raceNumber: i + 1,
    points: Array.isArray(score) ? score[0] : score,
    dropped: Array.isArray(score),
    code: null,
  }));
  const total = raceResults.reduce((sum, r) => sum + r.points, 0);
  const net = raceResults.filter((r) => !r.dropped).reduce((sum, r) => sum + r.points, 0);
  return { position, boatId, boatName: boatId, sailNumber: `GBR ${boatId}`, sailorName: null, totalPoints: total, netPoints: net, racesCompleted: scores.length, raceResults };
};

test('A8.1: 1,3,(5) beats 2,2,(4) on 4 net each: best scores 1 < 2', () => {
  const a = boat('a', 1, [1, 3, [5, 'dropped']]);
  const b = boat('b', 2, [2, 2, [4, 'dropped']]);
  assert.equal(a.netPoints, 4);
  assert.equal(b.netPoints, 4);
  assert.equal(tieBreakBetween(a, b), 'A8.1');
});

test('A8.2: 3,1 v 1,3 (4 net each) have the same scores; the last race decides', () => {
  const a = boat('a', 1, [3, 1]);
  const b = boat('b', 2, [1, 3]);
  assert.equal(tieBreakBetween(a, b), 'A8.2');
});

test('A8.2 uses excluded scores: 2,2,(6) v 2,2,(5) differ only in the discarded last race', () => {
  const a = boat('a', 1, [2, 2, [5, 'dropped']]);
  const b = boat('b', 2, [2, 2, [6, 'dropped']]);
  assert.equal(tieBreakBetween(a, b), 'A8.2');
});

test('identical scores stay tied', () => {
  assert.equal(tieBreakBetween(boat('a', 1, [2, 3]), boat('b', 1, [2, 3])), 'unbroken');
});

test('high point: best is highest (10,6 v 8,8: 10 > 8 under A8.1)', () => {
  assert.equal(tieBreakBetween(boat('a', 1, [10, 6]), boat('b', 2, [8, 8]), true), 'A8.1');
});

test('tieNotes marks only tied boats, naming the others', () => {
  const entries = [boat('a', 1, [1, 3, [5, 'dropped']]), boat('b', 2, [2, 2, [4, 'dropped']]), boat('c', 3, [4, 4])];
  const notes = tieNotes(entries);
  assert.equal(notes.size, 2);
  assert.deepEqual(notes.get('a'), { tiedWith: ['GBR b'], rule: 'A8.1' });
  assert.deepEqual(notes.get('b'), { tiedWith: ['GBR a'], rule: 'A8.1' });
  assert.equal(notes.get('c'), undefined);
});
