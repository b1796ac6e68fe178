import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderCsv } from '@regatta/exports';
import { tallyTable } from './tally-csv.js';
import { boatTallies, deadlineOf, mayClose, missesOf, personsFor, summarize, tallyDay, type Movement, type TallyBoat } from './tally.js';

const boat = (n: number, fleetId = 'f1'): TallyBoat => ({
  registrationId: `r${n}`,
  boatId: `b${n}`,
  fleetId,
  sailNumber: `GER ${n}`,
  boatName: `Boat ${n}`,
  userId: `u${n}`,
  sailorName: `Sailor ${n}`,
  crew: n === 1 ? ['Crew A'] : [],
  emergencyContact: `+49 40 ${n}`,
});

const move = (n: number, kind: 'out' | 'in', minute: number, persons = 2): Movement => ({
  id: `m${n}${kind}${minute}`,
  registrationId: `r${n}`,
  day: '2026-06-13',
  kind,
  personsOnBoard: persons,
  persons: [],
  at: new Date(Date.UTC(2026, 5, 13, 9, minute)),
  receivedAt: new Date(Date.UTC(2026, 5, 13, 9, minute)),
  recorder: { kind: 'entrant', id: `u${n}`, label: 'Entrant' },
});

test('the sign-in deadline is the wall clock of the regatta: 18:00 in Kiel in June is 16:00 UTC', () => {
  assert.equal(deadlineOf('2026-06-13', '18:00', 'Europe/Berlin')?.toISOString(), '2026-06-13T16:00:00.000Z');
  // In January (CET, +1) the same 18:00 is 17:00 UTC; without a zone the regatta keeps UTC.
  assert.equal(deadlineOf('2026-01-10', '18:00', 'Europe/Berlin')?.toISOString(), '2026-01-10T17:00:00.000Z');
  assert.equal(deadlineOf('2026-06-13', '18:00', null)?.toISOString(), '2026-06-13T18:00:00.000Z');
  assert.equal(deadlineOf('2026-06-13', null, 'Europe/Berlin'), null);
  // 23:30 UTC on the 13th is already the 14th in Kiel.
  assert.equal(tallyDay(new Date('2026-06-13T23:30:00Z'), 'Europe/Berlin'), '2026-06-14');
});

test('five boats sign out, four sign in: one afloat with her two on board; flagged only from the deadline on', () => {
  const boats = [1, 2, 3, 4, 5].map((n) => boat(n));
  const movements = [1, 2, 3, 4, 5].map((n) => move(n, 'out', n, n === 5 ? 2 : 3)).concat([1, 2, 3, 4].map((n) => move(n, 'in', 30 + n)));
  const deadline = new Date('2026-06-13T16:00:00Z');
  const before = boatTallies(boats, movements, deadline, new Date('2026-06-13T15:59:59Z'));
  assert.deepEqual(before.map((t) => t.state), ['returned', 'returned', 'returned', 'returned', 'afloat']);
  assert.deepEqual(summarize(before), { afloat: 1, personsAfloat: 2, returned: 4, ashore: 0, flagged: 0 });
  const after = boatTallies(boats, movements, deadline, deadline);
  assert.deepEqual(after.filter((t) => t.flagged).map((t) => t.boat.sailNumber), ['GER 5']);
  assert.equal(summarize(after).flagged, 1);
  // No deadline set: nobody is ever flagged.
  assert.equal(summarize(boatTallies(boats, movements, null, new Date('2026-06-14T00:00:00Z'))).flagged, 0);
});

test('the last movement decides: out, in, out again is afloat; in without out is back but missed the sign-out', () => {
  const [b1, b2] = [boat(1), boat(2)];
  const movements = [move(1, 'out', 1), move(1, 'in', 20), move(1, 'out', 40, 1), move(2, 'in', 50)];
  const tallies = boatTallies([b1, b2], movements, null, new Date());
  assert.deepEqual(tallies.map((t) => [t.state, t.personsOnBoard]), [['afloat', 1], ['returned', 2]]);
  const misses = missesOf([b1, b2], movements, new Map([['f1', ['race1', 'race2']]]), new Date('2026-06-13T16:00:00Z'));
  assert.deepEqual(misses.map((m) => [m.sailNumber, m.breach, m.raceIds]), [
    ['GER 1', 'sign_in', ['race1', 'race2']],
    ['GER 2', 'sign_out', ['race1', 'race2']],
  ]);
});

test('a boat that never signed out misses the sign-out only on a day her fleet raced', () => {
  const misses = missesOf([boat(1, 'f1'), boat(2, 'f2')], [], new Map([['f1', ['race1']]]), new Date('2026-06-13T16:00:00Z'));
  assert.deepEqual(misses.map((m) => [m.registrationId, m.breach]), [['r1', 'sign_out']]);
});

