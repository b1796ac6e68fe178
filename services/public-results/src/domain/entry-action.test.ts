import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryAction, fleetPlaces } from './entry-action.js';

const event = { status: 'published', registrationOpen: '2027-04-01T00:00:00.000Z', registrationClose: '2027-06-01T00:00:00.000Z', maxParticipants: 30 };
const may = new Date('2027-05-01T12:00:00Z');

test('the Enter action: open with 29 of 30 places taken, full (waitlist open) at 30, then closed', () => {
  assert.deepEqual(entryAction(event, 29, may), { state: 'open', closes: '2027-06-01T00:00:00.000Z' });
  assert.deepEqual(entryAction(event, 30, may), { state: 'full', closes: '2027-06-01T00:00:00.000Z' });
  assert.deepEqual(entryAction(event, 0, new Date('2027-06-01T00:00:01Z')), { state: 'closed' });
});

test('not yet open names the day it opens; ongoing is closed, a cancelled or completed regatta shows nothing', () => {
  assert.deepEqual(entryAction(event, 0, new Date('2027-03-31T23:59:59Z')), { state: 'not_yet_open', opens: '2027-04-01T00:00:00.000Z' });
  assert.deepEqual(entryAction({ ...event, status: 'ongoing' }, 0, may), { state: 'closed' });
  assert.deepEqual(entryAction({ ...event, status: 'cancelled' }, 0, may), { state: 'none' });
  assert.deepEqual(entryAction({ ...event, maxParticipants: null, registrationOpen: null, registrationClose: null }, 500, may), { state: 'open', closes: null });
});

test('places per fleet: Laser 8 of 10 leaves 2; in a regatta of 30 with 29 taken, 1; ILCA 6 at 6 of 6 is the waitlist', () => {
  assert.deepEqual(fleetPlaces({ maxParticipants: null }, 14, { maxBoats: 10, registered: 8 }), { placesLeft: 2, availability: 'open' });
  assert.deepEqual(fleetPlaces({ maxParticipants: 30 }, 29, { maxBoats: 10, registered: 8 }), { placesLeft: 1, availability: 'open' });
  assert.deepEqual(fleetPlaces({ maxParticipants: null }, 14, { maxBoats: 6, registered: 6 }), { placesLeft: 0, availability: 'waitlist' });
  // No limit known (none set, or a fleet projected before limits were kept): open, no count.
  assert.deepEqual(fleetPlaces({ maxParticipants: null }, 14, { registered: 6 }), { placesLeft: null, availability: 'open' });
});

test('every fleet full makes the regatta full (the waitlist open) though the regatta has places', () => {
  const full = { placesLeft: 0, availability: 'waitlist' as const };
  assert.deepEqual(entryAction(event, 12, may, [full, full]), { state: 'full', closes: '2027-06-01T00:00:00.000Z' });
  assert.deepEqual(entryAction(event, 12, may, [full, { placesLeft: 2, availability: 'open' }]), { state: 'open', closes: '2027-06-01T00:00:00.000Z' });
});
