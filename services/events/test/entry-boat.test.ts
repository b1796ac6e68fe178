/**
 * An organizer corrects the boat as entered (PATCH of a registration's `boat`), end to end through the
 * gateway: the correction is this regatta's only. One sailor enters her boat "Blue Note" (sail
 * GBR n) in two regattas that both have results; the scorer of the second corrects the entry to
 * "Blue Note II", sail GBR n+1, class ILCA 7. The second regatta's entry list, results and standings
 * show the correction (who and when recorded with it); the first regatta's entry list and standings
 * still say "Blue Note", GBR n, and the boat entered again in a third regatta is the sailor's own
 * boat as she keeps it. Refusals: 400 for a blank name or an over-long sail number (naming the
 * field), 403 organizer_only for the sailor, 409 boat_already_registered for a sail number another
 * entry of the regatta holds (compared as when entering: "gbr-77" is "GBR 77"), 404 for an unknown
 * entry, 401 without credentials.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { eventually, newActor, uniqueSuffix, type Actor } from '@regatta/testing';
import { ok, newClub, openEvent, publishedEvent, type Club } from './helpers.js';

let club: Club;
let sailor: Actor;
const base = Math.floor(Math.random() * 1e6) * 10;
const sail = (offset: number) => `GBR ${base + offset}`;

/** A started regatta with one fleet and one race; returns what the tests address. */
async function regattaWithRace(name: string) {
  const slug = await publishedEvent(club, name);
  const key = club.organizer.key;
  const fleetId = (await ok(club.api.post(`/api/v1/events/${slug}/fleets`, { name: 'Lasers' }, { key }), 201)).data.id as string;
  const raceId = (await ok(club.api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: 1 }, { key }), 201)).data.id as string;
  return { slug, fleetId, raceId };
}

/** Results of race 1 in finishing order (retried while the results service has not yet seen the entries). */
async function postResults(slug: string, raceId: string, boatIds: string[]) {
  const start = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000 + 12 * 3_600_000);
  const results = boatIds.map((boat, index) => ({ boat, status: 'finished', finishTime: new Date(start.getTime() + (600 + index * 10) * 1000).toISOString() }));
  await eventually(async () => {
    const response = await club.api.post(`/api/v1/events/${slug}/races/${raceId}/results`, { actualStart: start.toISOString(), results }, { key: club.organizer.key });
    return response.status === 200 ? true : undefined;
  }, 15_000, `results of ${slug}`);
}

const standingsOf = async (slug: string) =>
  (await ok(club.api.get(`/api/v1/events/${slug}/standings`, { key: club.organizer.key }))).data.standings.map((s: any) => [s.position, s.boat.name, s.boat.sail]);

const entryIn = async (slug: string, id: string) => (await ok(club.api.get(`/api/v1/events/${slug}/registrations`, { key: club.organizer.key }))).data.find((e: any) => e.id === id);

before(async () => {
  club = await newClub('Boat Corrections');
  sailor = await newActor(club.api, ['read', 'register']);
});

