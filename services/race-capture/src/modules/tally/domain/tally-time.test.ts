import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deviceTimeRefusal, dueDays, type CloseCandidate } from './tally-time.js';

test('a device time is taken up to 2 minutes ahead of the server and 24 hours behind it', () => {
  const received = new Date('2027-06-12T12:00:00Z');
  assert.equal(deviceTimeRefusal(new Date('2027-06-12T12:02:00Z'), received), null);
  assert.equal(deviceTimeRefusal(new Date('2027-06-12T12:02:01Z'), received)?.code, 'time_in_future');
  assert.equal(deviceTimeRefusal(new Date('2027-06-11T12:00:00Z'), received), null);
  assert.equal(deviceTimeRefusal(new Date('2027-06-11T11:59:59Z'), received)?.code, 'time_too_old');
  // Tapped at 17:55 Kiel time (15:55Z), sent at 18:10 (16:10Z) when the phone found the network.
  assert.equal(deviceTimeRefusal(new Date('2027-06-12T15:55:00Z'), new Date('2027-06-12T16:10:00Z')), null);
});

const kiel = (day: string, signInDeadline = '18:00'): CloseCandidate => ({ eventId: 'e1', day, signInDeadline, timeZone: 'Europe/Berlin' });

test('a day is due to close from its deadline on the regatta clock: 18:00 in Kiel on 2027-06-12 is 16:00:00Z', () => {
  const day = kiel('2027-06-12');
  assert.deepEqual(dueDays([day], new Date('2027-06-12T15:59:59Z')), []);
  assert.deepEqual(dueDays([day], new Date('2027-06-12T16:00:00Z')).map((due) => [due.day, due.deadline.toISOString()]), [['2027-06-12', '2027-06-12T16:00:00.000Z']]);
  // In January (CET) the same 18:00 is 17:00Z; a regatta without a zone keeps UTC.
  assert.equal(dueDays([kiel('2027-01-09')], new Date('2027-01-09T16:59:59Z')).length, 0);
  assert.equal(dueDays([kiel('2027-01-09')], new Date('2027-01-09T17:00:00Z')).length, 1);
  assert.equal(dueDays([{ ...day, timeZone: null }], new Date('2027-06-12T17:59:59Z')).length, 0);
  assert.equal(dueDays([{ ...day, timeZone: null }], new Date('2027-06-12T18:00:00Z')).length, 1);
});

test('a deadline late in the evening in Auckland falls on the previous UTC day; the next day is not due yet', () => {
  // 20:30 in Auckland (NZST, +12) on 2027-06-12 is 08:30Z on the 12th.
  const auckland: CloseCandidate = { eventId: 'e2', day: '2027-06-12', signInDeadline: '20:30', timeZone: 'Pacific/Auckland' };
  assert.equal(dueDays([auckland], new Date('2027-06-12T08:29:59Z')).length, 0);
  assert.equal(dueDays([auckland, { ...auckland, day: '2027-06-13' }], new Date('2027-06-12T08:30:00Z')).map((due) => due.day).join(), '2027-06-12');
});

test('a day whose deadline passed more than seven days ago is left to the organizer', () => {
  const day = kiel('2027-06-12');
  assert.equal(dueDays([day], new Date('2027-06-19T16:00:00Z')).length, 1);
  assert.equal(dueDays([day], new Date('2027-06-19T16:00:01Z')).length, 0);
});
