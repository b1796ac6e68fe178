/** Registrations end to end through the gateway: rules, waitlist, promotion, changes. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newActor, uniqueSuffix, type Actor } from '@regatta/testing';
import { DAY, createEvent, newClub, openEvent, setStatus, type Club } from './helpers.js';

let club: Club;
let sailor: Actor;
let other: Actor;

before(async () => {
  club = await newClub('Annapolis Yacht Club');
  sailor = await newActor(club.api, ['read', 'register']);
  other = await newActor(club.api, ['read', 'register']);
});

const boat = (name = `Boat ${uniqueSuffix()}`, extra: Record<string, unknown> = {}) => ({ name, sailNumber: `USA ${Math.floor(Math.random() * 1e6)}`, model: 'J/70', ...extra });

describe('POST /events/{slug}/register', () => {
  test('registers the caller with a new boat: 201 {data: Registration, message}', async () => {
    const { event, fleet } = await openEvent(club);
    const response = await club.api.post(
      `/api/v1/events/${event.slug}/register`,
      { fleet: fleet.name, boat: boat('Wind Dancer'), crew: ['Ann Crew', 'Bob Crew'], emergencyContact: 'Mum +1 410 555 0100' },
      { key: sailor.key },
    );
    assert.equal(response.status, 201, response.text);
    const data = response.body.data;
    assert.equal(data.status, 'registered');
    assert.equal(data.paymentStatus, 'pending');
    assert.equal(data.eventId, event.id);
    assert.equal(data.fleetId, fleet.id);
    assert.equal(data.userId, sailor.userId);
    assert.equal(data.boat.name, 'Wind Dancer');
    assert.deepEqual(data.crew, ['Ann Crew', 'Bob Crew']);
    assert.match(response.body.message, /Registered Wind Dancer/);

    // The same boat id again in another event works and keeps its data.
    const second = await openEvent(club);
    const again = await club.api.post(`/api/v1/events/${second.event.slug}/register`, { fleet: second.fleet.id, boat: { id: data.boatId } }, { key: sailor.key });
    assert.equal(again.status, 201, again.text);
    assert.equal(again.body.data.boat.name, 'Wind Dancer');
  });

  test('the same sailor, boat or sail number twice is 409', async () => {
    const { event, fleet } = await openEvent(club);
    const first = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.name, boat: boat('Alpha', { sailNumber: 'USA 4242' }) }, { key: sailor.key });
    assert.equal(first.status, 201);
    const sameSailor = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.name, boat: boat('Beta') }, { key: sailor.key });
    assert.equal(sameSailor.status, 409);
    assert.equal(sameSailor.body.code, 'sailor_already_registered');
    const sameBoat = await club.api.post(
      `/api/v1/events/${event.slug}/register`,
      { fleet: fleet.name, boat: { id: first.body.data.boatId } },
      { key: club.organizer.key },
    );
    assert.equal(sameBoat.status, 409);
    assert.equal(sameBoat.body.code, 'boat_already_registered');
    const sameSail = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.name, boat: boat('Gamma', { sailNumber: 'usa-4242' }) }, { key: other.key });
    assert.equal(sameSail.status, 409);
    assert.equal(sameSail.body.code, 'boat_already_registered');
  });

  test('closed registration, unknown fleet, missing rating and bad bodies are 400 with stable codes', async () => {
    const draft = await createEvent(club);
    await club.api.post(`/api/v1/events/${draft.slug}/fleets`, { name: 'J/70' }, { key: club.organizer.key });
    const notOpen = await club.api.post(`/api/v1/events/${draft.slug}/register`, { fleet: 'J/70', boat: boat() }, { key: club.organizer.key });
    assert.equal(notOpen.status, 400);
    assert.equal(notOpen.body.code, 'registration_not_open');

    const future = await openEvent(club, { registrationOpen: new Date(Date.now() + 5 * DAY).toISOString() });
    const early = await club.api.post(`/api/v1/events/${future.event.slug}/register`, { fleet: 'J/70', boat: boat() }, { key: sailor.key });
    assert.equal(early.status, 400);
    assert.equal(early.body.code, 'registration_not_open');

    const past = await openEvent(club, { registrationOpen: new Date(Date.now() - 5 * DAY).toISOString(), registrationClose: new Date(Date.now() - DAY).toISOString() });
    const late = await club.api.post(`/api/v1/events/${past.event.slug}/register`, { fleet: 'J/70', boat: boat() }, { key: sailor.key });
    assert.equal(late.status, 400);
    assert.equal(late.body.code, 'registration_closed');

    const { event } = await openEvent(club, { fleet: { name: 'PHRF A', handicap: { system: 'phrf_tot' } } });
    const unknown = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: 'Lasers', boat: boat() }, { key: sailor.key });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, 'unknown_fleet');
    const noRating = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: 'PHRF A', boat: boat('Slowpoke', { ratings: { irc: 1.02 } }) }, { key: sailor.key });
    assert.equal(noRating.status, 400);
    assert.equal(noRating.body.code, 'missing_rating');
    assert.equal(noRating.body.errors[0].field, 'boat.ratings.phrf');
    const rated = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: 'PHRF A', boat: boat('Quickstep', { ratings: { phrf: 132 } }) }, { key: sailor.key });
    assert.equal(rated.status, 201, rated.text);
    assert.deepEqual(rated.body.data.boat.ratings, { phrf: 132 });

    const absurd = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: 'PHRF A', boat: boat('X', { ratings: { phrf: 5000 } }) }, { key: other.key });
    assert.equal(absurd.status, 400);
    assert.equal(absurd.body.code, 'invalid_rating');
    const empty = await club.api.post(`/api/v1/events/${event.slug}/register`, {}, { key: other.key });
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.body.errors.map((e: { field: string }) => e.field).sort(), ['boat', 'fleet']);
    const unknownBoat = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: 'PHRF A', boat: { id: '00000000-0000-4000-8000-000000000000' } }, { key: other.key });
    assert.equal(unknownBoat.status, 400);
    assert.equal(unknownBoat.body.code, 'unknown_boat');
  });

  test('401, 403 (scope; on behalf of others without membership), 404', async () => {
    const { event, fleet } = await openEvent(club);
    assert.equal((await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.name, boat: boat() })).status, 401);
    const readOnly = await newActor(club.api, ['read']);
    assert.equal((await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.name, boat: boat() }, { key: readOnly.key })).status, 403);
    const onBehalf = await club.api.post(
      `/api/v1/events/${event.slug}/register`,
      { fleet: fleet.name, boat: boat(), sailor: { name: 'Someone Else', email: `else-${uniqueSuffix()}@example.org` } },
      { key: sailor.key },
    );
    assert.equal(onBehalf.status, 403);
    assert.equal(onBehalf.body.code, 'not_a_member');
    assert.equal((await club.api.post(`/api/v1/events/nope-${uniqueSuffix()}/register`, { fleet: 'x', boat: boat() }, { key: sailor.key })).status, 404);
    const draft = await createEvent(club);
    assert.equal((await club.api.post(`/api/v1/events/${draft.slug}/register`, { fleet: 'x', boat: boat() }, { key: sailor.key })).status, 404);
  });

  test('an organizer registers a named user and a named person', async () => {
    const { event, fleet } = await openEvent(club);
    const byId = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.id, boat: boat(), sailor: { userId: other.userId } }, { key: club.organizer.key });
    assert.equal(byId.status, 201, byId.text);
    assert.equal(byId.body.data.userId, other.userId);
    assert.equal(byId.body.data.sailor.name, other.name);
    const email = `guest-${uniqueSuffix()}@example.org`;
    const byName = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.id, boat: boat(), sailor: { name: 'Grace Guest', email } }, { key: club.organizer.key });
    assert.equal(byName.status, 201, byName.text);
    assert.equal(byName.body.data.sailor.name, 'Grace Guest');
    const twice = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.id, boat: boat(), sailor: { name: 'Grace G.', email } }, { key: club.organizer.key });
    assert.equal(twice.status, 409);
    assert.equal(twice.body.code, 'sailor_already_registered');
    const unknownUser = await club.api.post(
      `/api/v1/events/${event.slug}/register`,
      { fleet: fleet.id, boat: boat(), sailor: { userId: '00000000-0000-4000-8000-000000000001' } },
      { key: club.organizer.key },
    );
    assert.equal(unknownUser.status, 400);
    assert.equal(unknownUser.body.code, 'unknown_sailor');
  });
});

describe('waitlist, cancellation and changes', () => {
  test('a full fleet waitlists; cancelling a registered entry promotes the earliest waitlisted one', async () => {
    const { event, fleet } = await openEvent(club, { fleet: { name: 'Etchells', maxBoats: 2 } });
    const entries = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await club.api.post(
        `/api/v1/events/${event.slug}/register`,
        { fleet: fleet.id, boat: boat(`Etchells ${index + 1}`), sailor: { name: `Skipper ${index + 1}`, email: `skipper-${index}-${uniqueSuffix()}@example.org` } },
        { key: club.organizer.key },
      );
      assert.equal(response.status, 201, response.text);
      entries.push(response.body);
    }
    assert.deepEqual(entries.map((entry) => entry.data.status), ['registered', 'registered', 'waitlisted', 'waitlisted']);
    assert.match(entries[3].message, /waitlist at position 2/);

    const listed = await club.api.get(`/api/v1/events/${event.slug}`, { key: sailor.key, query: { include: 'registrations' } });
    assert.deepEqual(listed.body.data.registrations.map((r: { waitlistPosition: number | null }) => r.waitlistPosition), [null, null, 1, 2]);

    const cancel = await club.api.post(`/api/v1/events/${event.slug}/registrations/${entries[0].data.id}/cancel`, undefined, { key: club.organizer.key });
    assert.equal(cancel.status, 200, cancel.text);
    assert.equal(cancel.body.data.status, 'cancelled');
    assert.equal(cancel.body.promoted.id, entries[2].data.id);
    assert.equal(cancel.body.promoted.status, 'registered');
    const again = await club.api.post(`/api/v1/events/${event.slug}/registrations/${entries[0].data.id}/cancel`, undefined, { key: club.organizer.key });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'already_cancelled');

    // Cancelling a waitlisted entry promotes nobody.
    const cancelWaiting = await club.api.post(`/api/v1/events/${event.slug}/registrations/${entries[3].data.id}/cancel`, undefined, { key: club.organizer.key });
    assert.equal(cancelWaiting.body.promoted, null);

    const registered = await club.api.get(`/api/v1/events/${event.slug}/registrations`, { key: club.organizer.key, query: { status: 'registered' } });
    assert.deepEqual(registered.body.data.map((r: { id: string }) => r.id).sort(), [entries[1].data.id, entries[2].data.id].sort());
    assert.equal(registered.body.data[0].paymentStatus, 'pending');
  });

  test('raising maxParticipants admits waitlisted entries in order', async () => {
    const { event, fleet } = await openEvent(club, { maxParticipants: 1 });
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await club.api.post(
        `/api/v1/events/${event.slug}/register`,
        { fleet: fleet.id, boat: boat(), sailor: { name: `S${index}`, email: `s-${index}-${uniqueSuffix()}@example.org` } },
        { key: club.organizer.key },
      );
      ids.push(response.body.data.id);
    }
    await club.api.put(`/api/v1/events/${event.slug}`, { maxParticipants: 2 }, { key: club.organizer.key });
    const list = await club.api.get(`/api/v1/events/${event.slug}/registrations`, { key: club.organizer.key });
    assert.deepEqual(list.body.data.map((r: { status: string }) => r.status), ['registered', 'registered', 'waitlisted']);
    assert.equal(list.body.data[1].id, ids[1]);
  });

  test('PATCH: organizers change status and payment, sailors crew and contacts', async () => {
    const { event, fleet } = await openEvent(club, { fleet: { name: 'Stars', maxBoats: 1 } });
    const mine = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.id, boat: boat() }, { key: sailor.key });
    const waiting = await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.id, boat: boat() }, { key: other.key });
    assert.equal(waiting.body.data.status, 'waitlisted');
    const path = `/api/v1/events/${event.slug}/registrations/${mine.body.data.id as string}` as const;

    const crew = await club.api.patch(path, { crew: ['New Crew'], specialRequirements: 'Late arrival Friday' }, { key: sailor.key });
    assert.equal(crew.status, 200, crew.text);
    assert.deepEqual(crew.body.data.crew, ['New Crew']);
    assert.equal(crew.body.data.specialRequirements, 'Late arrival Friday');
    const paySelf = await club.api.patch(path, { paymentStatus: 'paid' }, { key: sailor.key });
    assert.equal(paySelf.status, 403);
    assert.equal(paySelf.body.code, 'organizer_only');
    const foreign = await club.api.patch(path, { crew: [] }, { key: other.key });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.code, 'not_a_member');

    const paid = await club.api.patch(path, { paymentStatus: 'paid' }, { key: club.organizer.key });
    assert.equal(paid.body.data.paymentStatus, 'paid');
    const refundPending = await club.api.patch(`/api/v1/events/${event.slug}/registrations/${waiting.body.data.id}`, { paymentStatus: 'refunded' }, { key: club.organizer.key });
    assert.equal(refundPending.status, 400);
    assert.equal(refundPending.body.code, 'invalid_payment_transition');
    const demote = await club.api.patch(path, { status: 'waitlisted' }, { key: club.organizer.key });
    assert.equal(demote.status, 400);
    assert.equal(demote.body.code, 'invalid_status_transition');
    assert.match(demote.body.detail, /no_show, cancelled/);
    const admit = await club.api.patch(`/api/v1/events/${event.slug}/registrations/${waiting.body.data.id}`, { status: 'registered' }, { key: club.organizer.key });
    assert.equal(admit.status, 409);
    assert.equal(admit.body.code, 'no_place_available');

    const cancelled = await club.api.patch(path, { status: 'cancelled' }, { key: club.organizer.key });
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.data.status, 'cancelled');
    assert.equal(cancelled.body.promoted.id, waiting.body.data.id);

    const bad = await club.api.patch(path, { status: 'lost' }, { key: club.organizer.key });
    assert.equal(bad.status, 400);
    const emptyBody = await club.api.patch(path, {}, { key: club.organizer.key });
    assert.equal(emptyBody.status, 400);
    assert.equal((await club.api.patch(path, { crew: [] })).status, 401);
    assert.equal((await club.api.patch(`/api/v1/events/${event.slug}/registrations/00000000-0000-4000-8000-000000000000`, { crew: [] }, { key: club.organizer.key })).status, 404);
    assert.equal((await club.api.post(`/api/v1/events/${event.slug}/registrations/not-an-id/cancel`, undefined, { key: club.organizer.key })).status, 404);
    assert.equal((await club.api.post(`/api/v1/events/${event.slug}/registrations/${waiting.body.data.id}/cancel`)).status, 401);
  });

  test('GET registrations: 400 for bad parameters, contacts only for organizers and the sailor', async () => {
    const { event, fleet } = await openEvent(club);
    await club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.id, boat: boat(), emergencyContact: 'Dad' }, { key: sailor.key });
    const publicView = await club.api.get(`/api/v1/events/${event.slug}/registrations`, { key: other.key });
    assert.equal(publicView.status, 200);
    assert.equal(publicView.body.data[0].emergencyContact, undefined);
    const organizerView = await club.api.get(`/api/v1/events/${event.slug}/registrations`, { key: club.organizer.key });
    assert.equal(organizerView.body.data[0].emergencyContact, 'Dad');
    assert.equal((await club.api.get(`/api/v1/events/${event.slug}/registrations`, { key: other.key, query: { status: 'gone' } })).status, 400);
    assert.equal((await club.api.get(`/api/v1/events/${event.slug}/registrations`, { key: other.key, query: { limit: 0 } })).status, 400);
    assert.equal((await club.api.get(`/api/v1/events/${event.slug}/registrations`, { key: other.key, query: { fleet: 'nope' } })).status, 400);
    assert.equal((await club.api.get(`/api/v1/events/nope-${uniqueSuffix()}/registrations`, { key: other.key })).status, 404);
    assert.equal((await club.api.get(`/api/v1/events/${event.slug}/registrations`)).status, 401);
    await setStatus(club, event.slug, 'ongoing');
  });
});
