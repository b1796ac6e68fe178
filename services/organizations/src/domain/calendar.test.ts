import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countsOf, isoDate, pastEventsByYear, recentOf, registrationIsOpen, upcomingOf, type CalendarEvent } from './calendar.js';

const now = new Date('2025-06-15T12:00:00Z');
let n = 0;
function ev(status: string, start: string, end: string, extra: Partial<CalendarEvent> = {}): CalendarEvent {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    slug: `e${n}`,
    name: `Event ${n}`,
    startDate: new Date(start),
    endDate: new Date(end),
    registrationOpen: null,
    registrationClose: null,
    status,
    ...extra,
  };
}

// A club calendar: 2 upcoming (one ongoing), 4 past (2024: 1, 2025: 2, 2023: 1; one of them a
// published regatta whose end passed), plus a draft and a cancelled one that never count.
const ongoing = ev('ongoing', '2025-06-14T09:00:00Z', '2025-06-16T18:00:00Z');
const summer = ev('published', '2025-07-04T09:00:00Z', '2025-07-06T18:00:00Z');
const spring = ev('completed', '2025-04-10T09:00:00Z', '2025-04-12T18:00:00Z');
const mayEnded = ev('published', '2025-05-01T09:00:00Z', '2025-05-02T18:00:00Z');
const autumn = ev('completed', '2024-10-01T09:00:00Z', '2024-10-03T18:00:00Z');
const newYear = ev('completed', '2023-12-31T20:00:00Z', '2024-01-01T02:00:00Z');
const draft = ev('draft', '2025-08-01T09:00:00Z', '2025-08-02T18:00:00Z');
const cancelled = ev('cancelled', '2025-03-01T09:00:00Z', '2025-03-02T18:00:00Z');
const calendar = [spring, summer, draft, autumn, ongoing, cancelled, newYear, mayEnded];

test('counts: 2 upcoming (published or ongoing, not ended) of 6 public', () => {
  assert.deepEqual(countsOf(calendar, now), { upcomingEvents: 2, totalEvents: 6 });
});

test('upcoming soonest first; recent most recently ended first', () => {
  assert.deepEqual(upcomingOf(calendar, now).map((e) => e.id), [ongoing.id, summer.id]);
  assert.deepEqual(recentOf(calendar, now).map((e) => e.id), [mayEnded.id, spring.id, autumn.id, newYear.id]);
  assert.deepEqual(recentOf(calendar, now, 2).map((e) => e.id), [mayEnded.id, spring.id]);
});

test('pastEvents groups past regattas by UTC start year, newest year first, with a total', () => {
  const past = pastEventsByYear(calendar, now);
  assert.deepEqual(past, { year2025: 2, year2024: 1, year2023: 1, total: 4 });
  assert.deepEqual(Object.keys(past), ['year2025', 'year2024', 'year2023', 'total']);
  assert.deepEqual(pastEventsByYear([draft, summer], now), { total: 0 });
});

test('registrationOpen: published, window opened, not yet closed (or not yet started)', () => {
  const base = { status: 'published', startDate: new Date('2025-07-04T09:00:00Z') };
  assert.equal(registrationIsOpen({ ...base, registrationOpen: null, registrationClose: null }, now), true);
  assert.equal(registrationIsOpen({ ...base, registrationOpen: new Date('2025-06-16T00:00:00Z'), registrationClose: null }, now), false);
  assert.equal(registrationIsOpen({ ...base, registrationOpen: new Date('2025-06-01T00:00:00Z'), registrationClose: new Date('2025-06-15T12:00:00Z') }, now), false);
  assert.equal(registrationIsOpen({ ...base, registrationOpen: new Date('2025-06-01T00:00:00Z'), registrationClose: new Date('2025-06-15T12:00:01Z') }, now), true);
  assert.equal(registrationIsOpen({ ...base, status: 'ongoing', registrationOpen: null, registrationClose: null }, now), false);
  assert.equal(registrationIsOpen({ ...base, startDate: new Date('2025-06-15T11:59:59Z'), registrationOpen: null, registrationClose: null }, now), false);
});

test('isoDate is the UTC calendar date', () => {
  assert.equal(isoDate(new Date('2023-12-31T23:30:00-02:00')), '2024-01-01');
});
