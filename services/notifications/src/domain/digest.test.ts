import assert from 'node:assert/strict';
import { test } from 'node:test';
import { digestFactId, digestSlot } from './digest.js';

const slot = (collectedAt: string, zone: string | null, hour = 18) => {
  const found = digestSlot(new Date(collectedAt), zone, hour);
  return { dueAt: found.dueAt.toISOString(), day: found.day };
};

test('the digest of Europe/Berlin at 18:00 on 2027-06-12 is due at 16:00Z (CEST, UTC+2)', () => {
  assert.deepEqual(slot('2027-06-12T09:30:00Z', 'Europe/Berlin'), { dueAt: '2027-06-12T16:00:00.000Z', day: '2027-06-12' });
  assert.deepEqual(slot('2027-06-12T15:59:59Z', 'Europe/Berlin'), { dueAt: '2027-06-12T16:00:00.000Z', day: '2027-06-12' });
});

test('a change collected at the digest hour or later goes into the next day', () => {
  assert.deepEqual(slot('2027-06-12T16:00:00Z', 'Europe/Berlin'), { dueAt: '2027-06-13T16:00:00.000Z', day: '2027-06-13' });
  // 00:30 on 13 June in Berlin is still 12 June in UTC.
  assert.deepEqual(slot('2027-06-12T22:30:00Z', 'Europe/Berlin'), { dueAt: '2027-06-13T16:00:00.000Z', day: '2027-06-13' });
});

test('winter time, the change to summer time and other zones', () => {
  // CET, UTC+1: 18:00 is 17:00Z.
  assert.deepEqual(slot('2027-01-15T10:00:00Z', 'Europe/Berlin'), { dueAt: '2027-01-15T17:00:00.000Z', day: '2027-01-15' });
  // 18:30 CET on Saturday 27 March; clocks go forward that night, so Sunday's 18:00 CEST is 16:00Z.
  assert.deepEqual(slot('2027-03-27T17:30:00Z', 'Europe/Berlin'), { dueAt: '2027-03-28T16:00:00.000Z', day: '2027-03-28' });
  // New York in summer is UTC-4: 19:00 EDT on 12 June is after that day's 18:00 (22:00Z).
  assert.deepEqual(slot('2027-06-12T23:00:00Z', 'America/New_York'), { dueAt: '2027-06-13T22:00:00.000Z', day: '2027-06-13' });
  // No zone (or an unknown one): UTC.
  assert.deepEqual(slot('2027-06-12T17:59:00Z', null), { dueAt: '2027-06-12T18:00:00.000Z', day: '2027-06-12' });
  assert.deepEqual(slot('2027-06-12T17:59:00Z', 'Mars/Olympus'), { dueAt: '2027-06-12T18:00:00.000Z', day: '2027-06-12' });
});

test('an hour skipped by the clock change comes out one hour later', () => {
  // 02:00 does not exist in Berlin on 28 March 2027 (02:00 CET -> 03:00 CEST = 01:00Z).
  assert.deepEqual(slot('2027-03-27T12:00:00Z', 'Europe/Berlin', 2), { dueAt: '2027-03-28T01:00:00.000Z', day: '2027-03-28' });
  // 02:00 happens twice on 31 October 2027 (CEST, then CET): one of them, 00:00Z or 01:00Z.
  assert.match(slot('2027-10-30T12:00:00Z', 'Europe/Berlin', 2).dueAt, /^2027-10-31T0[01]:00:00\.000Z$/);
});

test('one digest id per regatta and day, whoever computes it', () => {
  const regatta = '6f1c2a5e-8d3b-4c7a-9e0f-1a2b3c4d5e6f';
  assert.equal(digestFactId(regatta, '2027-06-12'), digestFactId(regatta, '2027-06-12'));
  assert.notEqual(digestFactId(regatta, '2027-06-12'), digestFactId(regatta, '2027-06-13'));
  assert.match(digestFactId(regatta, '2027-06-12'), /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
