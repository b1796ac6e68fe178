import { test } from 'node:test';
import assert from 'node:assert/strict';
import { factPayload, newFact, timestampFromDate, type Event } from '@regatta/contracts';
import { projectEvent } from './events.consumer.js';

/** An Event message as a consumer decodes it (built through newFact, as producers do). */
function eventMessage(init: Record<string, unknown>): Event {
  const fact = newFact('event.created', 'eventCreated', { event: init }, { producer: 'events' });
  return factPayload(fact, 'eventCreated')!.event!;
}

const base = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  organization: { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', slug: 'bay-yc', name: 'Bay YC' },
  name: 'Spring Cup',
  slug: 'spring-cup',
  startDate: timestampFromDate(new Date('2025-04-10T09:00:00Z')),
  endDate: timestampFromDate(new Date('2025-04-12T18:00:00Z')),
  status: 'published',
  currency: '',
  settingsJson: '{"tracking":true}',
  updatedAt: timestampFromDate(new Date('2025-03-01T00:00:00Z')),
};

test('projectEvent maps an Event snapshot (nullable fields null, currency default USD, settings parsed)', () => {
  const projected = projectEvent(eventMessage({ ...base, entryFee: '125.00', maxParticipants: 40 }), {});
  assert.deepEqual(projected, {
    id: base.id,
    organizationId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    organizationSlug: 'bay-yc',
    organizationName: 'Bay YC',
    slug: 'spring-cup',
    name: 'Spring Cup',
    description: null,
    venue: null,
    address: null,
    startDate: new Date('2025-04-10T09:00:00Z'),
    endDate: new Date('2025-04-12T18:00:00Z'),
    registrationOpen: null,
    registrationClose: null,
    status: 'published',
    entryFee: '125.00',
    currency: 'USD',
    maxParticipants: 40,
    settings: { tracking: true },
    sourceUpdatedAt: new Date('2025-03-01T00:00:00Z'),
  });
});

test('projectEvent falls back to the fact organization id and skips snapshots without one', () => {
  const withoutOrg = eventMessage({ ...base, organization: undefined, settingsJson: 'not json' });
  assert.equal(projectEvent(withoutOrg, {}), undefined);
  const projected = projectEvent(withoutOrg, { organizationId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' });
  assert.equal(projected?.organizationId, '7c9e6679-7425-40de-944b-e07fc1f90ae7');
  assert.equal(projected?.settings, null);
});
