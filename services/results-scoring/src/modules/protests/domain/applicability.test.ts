/** A decision's consequences get the checks a finish sheet gets: fleet, start, rating. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { consequenceRefusals, type RaceFacts } from './applicability.js';
import type { Consequence } from './consequence.js';

const START = new Date('2026-06-01T12:00:00Z');
const race: RaceFacts = { raceId: 'r1', fleetName: 'ILCA 7', actualStart: START, registered: new Set(['A', 'B']), racesBefore: true, defaultRedress: 'average_all' };
const c = (consequence: Omit<Consequence, 'raceId'> & { raceId?: string }): Consequence => ({ raceId: 'r1', ...consequence });

test('penalties and redress for boats of the fleet pass', () => {
  assert.deepEqual(consequenceRefusals([c({ boatId: 'A', action: 'dsq' }), c({ boatId: 'B', action: 'rdg', method: 'average_all' })], race), []);
});

test("a boat of another fleet is refused, naming the consequence's boat field", () => {
  assert.deepEqual(consequenceRefusals([c({ boatId: 'A', action: 'dsq' }), c({ boatId: 'X', action: 'dsq' })], race), [
    { field: 'consequences.1.boat', message: 'boat X is not entered in fleet ILCA 7, whose race this is' },
  ]);
});

test("consequences on another race are not this race's to check", () => {
  assert.deepEqual(consequenceRefusals([c({ boatId: 'X', action: 'dsq', raceId: 'r2' })], race), []);
});

test('a corrected finish time at or before the start is refused; after it passes', () => {
  const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);
  assert.deepEqual(consequenceRefusals([c({ boatId: 'A', action: 'correct', status: 'finished', finishTime: at(-10) })], race).map((r) => r.field), ['consequences.0.finishTime']);
  assert.deepEqual(consequenceRefusals([c({ boatId: 'A', action: 'correct', status: 'finished', finishTime: at(0) })], race).map((r) => r.field), ['consequences.0.finishTime']);
  assert.deepEqual(consequenceRefusals([c({ boatId: 'A', action: 'correct', status: 'finished', finishTime: at(1) })], race), []);
  assert.deepEqual(consequenceRefusals([c({ boatId: 'A', action: 'correct', finishTime: at(60) })], { ...race, actualStart: null }).map((r) => r.field), ['consequences.0.finishTime']);
});

test('a boat put back among the finishers of a handicap fleet needs a rating', () => {
  const rated = (boatId: string) => boatId === 'A';
  const irc = { ...race, fleetName: 'IRC 1', rated };
  assert.deepEqual(consequenceRefusals([c({ boatId: 'A', action: 'correct', status: 'finished' })], irc), []);
  assert.deepEqual(consequenceRefusals([c({ boatId: 'B', action: 'correct', status: 'finished' })], irc), [
    { field: 'consequences.0.boat', message: 'boat B has no rating for fleet IRC 1: she cannot be scored as a finisher' },
  ]);
  // Not a finisher: no rating needed.
  assert.deepEqual(consequenceRefusals([c({ boatId: 'B', action: 'correct', status: 'dnf' })], irc), []);
});

test('redress by A9(b) needs races before the race in question; A9(a) and points stated do not', () => {
  const first = { ...race, racesBefore: false };
  assert.deepEqual(consequenceRefusals([c({ boatId: 'A', action: 'rdg', method: 'average_before' })], first).map((r) => r.field), ['consequences.0.method']);
  assert.deepEqual(consequenceRefusals([c({ boatId: 'A', action: 'rdg', method: 'average_all' }), c({ boatId: 'B', action: 'rdg', method: 'points', points: 3 })], first), []);
  assert.deepEqual(consequenceRefusals([c({ boatId: 'A', action: 'rdg', method: 'average_before' })], race), []);
  // No method: the fleet's default decides; A9(b) by default in the first race is refused too.
  assert.deepEqual(consequenceRefusals([c({ boatId: 'A', action: 'rdg' })], first), []);
  assert.deepEqual(consequenceRefusals([c({ boatId: 'A', action: 'rdg' })], { ...first, defaultRedress: 'average_before' }).map((r) => r.field), ['consequences.0.method']);
});
