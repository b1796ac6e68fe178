import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_PROTEST_TIME_LIMIT_MINUTES, dayIn, isTimeZone, limitPassed, protestDeadlines } from './protest-time-limit.js';

const at = (iso: string) => new Date(iso);

test('60 minutes after the last boat finishes the day’s last race: race 1 waits for race 2 of the same day', () => {
  const r1 = { raceId: 'r1', lastFinish: at('2025-06-01T11:40:00Z'), explicitDeadline: null };
  const r2 = { raceId: 'r2', lastFinish: at('2025-06-01T14:25:00Z'), explicitDeadline: null };
  const r3 = { raceId: 'r3', lastFinish: at('2025-06-02T12:05:00Z'), explicitDeadline: null };
  const deadlines = protestDeadlines([r1, r2, r3], [], 60);
  // Day 1's last finish is 14:25 → 15:25 for both races of that day; day 2: 12:05 + 60 = 13:05.
  assert.equal(deadlines.get('r1')?.toISOString(), '2025-06-01T15:25:00.000Z');
  assert.equal(deadlines.get('r2')?.toISOString(), '2025-06-01T15:25:00.000Z');
  assert.equal(deadlines.get('r3')?.toISOString(), '2025-06-02T13:05:00.000Z');
});

test('a race already posted counts for the day even when only a later race is being posted', () => {
  const posted = { raceId: 'r1', lastFinish: at('2025-06-01T16:10:00Z'), explicitDeadline: null };
  const now = { raceId: 'r2', lastFinish: at('2025-06-01T15:00:00Z'), explicitDeadline: null };
  assert.equal(protestDeadlines([now], [posted], 90).get('r2')?.toISOString(), '2025-06-01T17:40:00.000Z');
});

test('an explicit deadline wins; no finish means no deadline; the default is 120 minutes', () => {
  const explicit = { raceId: 'r1', lastFinish: at('2025-06-01T11:00:00Z'), explicitDeadline: at('2025-06-01T18:00:00Z') };
  const none = { raceId: 'r2', lastFinish: null, explicitDeadline: null };
  const deadlines = protestDeadlines([explicit, none], [], DEFAULT_PROTEST_TIME_LIMIT_MINUTES);
  assert.equal(deadlines.get('r1')?.toISOString(), '2025-06-01T18:00:00.000Z');
  assert.equal(deadlines.get('r2'), null);
  const single = protestDeadlines([{ raceId: 'r3', lastFinish: at('2025-06-01T11:00:00Z'), explicitDeadline: null }], [], DEFAULT_PROTEST_TIME_LIMIT_MINUTES);
  assert.equal(single.get('r3')?.toISOString(), '2025-06-01T13:00:00.000Z');
});

test('the limit has passed at the deadline itself, never without one', () => {
  const deadline = at('2025-06-01T15:25:00Z');
  assert.equal(limitPassed(deadline, at('2025-06-01T15:24:59Z')), false);
  assert.equal(limitPassed(deadline, at('2025-06-01T15:25:00Z')), true);
  assert.equal(limitPassed(null, at('2030-01-01T00:00:00Z')), false);
});

test('the day is the venue\'s: Sydney races at 09:40 and 14:25 local (23:40 and 04:25 UTC) are one day', () => {
  // 2025-01-11 in Sydney is AEDT, UTC+11: 09:40 local = 2025-01-10T22:40Z, 14:25 local = 03:25Z on the 11th.
  const r1 = { raceId: 'r1', lastFinish: at('2025-01-10T22:40:00Z'), explicitDeadline: null };
  const r2 = { raceId: 'r2', lastFinish: at('2025-01-11T03:25:00Z'), explicitDeadline: null };
  const sydney = protestDeadlines([r1, r2], [], 60, 'Australia/Sydney');
  // One racing day: both wait for 14:25 local + 60 = 15:25 local = 04:25Z.
  assert.equal(sydney.get('r1')?.toISOString(), '2025-01-11T04:25:00.000Z');
  assert.equal(sydney.get('r2')?.toISOString(), '2025-01-11T04:25:00.000Z');
  // Counted in UTC days they would be split: race 1's limit would end at 23:40Z, before race 2 was sailed.
  const utc = protestDeadlines([r1, r2], [], 60);
  assert.equal(utc.get('r1')?.toISOString(), '2025-01-10T23:40:00.000Z');
  // San Francisco (PST, UTC-8): 16:30 local on 1 March = 00:30Z on 2 March is still 1 March at the venue.
  assert.equal(dayIn(at('2025-03-02T00:30:00Z'), 'America/Los_Angeles'), '2025-03-01');
  assert.equal(dayIn(at('2025-03-02T00:30:00Z'), 'UTC'), '2025-03-02');
  assert.deepEqual([isTimeZone('Europe/Rome'), isTimeZone('UTC'), isTimeZone('Mars/Olympus_Mons'), isTimeZone('')], [true, true, false, false]);
});
