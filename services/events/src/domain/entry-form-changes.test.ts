import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ageOn, crewGuardianProblems, fleetAvailability, withCrewGuardians, type Waiver, type WaiverAcceptance } from './entry-form.js';

// The regatta's first day: 15 June 2027.
const firstDay = new Date('2027-06-15T10:00:00Z');

test('a crew member 17 years and 364 days old on the first day is a minor: the guardian is asked on the field', () => {
  // Born 16 June 2009: the 18th birthday is the day after the first day.
  assert.equal(ageOn('2009-06-16', firstDay), 17);
  const problems = crewGuardianProblems([{ name: 'Ada Adult', dateOfBirth: '1990-01-01' }, { name: 'Tim Teen', dateOfBirth: '2009-06-16' }], firstDay);
  assert.deepEqual(problems.map((problem) => problem.field), ['crewMembers.1.guardianName']);
});

test('a crew member whose 18th birthday is the first day is an adult: no guardian needed', () => {
  assert.equal(ageOn('2009-06-15', firstDay), 18);
  assert.deepEqual(crewGuardianProblems([{ name: 'Bea Birthday', dateOfBirth: '2009-06-15' }], firstDay), []);
});

test('born on 29 February: still 17 on 28 February of the 18th year, 18 on 1 March', () => {
  assert.deepEqual(crewGuardianProblems([{ name: 'Leap', dateOfBirth: '2008-02-29' }], new Date('2026-02-28T00:00:00Z')).length, 1);
  assert.deepEqual(crewGuardianProblems([{ name: 'Leap', dateOfBirth: '2008-02-29' }], new Date('2026-03-01T00:00:00Z')), []);
});

test('a minor crew member with a guardian named, or without a date of birth, passes; a blank name does not', () => {
  assert.deepEqual(crewGuardianProblems([{ name: 'Tim Teen', dateOfBirth: '2013-01-01', guardianName: 'Ann Teen' }, { name: 'No Date' }], firstDay), []);
  assert.deepEqual(crewGuardianProblems([{ name: 'Tim Teen', dateOfBirth: '2013-01-01', guardianName: '  ' }], firstDay).map((p) => p.field), ['crewMembers.0.guardianName']);
});

test("each acceptance of a waiver's current version records the minor crew's guardians: who for, who, when", () => {
  const waivers: Waiver[] = [{ id: 'w-risk', title: 'Risk', body: 'At my own risk.', version: 2 }, { id: 'w-photo', title: 'Photos', body: 'Photos.', version: 1 }];
  const held: WaiverAcceptance[] = [
    { waiverId: 'w-risk', version: 2, acceptedBy: 'u-1', name: 'Sam', acceptedAt: '2027-05-01T10:00:00.000Z', guardian: null, crewGuardians: [{ crewMember: 'Tim Teen', name: 'Ann Teen', acceptedAt: '2027-05-01T10:00:00.000Z' }] },
    // An older version: accepted then, left as it was.
    { waiverId: 'w-photo', version: 0, acceptedBy: 'u-1', name: 'Sam', acceptedAt: '2027-04-01T10:00:00.000Z', guardian: null },
  ];
  const crew = [
    { name: 'Tim Teen', dateOfBirth: '2012-03-04', guardianName: 'Ann Teen' },
    { name: 'Mia Minor', dateOfBirth: '2011-07-01', guardianName: 'Max Minor' },
    { name: 'Ada Adult', dateOfBirth: '1990-01-01', guardianName: 'ignored' },
  ];
  const at = new Date('2027-05-20T08:30:00Z');
  const [risk, photo] = withCrewGuardians(held, waivers, crew, firstDay, at);
  assert.deepEqual(risk!.crewGuardians, [
    { crewMember: 'Tim Teen', name: 'Ann Teen', acceptedAt: '2027-05-01T10:00:00.000Z' },
    { crewMember: 'Mia Minor', name: 'Max Minor', acceptedAt: '2027-05-20T08:30:00.000Z' },
  ]);
  assert.equal(photo!.crewGuardians, undefined);
  // Tim leaves the boat: his guardian's record goes with him.
  const [after] = withCrewGuardians([risk!], waivers, crew.slice(1), firstDay, at);
  assert.deepEqual(after!.crewGuardians!.map((g) => g.crewMember), ['Mia Minor']);
});

test('places left per fleet: the fewer of the fleet and the regatta; none left is the waitlist', () => {
  // Laser 8 of 10 in a regatta of 30 with 29 taken: the regatta leaves 1.
  assert.deepEqual(fleetAvailability({ maxParticipants: 30, registered: 29 }, { maxBoats: 10, registered: 8 }), { placesLeft: 1, availability: 'open' });
  // Laser 8 of 10, no regatta limit: 2 left.
  assert.deepEqual(fleetAvailability({ maxParticipants: null, registered: 29 }, { maxBoats: 10, registered: 8 }), { placesLeft: 2, availability: 'open' });
  // ILCA 6 at 6 of 6: full, the waitlist is open.
  assert.deepEqual(fleetAvailability({ maxParticipants: null, registered: 14 }, { maxBoats: 6, registered: 6 }), { placesLeft: 0, availability: 'waitlist' });
  // A regatta of 20 with 20 taken fills every fleet, even one without a limit.
  assert.deepEqual(fleetAvailability({ maxParticipants: 20, registered: 20 }, { maxBoats: null, registered: 3 }), { placesLeft: 0, availability: 'waitlist' });
  // No limit anywhere: open, no count.
  assert.deepEqual(fleetAvailability({ maxParticipants: null, registered: 100 }, { maxBoats: null, registered: 50 }), { placesLeft: null, availability: 'open' });
  // A limit lowered below the boats already in: still 0, not negative.
  assert.deepEqual(fleetAvailability({ maxParticipants: null, registered: 9 }, { maxBoats: 5, registered: 9 }).placesLeft, 0);
});
