/** The rules moved into domain/ with the restructuring: updatable fields, the creator-as-admin rule, standings. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UPDATABLE_EVENT_FIELDS, eventChanges } from './event-fields.js';
import { ratingProblems } from './handicap.js';
import { mayFreePlaces, standingOf } from './registrations.js';
import { slugBaseWithYear } from '@regatta/contracts';
import { embedScope, roleIn, NO_ORGANIZATION } from './visibility.js';

test('event changes: only fields that differ, named by column; dates by instant, money by cents', () => {
  const current = {
    name: 'Spring Cup',
    description: null,
    venue: null,
    address: null,
    start_date: new Date('2025-06-01T09:00:00Z'),
    end_date: new Date('2025-06-02T18:00:00Z'),
    registration_open: null,
    registration_close: null,
    max_participants: 20,
    entry_fee: 125,
    nor: null,
    sailing_instructions: null,
    status: 'draft',
    time_zone: null,
  } as const;
  assert.deepEqual(eventChanges(current, { name: 'Spring Cup', startDate: new Date('2025-06-01T09:00:00.000Z'), entryFee: '125.00' }), []);
  assert.deepEqual(
    eventChanges(current, { entryFee: '130.00', maxParticipants: 30, endDate: undefined }).map((change) => change.column),
    ['entry_fee', 'max_participants'],
  );
  assert.deepEqual(eventChanges(current, { status: 'published' }), [{ field: 'status', column: 'status', value: 'published' }]);
  assert.equal(UPDATABLE_EVENT_FIELDS.registrationClose.column, 'registration_close');
  // The venue's time zone: set, unchanged, cleared (null is a value, undefined is "not sent").
  assert.deepEqual(eventChanges(current, { timeZone: 'America/New_York' }), [{ field: 'timeZone', column: 'time_zone', value: 'America/New_York' }]);
  assert.deepEqual(eventChanges(current, { timeZone: null }), []);
  assert.deepEqual(eventChanges({ ...current, time_zone: 'Europe/Rome' }, { timeZone: null }).map((change) => change.value), [null]);
});

test("an organization's creator is its admin until identity revokes the membership; embed tokens have no role", () => {
  const org = { id: 'org-a', createdBy: 'u1', creatorRevoked: false };
  assert.equal(roleIn({ via: 'key', userId: 'u1', roles: {} }, org), 'admin');
  assert.equal(roleIn({ via: 'key', userId: 'u1', roles: {} }, { ...org, creatorRevoked: true }), undefined);
  assert.equal(roleIn({ via: 'key', userId: 'u1', roles: { 'org-a': 'member' } }, org), 'member');
  assert.equal(roleIn({ via: 'embed', userId: 'u1', roles: { 'org-a': 'admin' } }, org), undefined);
  assert.equal(embedScope({ via: 'embed', roles: {} }), NO_ORGANIZATION);
  assert.equal(embedScope({ via: 'session', roles: {} }), undefined);
});

test('standing towards an entry, and when a new event limit may free places', () => {
  assert.equal(standingOf(true, undefined, { userId: 'u1', submittedBy: null }), 'organizer');
  assert.equal(standingOf(false, 'u2', { userId: 'u1', submittedBy: 'u2' }), 'sailor');
  assert.equal(standingOf(false, undefined, { userId: 'u1', submittedBy: null }), 'none');
  assert.equal(mayFreePlaces(10, 12), true);
  assert.equal(mayFreePlaces(10, 10), false);
  assert.equal(mayFreePlaces(null, 5), true);
});

test('rating ranges (VPRS included) and slug bases', () => {
  assert.deepEqual(ratingProblems({ vprs: 1.05, phrf: 132 }), []);
  assert.deepEqual(ratingProblems({ vprs: 5 }).map((problem) => problem.field), ['boat.ratings.vprs']);
  assert.equal(slugBaseWithYear('Spring Cup', 2025), 'spring-cup-2025');
  assert.equal(slugBaseWithYear('Spring Cup 2025', 2025), 'spring-cup-2025');
});