describe('PATCH /events/{slug}/registrations/{id} with boat: the boat as entered in this regatta', () => {
  let first: Awaited<ReturnType<typeof regattaWithRace>>;
  let second: Awaited<ReturnType<typeof regattaWithRace>>;
  let boatId: string;
  let firstEntry: string;
  let secondEntry: string;
  let rivalEntry: string;

  before(async () => {
    first = await regattaWithRace('Spring Series');
    second = await regattaWithRace('Autumn Series');
    const entered = await ok(
      club.api.post(`/api/v1/events/${first.slug}/register`, { fleet: first.fleetId, boat: { name: 'Blue Note', sailNumber: sail(0), model: 'Laser' } }, { key: sailor.key }),
      201,
    );
    boatId = entered.data.boatId;
    firstEntry = entered.data.id;
    secondEntry = (await ok(club.api.post(`/api/v1/events/${second.slug}/register`, { fleet: second.fleetId, boat: { id: boatId } }, { key: sailor.key }), 201)).data.id;
    const rival = { fleet: second.fleetId, boat: { name: 'Red Rum', sailNumber: sail(77) }, sailor: { name: 'Rita Rival', email: `rival-${uniqueSuffix()}@example.org` } };
    const rivalData = (await ok(club.api.post(`/api/v1/events/${second.slug}/register`, rival, { key: club.organizer.key }), 201)).data;
    rivalEntry = rivalData.id;
    const firstRival = { ...rival, fleet: first.fleetId, sailor: { name: 'Rita Rival', email: `rival-${uniqueSuffix()}@example.org` }, boat: { name: 'Red Rum', sailNumber: sail(78) } };
    const firstRivalBoat = (await ok(club.api.post(`/api/v1/events/${first.slug}/register`, firstRival, { key: club.organizer.key }), 201)).data.boatId;
    await postResults(first.slug, first.raceId, [boatId, firstRivalBoat]);
    await postResults(second.slug, second.raceId, [boatId, rivalData.boatId]);
  });

  test('200: the entry, its results and standings show the correction, recorded with who and when; other regattas keep theirs', async () => {
    const before = Date.now();
    const path = `/api/v1/events/${second.slug}/registrations/${secondEntry}` as const;
    const body = await ok(club.api.patch(path, { boat: { name: 'Blue Note II', sailNumber: sail(1), model: 'ILCA 7' } }, { key: club.organizer.key }));
    assert.deepEqual([body.data.boat.id, body.data.boat.name, body.data.boat.sailNumber, body.data.boat.model], [boatId, 'Blue Note II', sail(1), 'ILCA 7']);
    assert.equal(body.data.boat.corrected.by, club.organizer.userId);
    assert.ok(Date.parse(body.data.boat.corrected.at) >= before - 5_000, 'corrected now');
    assert.equal(body.message, 'Registration updated (boat.name, boat.sail_number, boat.model).');

    // This regatta: the entry list and (from the registration.updated fact) its results and standings.
    assert.equal((await entryIn(second.slug, secondEntry)).boat.name, 'Blue Note II');
    await eventually(async () => (JSON.stringify((await standingsOf(second.slug))[0]) === JSON.stringify([1, 'Blue Note II', sail(1)]) ? true : undefined), 15_000, 'standings of the corrected regatta');
    const results = (await ok(club.api.get(`/api/v1/events/${second.slug}/results`, { key: club.organizer.key }))).data.races[0].results;
    assert.deepEqual([results[0].boat.name, results[0].boat.sail], ['Blue Note II', sail(1)]);

    // The other regatta keeps the boat as it was entered there, in its entry list and its standings.
    const elsewhere = await entryIn(first.slug, firstEntry);
    assert.deepEqual([elsewhere.boat.name, elsewhere.boat.sailNumber, elsewhere.boat.model, elsewhere.boat.corrected], ['Blue Note', sail(0), 'Laser', undefined]);
    assert.deepEqual((await standingsOf(first.slug))[0], [1, 'Blue Note', sail(0)]);

    // The sailor's own boat is unchanged: entered again, she is "Blue Note", GBR n.
    const { event, fleet } = await openEvent(club);
    const third = await ok(club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.id, boat: { id: boatId } }, { key: sailor.key }), 201);
    assert.deepEqual([third.data.boat.name, third.data.boat.sailNumber, third.data.boat.corrected], ['Blue Note', sail(0), undefined]);

    // Nothing to change: 200 with nothing recorded.
    const same = await ok(club.api.patch(path, { boat: { name: 'Blue Note II' } }, { key: club.organizer.key }));
    assert.equal(same.message, 'Nothing changed.');
  });

  test('400 validation_failed naming the field: a blank name, an over-long sail number, an empty or unknown boat field', async () => {
    const path = `/api/v1/events/${second.slug}/registrations/${secondEntry}` as const;
    for (const [boat, field] of [
      [{ name: '   ' }, 'boat.name'],
      [{ sailNumber: 'X'.repeat(31) }, 'boat.sailNumber'],
      [{}, 'boat'],
      [{ colour: 'red' }, 'boat.colour'],
    ] as const) {
      const response = await club.api.patch(path, { boat }, { key: club.organizer.key });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.code, 'validation_failed');
      assert.ok(response.body.errors.some((e: any) => e.field === field), `${JSON.stringify(boat)}: ${response.text}`);
    }
    assert.equal((await entryIn(second.slug, secondEntry)).boat.sailNumber, sail(1), 'nothing stored');
  });

  test('403 organizer_only: the sailor may not correct the boat as entered', async () => {
    const response = await club.api.patch(`/api/v1/events/${second.slug}/registrations/${secondEntry}`, { boat: { name: 'Mine' } }, { key: sailor.key });
    assert.equal(response.status, 403, response.text);
    assert.equal(response.body.code, 'organizer_only');
    assert.deepEqual(response.body.fields, ['boat']);
  });

  test('409 boat_already_registered: a sail number another entry of the regatta holds, however it is typed', async () => {
    const response = await club.api.patch(`/api/v1/events/${second.slug}/registrations/${secondEntry}`, { boat: { sailNumber: `gbr-${base + 77}` } }, { key: club.organizer.key });
    assert.equal(response.status, 409, response.text);
    assert.equal(response.body.code, 'boat_already_registered');
    assert.equal(response.body.registrationId, rivalEntry);
    // The sail number the first regatta's rival holds is free here.
    const free = await ok(club.api.patch(`/api/v1/events/${second.slug}/registrations/${secondEntry}`, { boat: { sailNumber: sail(78) } }, { key: club.organizer.key }));
    assert.equal(free.data.boat.sailNumber, sail(78));
  });

  test('404 for an entry the regatta does not have; 401 without credentials', async () => {
    const missing = await club.api.patch(`/api/v1/events/${second.slug}/registrations/00000000-0000-4000-8000-000000000000`, { boat: { name: 'X' } }, { key: club.organizer.key });
    assert.equal(missing.status, 404, missing.text);
    const anonymous = await club.api.patch(`/api/v1/events/${second.slug}/registrations/${secondEntry}`, { boat: { name: 'X' } });
    assert.equal(anonymous.status, 401, anonymous.text);
  });
});
