import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Schemas } from '@regatta/client';
import type { EntryForm } from './form';
import { fleetOption, KEEP_BOAT, moveBody, moveDefaults, moveSchema, NEW_BOAT } from './move';

const form = {
  event: { startDate: '2027-06-15T09:00:00.000Z' },
  entries: 'open',
  fleets: [
    { id: 'f-laser', name: 'Laser', handicapSystem: 'one_design', ratingKey: null, certificate: false, maxBoats: 10, registered: 8, placesLeft: 2, availability: 'open' },
    { id: 'f-ilca6', name: 'ILCA 6', handicapSystem: 'one_design', ratingKey: null, certificate: false, maxBoats: 6, registered: 6, placesLeft: 0, availability: 'waitlist' },
    { id: 'f-irc', name: 'IRC', handicapSystem: 'irc', ratingKey: 'irc', certificate: true, maxBoats: null, registered: 3, placesLeft: null, availability: 'open' },
  ],
  questions: [],
  waivers: [],
} as unknown as EntryForm;
const entry = { id: 'r-1', fleetId: 'f-laser', boat: { id: 'b-1', name: 'Nixie', sailNumber: 'GBR 1', model: null, ratings: {} } } as unknown as Schemas['EntryDetail'];
const t = (key: string, options?: Record<string, unknown>) => `${key} ${JSON.stringify(options)}`;

test('fleets are offered with their places: 2 left, full with the waitlist open, or no limit', () => {
  assert.equal(fleetOption(t, form.fleets[0]!), 'places.left {"fleet":"Laser","count":2}');
  assert.equal(fleetOption(t, form.fleets[1]!), 'places.full {"fleet":"ILCA 6"}');
  assert.equal(fleetOption(t, form.fleets[2]!), 'IRC');
});

test('the move body: another fleet, another boat, nothing when both are the entry own', () => {
  const values = moveDefaults(entry);
  assert.equal(moveBody(form, entry, values), null);
  assert.deepEqual(moveBody(form, entry, { ...values, fleet: 'f-ilca6' }), { fleet: 'f-ilca6' });
  assert.deepEqual(moveBody(form, entry, { ...values, boatId: 'b-2' }), { boat: { id: 'b-2' } });
  assert.deepEqual(moveBody(form, entry, { ...values, boatId: NEW_BOAT, boatName: ' Storm ', sailNumber: 'GBR 9' }), { boat: { name: 'Storm', sailNumber: 'GBR 9', model: null } });
  // Into IRC keeping the boat: its rating given with the boat's id, the certificate with it.
  assert.deepEqual(moveBody(form, entry, { ...values, fleet: 'f-irc', boatId: KEEP_BOAT, rating: '1,021', certificateNumber: 'IRC-9', certificateExpires: '2027-12-31' }), {
    fleet: 'f-irc',
    boat: { id: 'b-1', ratings: { irc: 1.021 } },
    certificates: { irc: { number: 'IRC-9', expires: '2027-12-31' } },
  });
});

test('the checks: a new boat needs a name, a rated fleet a rating the boat lacks', () => {
  const schema = moveSchema(form, entry, []);
  const values = moveDefaults(entry);
  assert.deepEqual(schema.safeParse({ ...values, boatId: NEW_BOAT }).error?.issues.map((issue) => issue.path.join('.')), ['boatName']);
  assert.deepEqual(schema.safeParse({ ...values, fleet: 'f-irc' }).error?.issues.map((issue) => issue.path.join('.')), ['rating']);
  assert.equal(schema.safeParse({ ...values, fleet: 'f-ilca6' }).success, true);
});
