/**
 * An entry's ratings are the ratings as entered in its regatta, end to end through the gateway: the
 * same boat entered elsewhere with a new rating, or re-rated there by its organizers, never re-scores
 * a regatta she sailed before.
 *
 * Worked by hand. Two regattas, A and B, each one fleet scored phrf_tod (corrected = elapsed − rating
 * × distance) and race 1 of 5 nm. "Blue Note" is entered in A with PHRF 120, the rival "Red Rum" with
 * PHRF 0 (in both regattas). Elapsed times, in both races: Blue Note 4000 s, Red Rum 3500 s.
 *   A, Blue Note at 120: 4000 − 120 × 5 = 3400 (00:56:40) → 1st; Red Rum 3500 (00:58:20) → 2nd.
 * Blue Note is then entered in B with PHRF 90 (a new certificate):
 *   B, Blue Note at 90:  4000 −  90 × 5 = 3550 (00:59:10) → 2nd; Red Rum 3500 → 1st.
 * Then A's organizer marks Blue Note's entry paid (an update that changes no rating): A still scores
 * her at 120 (1st, 00:56:40). Before entries kept their own ratings, that update's fact carried the
 * boat's merged ratings (90) into A, which results-scoring re-scored: 3550 → 2nd behind Red Rum.
 * B's organizer re-rates her entry to 110 from race 1 (the console's rating form): B 4000 − 550 =
 * 3450 (00:57:30) → 1st; A keeps 120. Entered again in a third regatta without ratings, the boat
 * brings her newest ratings (90) as the default.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { eventually, newActor, uniqueSuffix, type Actor } from '@regatta/testing';
import { ok, newClub, openEvent, publishedEvent, type Club } from './helpers.js';

let club: Club;
let sailor: Actor;
const tag = uniqueSuffix();

/** A started regatta with one phrf_tod fleet and race 1 of 5 nm. */
async function handicapRegatta(name: string) {
  const slug = await publishedEvent(club, name);
  const key = club.organizer.key;
  const fleetId = (await ok(club.api.post(`/api/v1/events/${slug}/fleets`, { name: 'Cruisers', handicap: { system: 'phrf_tod' } }, { key }), 201)).data.id as string;
  const raceId = (await ok(club.api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: 1, courseDistanceNm: 5 }, { key }), 201)).data.id as string;
  return { slug, fleetId, raceId };
}

/** Race 1 with these elapsed times (retried while the results service has not yet seen the entries). */
async function postResults(slug: string, raceId: string, elapsed: [string, number][]) {
  const start = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000 + 12 * 3_600_000);
  const results = elapsed.map(([boat, seconds]) => ({ boat, status: 'finished', finishTime: new Date(start.getTime() + seconds * 1000).toISOString() }));
  await eventually(async () => {
    const response = await club.api.post(`/api/v1/events/${slug}/races/${raceId}/results`, { actualStart: start.toISOString(), results }, { key: club.organizer.key });
    return response.status === 200 ? true : undefined;
  }, 15_000, `results of ${slug}`);
}

/** [name, position, corrected time, rating] of race 1, in finishing order. */
const raceOf = async (slug: string) =>
  (await ok(club.api.get(`/api/v1/events/${slug}/results`, { key: club.organizer.key }))).data.races[0].results.map((r: any) => [r.boat.name, r.position, r.correctedTime, r.rating]);
/** [name, position, race 1 rating] of the standings. */
const standingsOf = async (slug: string) =>
  (await ok(club.api.get(`/api/v1/events/${slug}/standings`, { key: club.organizer.key }))).data.standings.map((s: any) => [s.boat.name, s.position, s.raceResults[0]?.rating]);
const becomes = (read: () => Promise<unknown>, expected: unknown, what: string) =>
  eventually(async () => (JSON.stringify(await read()) === JSON.stringify(expected) ? true : undefined), 15_000, what).catch(async (error) => {
    assert.deepEqual(await read(), expected, `${what}: ${String(error)}`);
  });
const entryIn = async (slug: string, id: string) => (await ok(club.api.get(`/api/v1/events/${slug}/registrations`, { key: club.organizer.key }))).data.find((e: any) => e.id === id);

before(async () => {
  club = await newClub('Entry Ratings');
  sailor = await newActor(club.api, ['read', 'register']);
});

