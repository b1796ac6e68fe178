import assert from 'node:assert/strict';
import { test } from 'node:test';
import { copiedDates, dayAt, daysBetween, shiftByDays } from './copy-dates.js';

const at = (iso: string) => new Date(iso);

test('a copy moves by the days from the source start day to the new one: 2026-04-18 -> 2027-04-17 is 364 days', () => {
  assert.equal(daysBetween('2026-04-18', '2027-04-17'), 364);
  assert.equal(daysBetween('2027-04-17', '2026-04-18'), -364);
  assert.equal(daysBetween('2024-02-28', '2024-03-01'), 2, 'a leap day counts');
  const copy = copiedDates(
    {
      startDate: at('2026-04-18T09:00:00Z'),
      endDate: at('2026-04-19T17:00:00Z'),
      registrationOpen: at('2026-02-01T00:00:00Z'),
      registrationClose: at('2026-04-15T12:00:00Z'),
      timeZone: null,
    },
    { startDate: { day: '2027-04-17' } },
  );
  assert.equal(copy.offsetDays, 364);
  assert.deepEqual(
    [copy.startDate, copy.endDate, copy.registrationOpen, copy.registrationClose].map((date) => date?.toISOString()),
    ['2027-04-17T09:00:00.000Z', '2027-04-18T17:00:00.000Z', '2027-01-31T00:00:00.000Z', '2027-04-14T12:00:00.000Z'],
  );
  assert.deepEqual(copy.problems, []);
  // A race of the source at 13:00 on its second day is at 13:00 on the copy's second day.
  assert.equal(shiftByDays(at('2026-04-19T13:00:00Z'), 364, null).toISOString(), '2027-04-18T13:00:00.000Z');
});

test('the time of day stays the same at the venue, across a change of daylight saving time', () => {
  // Rome: 11:00 on Saturday 2026-03-28 is 10:00Z (CET, +1); a week later, 2026-04-04, clocks are on CEST (+2): 11:00 is 09:00Z.
  assert.equal(shiftByDays(at('2026-03-28T10:00:00Z'), 7, 'Europe/Rome').toISOString(), '2026-04-04T09:00:00.000Z');
  // Without a time zone the copy keeps UTC times: 10:00Z stays 10:00Z.
  assert.equal(shiftByDays(at('2026-03-28T10:00:00Z'), 7, null).toISOString(), '2026-04-04T10:00:00.000Z');
  // New York, 22:00 on 2026-04-17 (EDT, -4) is 02:00Z on the 18th: its day at the venue is the 17th.
  assert.equal(dayAt(at('2026-04-18T02:00:00Z'), 'America/New_York'), '2026-04-17');
  const copy = copiedDates(
    { startDate: at('2026-04-18T02:00:00Z'), endDate: at('2026-04-19T20:00:00Z'), registrationOpen: null, registrationClose: null, timeZone: 'America/New_York' },
    { startDate: { day: '2027-04-16' } },
  );
  assert.equal(copy.offsetDays, 364);
  assert.deepEqual([copy.startDate.toISOString(), copy.endDate.toISOString()], ['2027-04-17T02:00:00.000Z', '2027-04-18T20:00:00.000Z']);
  // Going back in time works the same way (a negative offset): one day before, still 22:00 local.
  assert.equal(shiftByDays(at('2026-04-18T02:00:00Z'), -1, 'America/New_York').toISOString(), '2026-04-17T02:00:00.000Z');
});

test("a date-time names its day at the venue (its time of day is not used); the end may name its own day", () => {
  const source = { startDate: at('2026-04-18T09:00:00Z'), endDate: at('2026-04-19T17:00:00Z'), registrationOpen: null, registrationClose: null, timeZone: null };
  const fromInstant = copiedDates(source, { startDate: { instant: at('2027-04-17T23:30:00Z') } });
  assert.deepEqual([fromInstant.offsetDays, fromInstant.startDate.toISOString()], [364, '2027-04-17T09:00:00.000Z']);
  // A three-day copy of a two-day regatta: the end's day is 2027-04-20, its time of day 17:00 as before.
  const longer = copiedDates(source, { startDate: { day: '2027-04-17' }, endDate: { day: '2027-04-20' } });
  assert.deepEqual([longer.endDate.toISOString(), longer.problems], ['2027-04-20T17:00:00.000Z', []]);
  const backwards = copiedDates(source, { startDate: { day: '2027-04-17' }, endDate: { day: '2027-04-16' } });
  assert.deepEqual(backwards.problems, [{ field: 'endDate', message: 'must not be before startDate' }]);
});

test('a copy refuses to move any date (races included) outside the years 0001-9999', () => {
  const source = { startDate: at('2026-04-18T09:00:00Z'), endDate: at('2026-04-19T17:00:00Z'), registrationOpen: null, registrationClose: null, timeZone: null };
  assert.deepEqual(copiedDates(source, { startDate: { day: '9999-12-30' } }).problems, []);
  assert.equal(copiedDates(source, { startDate: { day: '0050-06-01' } }).startDate.toISOString(), '0050-06-01T09:00:00.000Z', 'the year 50, not 1950');
  assert.deepEqual(copiedDates(source, { startDate: { day: '0000-06-01' } }).problems.map((problem) => problem.field), ['startDate']);
  // The end (one day after the start) would fall on 10000-01-01.
  assert.deepEqual(copiedDates(source, { startDate: { day: '9999-12-31' } }).problems.map((problem) => problem.field), ['startDate']);
  // So would a race three days after the start.
  assert.deepEqual(copiedDates(source, { startDate: { day: '9999-12-30' } }, [at('2026-04-21T10:00:00Z')]).problems.map((problem) => problem.field), ['startDate']);
});
