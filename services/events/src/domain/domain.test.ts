import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatDuration, needsCourseDistance } from '@regatta/contracts';
import { canMoveEvent, dateProblems, describeEventMoves, normalizeMoney, registrationClosedReason, sailKey } from './events.js';
import { discardThresholdProblems, missingRating, resolveHandicapParams } from './handicap.js';
import { slugCandidate, slugify } from '@regatta/contracts';
import { canMovePayment, canMoveRegistration, chooseToPromote, initialStatus } from './registrations.js';

test('event status moves: the documented set only', () => {
  assert.equal(canMoveEvent('draft', 'published'), true);
  assert.equal(canMoveEvent('published', 'ongoing'), true);
  assert.equal(canMoveEvent('ongoing', 'completed'), true);
  assert.equal(canMoveEvent('published', 'draft'), true);
  assert.equal(canMoveEvent('ongoing', 'cancelled'), true);
  assert.equal(canMoveEvent('draft', 'completed'), false);
  assert.equal(canMoveEvent('completed', 'cancelled'), false);
  assert.equal(canMoveEvent('cancelled', 'published'), false);
  assert.equal(canMoveEvent('completed', 'completed'), true);
  assert.equal(describeEventMoves('draft'), 'From draft the status may move to: published, cancelled.');
  assert.equal(describeEventMoves('completed'), 'A completed event cannot change status.');
});

test('dates: end before start and close before open are named', () => {
  const problems = dateProblems({
    startDate: new Date('2025-06-10T09:00:00Z'),
    endDate: new Date('2025-06-09T18:00:00Z'),
    registrationOpen: new Date('2025-05-01T00:00:00Z'),
    registrationClose: new Date('2025-04-30T23:59:59Z'),
  });
  assert.deepEqual(problems.map((p) => p.field), ['endDate', 'registrationClose']);
  assert.deepEqual(
    dateProblems({ startDate: new Date('2025-06-10T09:00:00Z'), endDate: new Date('2025-06-10T09:00:00Z'), registrationOpen: null, registrationClose: null }),
    [],
  );
});

test('slugs', () => {
  assert.equal(slugify('Annapolis Race Week 2025'), 'annapolis-race-week-2025');
  assert.equal(slugify('  Coupe d’Été — Île & Côte  '), 'coupe-d-ete-ile-and-cote');
  assert.equal(slugify('!!!'), 'event');
  assert.equal(slugCandidate('spring', 1), 'spring');
  assert.equal(slugCandidate('spring', 3), 'spring-3');
});

test('registration window', () => {
  const event = { status: 'published' as const, registrationOpen: new Date('2025-05-01T00:00:00Z'), registrationClose: new Date('2025-06-01T00:00:00Z') };
  assert.equal(registrationClosedReason(event, new Date('2025-05-15T00:00:00Z')), undefined);
  assert.equal(registrationClosedReason(event, new Date('2025-04-30T23:59:59Z'))?.code, 'registration_not_open');
  assert.equal(registrationClosedReason(event, new Date('2025-06-01T00:00:01Z'))?.code, 'registration_closed');
  assert.equal(registrationClosedReason({ ...event, status: 'draft' }, new Date('2025-05-15T00:00:00Z'))?.code, 'registration_not_open');
});

test('formatting', () => {
  assert.equal(formatDuration(3723), '01:02:03');
  assert.equal(formatDuration(90061.4), '25:01:01');
  assert.equal(formatDuration(null), null);
  assert.equal(normalizeMoney('125'), '125.00');
  assert.equal(normalizeMoney(99.5), '99.50');
  assert.equal(normalizeMoney('12.345'), undefined);
  assert.equal(normalizeMoney('-5'), undefined);
  assert.equal(sailKey('usa 123'), 'USA123');
  assert.equal(sailKey('USA-123'), 'USA123');
  assert.equal(sailKey(' - '), null);
});

test('handicap params: PHRF ToT defaults 650/550, unknown params named', () => {
  assert.deepEqual(resolveHandicapParams('phrf_tot', undefined), { params: { a: 650, b: 550 }, problems: [] });
  assert.deepEqual(resolveHandicapParams('phrf_tot', { a: 600 }).params, { a: 600, b: 550 });
  assert.deepEqual(resolveHandicapParams('irc', { a: 1 }).problems, [{ field: 'handicap.params.a', message: 'irc takes no parameters' }]);
  assert.equal(resolveHandicapParams('echo', { minFinishers: 2.5 }).problems[0]?.field, 'handicap.params.minFinishers');
  assert.deepEqual(resolveHandicapParams('echo', {}).params, { alpha: 0.25, minFinishers: 3 });
  assert.deepEqual(resolveHandicapParams('one_design', {}).params, {});
  assert.deepEqual(discardThresholdProblems([4, 8]), []);
  assert.equal(discardThresholdProblems([4, 4])[0]?.field, 'discardThresholds.1');
  assert.equal(needsCourseDistance('phrf_tod'), true);
  assert.equal(needsCourseDistance('phrf_tot'), false);
});

test('ratings a fleet needs', () => {
  assert.equal(missingRating('one_design', {}), undefined);
  assert.equal(missingRating('phrf_tot', { phrf: 132 }), undefined);
  assert.equal(missingRating('phrf_tod', { irc: 1.02 })?.key, 'phrf');
  assert.equal(missingRating('irc', { phrf: 132 })?.key, 'irc');
  assert.equal(missingRating('portsmouth_rya', {})?.key, 'portsmouth_rya');
  assert.equal(missingRating('echo', { echo: 0.95 }), undefined);
});

test('capacity: full event or fleet waitlists', () => {
  assert.equal(initialStatus({ eventMax: 50, eventRegistered: 49, fleetMax: null, fleetRegistered: 10 }), 'registered');
  assert.equal(initialStatus({ eventMax: 50, eventRegistered: 50, fleetMax: null, fleetRegistered: 10 }), 'waitlisted');
  assert.equal(initialStatus({ eventMax: null, eventRegistered: 500, fleetMax: 12, fleetRegistered: 12 }), 'waitlisted');
  assert.equal(initialStatus({ eventMax: null, eventRegistered: 0, fleetMax: null, fleetRegistered: 0 }), 'registered');
});

test('promotion: earliest waitlisted entry whose fleet has room, at most one', () => {
  const waitlist = [
    { id: 'c', fleetId: 'f2', sequence: 30 },
    { id: 'a', fleetId: 'f1', sequence: 10 },
    { id: 'b', fleetId: 'f2', sequence: 20 },
  ];
  const fleets = new Map([
    ['f1', { max: 5, registered: 5 }],
    ['f2', { max: 5, registered: 4 }],
  ]);
  assert.equal(chooseToPromote(waitlist, { max: 20, registered: 9 }, fleets)?.id, 'b');
  assert.equal(chooseToPromote(waitlist, { max: 9, registered: 9 }, fleets), undefined);
  assert.equal(chooseToPromote(waitlist, { max: null, registered: 9 }, new Map())?.id, 'a');
  assert.equal(chooseToPromote([], { max: null, registered: 0 }, new Map()), undefined);
});

test('registration and payment moves', () => {
  assert.equal(canMoveRegistration('waitlisted', 'registered'), true);
  assert.equal(canMoveRegistration('registered', 'waitlisted'), false);
  assert.equal(canMoveRegistration('cancelled', 'registered'), false);
  assert.equal(canMovePayment('pending', 'paid'), true);
  assert.equal(canMovePayment('pending', 'refunded'), false);
  assert.equal(canMovePayment('refunded', 'paid'), false);
});
