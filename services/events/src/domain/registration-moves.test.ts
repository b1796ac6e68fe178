import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseToPromote, statusAfterMove } from './registrations.js';

test('a registered entry moving keeps a place where the new fleet has one: regatta 10 of 10, fleet B 3 of 4', () => {
  // Its own place in the regatta is given up first: 9 of 10 taken, B has 3 of 4.
  assert.equal(statusAfterMove('registered', { max: 10, registered: 10 }, { max: 4, registered: 3 }), 'registered');
});

test('moving into a full fleet waits: fleet B 4 of 4', () => {
  assert.equal(statusAfterMove('registered', { max: 10, registered: 6 }, { max: 4, registered: 4 }), 'waitlisted');
  assert.equal(statusAfterMove('registered', { max: null, registered: 6 }, { max: 1, registered: 1 }), 'waitlisted');
});

test('a waitlisted entry takes a place only when the regatta has one too', () => {
  assert.equal(statusAfterMove('waitlisted', { max: 10, registered: 10 }, { max: 4, registered: 3 }), 'waitlisted');
  assert.equal(statusAfterMove('waitlisted', { max: 10, registered: 9 }, { max: 4, registered: 3 }), 'registered');
  assert.equal(statusAfterMove('waitlisted', { max: null, registered: 40 }, { max: null, registered: 12 }), 'registered');
});

test("the place freed in the old fleet goes to that fleet's first waitlisted boat", () => {
  // Fleet A (max 2) had 2 registered; one moved to B, so A has 1 of 2. The waitlist: a boat for B (full), then two for A.
  const waitlist = [
    { id: 'for-b', fleetId: 'B', sequence: 5 },
    { id: 'first-for-a', fleetId: 'A', sequence: 7 },
    { id: 'second-for-a', fleetId: 'A', sequence: 9 },
  ];
  const fleets = new Map([['A', { max: 2, registered: 1 }], ['B', { max: 3, registered: 3 }]]);
  assert.equal(chooseToPromote(waitlist, { max: null, registered: 4 }, fleets)?.id, 'first-for-a');
});