describe("an entry's ratings are the ratings as entered in its regatta", () => {
  let a: Awaited<ReturnType<typeof handicapRegatta>>;
  let b: Awaited<ReturnType<typeof handicapRegatta>>;
  let boatId: string;
  let entryA: string;
  let entryB: string;
  let rivalA: string;
  const rivalIn = async (regatta: { slug: string; fleetId: string }) => {
    const body = { fleet: regatta.fleetId, boat: { name: 'Red Rum', sailNumber: `GBR R${tag}`, ratings: { phrf: 0 } }, sailor: { name: 'Rita Rival', email: `rival-${uniqueSuffix()}@example.org` } };
    return (await ok(club.api.post(`/api/v1/events/${regatta.slug}/register`, body, { key: club.organizer.key }), 201)).data as { id: string; boatId: string };
  };

  before(async () => {
    a = await handicapRegatta('Spring Handicap');
    b = await handicapRegatta('Autumn Handicap');
    const entered = await ok(
      club.api.post(`/api/v1/events/${a.slug}/register`, { fleet: a.fleetId, boat: { name: 'Blue Note', sailNumber: `GBR ${tag}`, ratings: { phrf: 120 } } }, { key: sailor.key }),
      201,
    );
    boatId = entered.data.boatId;
    entryA = entered.data.id;
    const rival = await rivalIn(a);
    rivalA = rival.id;
    await postResults(a.slug, a.raceId, [[boatId, 4000], [rival.boatId, 3500]]);
    await becomes(() => raceOf(a.slug), [['Blue Note', 1, '00:56:40', 120], ['Red Rum', 2, '00:58:20', 0]], 'A scored with PHRF 120');
  });

  test('entered in B with PHRF 90: B scores 90, and an unrelated update of the entry in A keeps A at 120', async () => {
    const entered = await ok(club.api.post(`/api/v1/events/${b.slug}/register`, { fleet: b.fleetId, boat: { id: boatId, ratings: { phrf: 90 } } }, { key: sailor.key }), 201);
    entryB = entered.data.id;
    assert.deepEqual(entered.data.boat.ratings, { phrf: 90 });
    const rival = await rivalIn(b);
    await postResults(b.slug, b.raceId, [[boatId, 4000], [rival.boatId, 3500]]);
    await becomes(() => raceOf(b.slug), [['Red Rum', 1, '00:58:20', 0], ['Blue Note', 2, '00:59:10', 90]], 'B scored with PHRF 90');

    // A's entry still reads 120, in the entry list and in its ratings.
    assert.deepEqual((await entryIn(a.slug, entryA)).boat.ratings, { phrf: 120 });
    assert.deepEqual((await ok(club.api.get(`/api/v1/events/${a.slug}/registrations/${entryA}/ratings`, { key: club.organizer.key }))).data.ratings, { phrf: 120 });

    // An update of A's entry that changes no rating, then a rename of A's rival: the registration facts of
    // one regatta are consumed in order, so once the rename shows, the payment update has been applied too.
    const paid = await ok(club.api.patch(`/api/v1/events/${a.slug}/registrations/${entryA}`, { paymentStatus: 'paid' }, { key: club.organizer.key }));
    assert.deepEqual(paid.data.boat.ratings, { phrf: 120 });
    await ok(club.api.patch(`/api/v1/events/${a.slug}/registrations/${rivalA}`, { boat: { name: 'Red Rum II' } }, { key: club.organizer.key }));
    await becomes(() => standingsOf(a.slug), [['Blue Note', 1, 120], ['Red Rum II', 2, 0]], 'A still scored with PHRF 120');
    assert.deepEqual(await raceOf(a.slug), [['Blue Note', 1, '00:56:40', 120], ['Red Rum II', 2, '00:58:20', 0]]);
    assert.deepEqual(await standingsOf(b.slug), [['Red Rum', 1, 0], ['Blue Note', 2, 90]]);
  });

  test("B's organizer re-rates her entry there (110 from race 1): B re-scores, A keeps 120", async () => {
    const rated = await ok(club.api.put(`/api/v1/events/${b.slug}/registrations/${entryB}/ratings`, { system: 'phrf_tod', value: 110, fromRace: 1 }, { key: club.organizer.key }));
    assert.deepEqual(rated.data.ratings, { phrf: 90 });
    await becomes(() => raceOf(b.slug), [['Blue Note', 1, '00:57:30', 110], ['Red Rum', 2, '00:58:20', 0]], 'B re-scored with 110');
    const inA = (await ok(club.api.get(`/api/v1/events/${a.slug}/registrations/${entryA}/ratings`, { key: club.organizer.key }))).data;
    assert.deepEqual([inA.ratings, inA.ratingChanges], [{ phrf: 120 }, []]);
    assert.deepEqual(await raceOf(a.slug), [['Blue Note', 1, '00:56:40', 120], ['Red Rum II', 2, '00:58:20', 0]]);
  });

  test('entered again without ratings, the boat brings her newest ratings (90) as the default', async () => {
    const { event, fleet } = await openEvent(club, { fleet: { name: 'Cruisers', handicap: { system: 'phrf_tod' } } });
    const third = await ok(club.api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.id, boat: { id: boatId } }, { key: sailor.key }), 201);
    assert.deepEqual(third.data.boat.ratings, { phrf: 90 });
    assert.deepEqual((await entryIn(a.slug, entryA)).boat.ratings, { phrf: 120 });
  });
});
