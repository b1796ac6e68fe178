import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryAction } from './entry-action.js';

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
