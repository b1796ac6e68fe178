import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectedBoats, matchSail, normalizeSail, type Boat } from './boats';

const boat = (entryId: string, fleetId: string, sailNumber: string | null): Boat => ({ entryId, fleetId, sailNumber, boatName: `Boat ${entryId}` });
const fleet = [boat('a', 'f1', 'GER 12'), boat('b', 'f1', 'GER 121'), boat('c', 'f1', 'NED 3'), boat('d', 'f2', 'GER 7'), boat('e', 'f1', 'GER 2')];

test('sail numbers compare without case, spaces or dashes', () => {
  assert.equal(normalizeSail('ger-12 '), 'GER12');
});

test('expected boats: the start\'s fleets only, finished ones hidden, in sail number order', () => {
  assert.deepEqual(expectedBoats(fleet, new Set(['f1']), new Set(['c'])).map((b) => b.sailNumber), ['GER 2', 'GER 12', 'GER 121']);
  assert.deepEqual(expectedBoats(fleet, new Set(['f1', 'f2']), new Set()).map((b) => b.entryId), ['e', 'd', 'a', 'b', 'c']);
});

test('typed prefixes: "GER1" finds GER 12 and GER 121; "ger 12" puts the exact match first', () => {
  assert.deepEqual(matchSail(fleet, 'GER1').map((b) => b.entryId), ['a', 'b']);
  assert.deepEqual(matchSail(fleet, 'ger 12').map((b) => b.entryId), ['a', 'b']);
  assert.deepEqual(matchSail(fleet, 'GER 121').map((b) => b.entryId), ['b']);
});

test('digits alone match behind the nation letters, exact first', () => {
  assert.deepEqual(matchSail(fleet, '12').map((b) => b.entryId), ['a', 'b']);
  assert.deepEqual(matchSail(fleet, '3').map((b) => b.entryId), ['c']);
  assert.deepEqual(matchSail(fleet, ''), []);
  assert.deepEqual(matchSail(fleet, 'X9'), []);
});
