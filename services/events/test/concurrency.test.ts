/**
 * A burst of registrations for the last places: 200 simultaneous entries for 50 places must give
 * exactly 50 registered and 150 waitlisted (no oversell, no lost request), and cancelling one
 * registered entry must promote exactly one waitlisted entry: the earliest.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { uniqueSuffix } from '@regatta/testing';
import { newClub, openEvent } from './helpers.js';

interface Entry {
  id: string;
  status: string;
  registrationTime: string;
  waitlistPosition: number | null;
}

test('200 simultaneous registrations for 50 places: 50 registered, 150 waitlisted; a cancellation promotes exactly one', async (t) => {
  const club = await newClub('Burst Racing Association');
  const { event, fleet } = await openEvent(club, { maxParticipants: 50, fleet: { name: 'Lasers' } });
  const tag = uniqueSuffix();

  const started = Date.now();
  const responses = await Promise.all(
    Array.from({ length: 200 }, (_, index) =>
      club.api.post(
        `/api/v1/events/${event.slug}/register`,
        {
          fleet: fleet.id,
          boat: { name: `Laser ${index + 1}`, sailNumber: `BRA-${tag}-${index + 1}` },
          sailor: { name: `Sailor ${index + 1}`, email: `burst-${tag}-${index + 1}@example.org` },
        },
        { key: club.organizer.key },
      ),
    ),
  );
  const elapsed = Date.now() - started;
  const statuses = responses.map((response) => response.status);
  assert.deepEqual([...new Set(statuses)], [201], `every request is answered 201: ${JSON.stringify(statuses.filter((s) => s !== 201))}`);
  const created = responses.map((response) => response.body.data as Entry);
  assert.equal(created.filter((entry) => entry.status === 'registered').length, 50);
  assert.equal(created.filter((entry) => entry.status === 'waitlisted').length, 150);
  t.diagnostic(`200 concurrent registrations answered in ${elapsed} ms`);

  // What is stored agrees with what was answered (two pages of 100).
  const stored: Entry[] = [];
  for (const offset of [0, 100]) {
    const page = await club.api.get(`/api/v1/events/${event.slug}/registrations`, { key: club.organizer.key, query: { limit: 100, offset } });
    assert.equal(page.status, 200);
    stored.push(...page.body.data);
  }
  assert.equal(stored.length, 200);
  assert.equal(stored.filter((entry) => entry.status === 'registered').length, 50);
  const waitlist = stored.filter((entry) => entry.status === 'waitlisted');
  assert.equal(waitlist.length, 150);
  assert.deepEqual(
    waitlist.map((entry) => entry.waitlistPosition),
    Array.from({ length: 150 }, (_, index) => index + 1),
  );
  // The first 50 in registration order hold the places.
  assert.ok(stored.slice(0, 50).every((entry) => entry.status === 'registered'));

  const victim = stored.find((entry) => entry.status === 'registered')!;
  const firstWaiting = waitlist[0]!;
  const cancel = await club.api.post(`/api/v1/events/${event.slug}/registrations/${victim.id}/cancel`, undefined, { key: club.organizer.key });
  assert.equal(cancel.status, 200, cancel.text);
  assert.equal(cancel.body.promoted.id, firstWaiting.id);

  const after = await club.api.get(`/api/v1/events/${event.slug}/registrations`, { key: club.organizer.key, query: { limit: 100, status: 'registered' } });
  assert.equal(after.body.data.length, 50);
  assert.ok(after.body.data.some((entry: Entry) => entry.id === firstWaiting.id));
  assert.ok(!after.body.data.some((entry: Entry) => entry.id === victim.id));
  const stillWaiting = [];
  for (const offset of [0, 100]) {
    const page = await club.api.get(`/api/v1/events/${event.slug}/registrations`, { key: club.organizer.key, query: { limit: 100, offset, status: 'waitlisted' } });
    stillWaiting.push(...page.body.data);
  }
  assert.equal(stillWaiting.length, 149);
});
