import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entrantNews, organizerNews } from './entry-change.js';

test('a new entry is confirmed or waitlisted; the organizers hear of it as new', () => {
  assert.equal(entrantNews({ fact: 'created', status: 'registered', previousStatus: null, promotedFromWaitlist: false }), 'confirmed');
  assert.equal(entrantNews({ fact: 'created', status: 'waitlisted', previousStatus: null, promotedFromWaitlist: false }), 'waitlisted');
  assert.equal(organizerNews({ fact: 'created', status: 'waitlisted', previousStatus: null, promotedFromWaitlist: false }), 'new');
});

test('moving up from the waitlist is a promotion; a payment change says nothing', () => {
  assert.equal(entrantNews({ fact: 'updated', status: 'registered', previousStatus: 'waitlisted', promotedFromWaitlist: true }), 'promoted');
  assert.equal(entrantNews({ fact: 'updated', status: 'registered', previousStatus: 'registered', promotedFromWaitlist: false }), undefined);
  assert.equal(organizerNews({ fact: 'updated', status: 'registered', previousStatus: 'waitlisted', promotedFromWaitlist: true }), undefined);
});

test('a cancellation reaches the entrant and the organizers once (a repeated one says nothing)', () => {
  const cancelled = { fact: 'cancelled' as const, status: 'cancelled', previousStatus: 'registered', promotedFromWaitlist: false };
  assert.equal(entrantNews(cancelled), 'cancelled');
  assert.equal(organizerNews(cancelled), 'withdrawn');
  assert.equal(entrantNews({ ...cancelled, previousStatus: 'cancelled' }), undefined);
  assert.equal(organizerNews({ ...cancelled, previousStatus: 'cancelled' }), undefined);
});

test('an entry moved to another fleet: into a full one the entrant hears waitlisted, into a free place promoted, same status nothing', () => {
  assert.equal(entrantNews({ fact: 'updated', status: 'waitlisted', previousStatus: 'registered', promotedFromWaitlist: false }), 'waitlisted');
  assert.equal(entrantNews({ fact: 'updated', status: 'registered', previousStatus: 'waitlisted', promotedFromWaitlist: true }), 'promoted');
  assert.equal(entrantNews({ fact: 'updated', status: 'waitlisted', previousStatus: 'waitlisted', promotedFromWaitlist: false }), undefined);
  assert.equal(organizerNews({ fact: 'updated', status: 'waitlisted', previousStatus: 'registered', promotedFromWaitlist: false }), undefined);
});

test("a move to another fleet or boat keeping the status tells the entrant once, unless she moved it herself", () => {
  const moved = { fact: 'updated' as const, status: 'registered', previousStatus: 'registered', promotedFromWaitlist: false, changedFields: ['fleet_id'] };
  assert.equal(entrantNews(moved), 'moved');
  assert.equal(entrantNews({ ...moved, changedFields: ['boat_id', 'entry_certificates'] }), 'moved');
  assert.equal(entrantNews({ ...moved, status: 'waitlisted', previousStatus: 'waitlisted' }), 'moved');
  assert.equal(entrantNews({ ...moved, byEntrant: true }), undefined);
  assert.equal(entrantNews({ ...moved, changedFields: ['payment_status'] }), undefined);
  // A move that changes the status says that instead (one message).
  assert.equal(entrantNews({ ...moved, status: 'waitlisted' }), 'waitlisted');
  assert.equal(organizerNews(moved), undefined);
});