test('a sign-in kept offline and sent late still follows the sign-out before it: the times decide, not the arrival', () => {
  // Out at 09:05 (sent at once), in at 09:30 on a phone offline until 09:50, which arrives after a
  // second device's sign-out tapped at 09:40: in the order they happened she is afloat since 09:40.
  const late = { ...move(1, 'in', 30), receivedAt: new Date('2026-06-13T09:50:00Z') };
  const tallies = boatTallies([boat(1)], [move(1, 'out', 5), move(1, 'out', 40), late], null, new Date('2026-06-13T10:00:00Z'));
  assert.deepEqual([tallies[0]!.state, tallies[0]!.signedOutAt?.toISOString()], ['afloat', '2026-06-13T09:40:00.000Z']);
  const inTime = boatTallies([boat(1)], [move(1, 'out', 5), late], null, new Date('2026-06-13T10:00:00Z'));
  assert.deepEqual([inTime[0]!.state, inTime[0]!.signedInAt?.toISOString()], ['returned', '2026-06-13T09:30:00.000Z']);
});

test('a closed day judges the sign-ins at the deadline by the time they were tapped, whenever they arrived', () => {
  // Deadline 09:45Z. GER 1 tapped her sign-in at 09:44 on a phone offline until 10:30: in time.
  // GER 2 signed in at 09:46: late, she missed the sign-in. GER 3 launched after the deadline (09:50)
  // and is still out: not a miss of this deadline (the board flags her). GER 4 never signed out.
  const deadline = new Date('2026-06-13T09:45:00Z');
  const boats = [1, 2, 3, 4].map((n) => boat(n));
  const movements = [move(1, 'out', 1), { ...move(1, 'in', 44), receivedAt: new Date('2026-06-13T10:30:00Z') }, move(2, 'out', 2), move(2, 'in', 46), move(3, 'out', 50)];
  const misses = missesOf(boats, movements, new Map([['f1', ['race1']]]), deadline);
  assert.deepEqual(misses.map((m) => [m.sailNumber, m.breach]), [['GER 2', 'sign_in'], ['GER 4', 'sign_out']]);
  assert.equal(boatTallies(boats, movements, deadline, new Date('2026-06-13T10:31:00Z'))[2]!.flagged, true);
});

test('persons on board: as stated, else as signed out (one-tap sign-in), else helm and crew of the entry', () => {
  const b1 = boat(1);
  assert.deepEqual(personsFor({ kind: 'out', personsOnBoard: 3 }, b1, undefined), { personsOnBoard: 3, persons: [] });
  assert.deepEqual(personsFor({ kind: 'out' }, b1, undefined), { personsOnBoard: 2, persons: ['Sailor 1', 'Crew A'] });
  assert.deepEqual(personsFor({ kind: 'in' }, b1, move(1, 'out', 1, 4)), { personsOnBoard: 4, persons: [] });
  assert.deepEqual(personsFor({ kind: 'out' }, { ...b1, sailorName: null, crew: [] }, undefined), { personsOnBoard: 1, persons: [] });
});

test('a day closes from its deadline on; without one, after midnight of the regatta', () => {
  const deadline = deadlineOf('2026-06-13', '18:00', 'Europe/Berlin');
  assert.equal(mayClose('2026-06-13', deadline, 'Europe/Berlin', new Date('2026-06-13T15:59:00Z')), false);
  assert.equal(mayClose('2026-06-13', deadline, 'Europe/Berlin', new Date('2026-06-13T16:00:00Z')), true);
  assert.equal(mayClose('2026-06-13', null, 'Europe/Berlin', new Date('2026-06-13T21:59:00Z')), false);
  assert.equal(mayClose('2026-06-13', null, 'Europe/Berlin', new Date('2026-06-13T22:00:00Z')), true);
});

test('the CSV has one row per boat and defuses formula cells', () => {
  const tallies = boatTallies([{ ...boat(1), boatName: '=HYPERLINK("x")' }], [move(1, 'out', 5)], null, new Date());
  const csv = renderCsv(tallyTable(tallies, new Map([['f1', 'ILCA 7']]), { eventName: 'Kiel', slug: 'kiel', day: '2026-06-13' }));
  const [header, row] = csv.replace('\uFEFF', '').trimEnd().split('\r\n');
  assert.equal(header, 'sail_number,boat_name,fleet,entrant,state,persons_on_board,persons,signed_out_at,signed_in_at,flagged,emergency_contact');
  assert.equal(row, `GER 1,"'=HYPERLINK(""x"")",ILCA 7,Sailor 1,afloat,2,,2026-06-13T09:05:00.000Z,,no,'+49 40 1`);
});
