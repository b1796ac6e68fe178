/**
 * End to end through the gateway: an entry moved to another fleet after racing leaves the old fleet's
 * standings (her result stays recorded in its race, out of the series: the boats behind move up,
 * A6.1, and the fleet counts one boat fewer, A5.2) and shows in the new fleet's, where she is DNC in
 * the races sailed before she came.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, createOrganization, newActor, uniqueSuffix, type Actor } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;
const base = new Date(Math.floor((Date.now() + 30 * DAY) / DAY) * DAY + 12 * 3_600_000);
const at = (seconds: number) => new Date(base.getTime() + seconds * 1000).toISOString();

/** Polls until `check` passes (the re-score follows the fact), else throws its last failure. */
async function within(ms: number, check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

describe('an entry moved to another fleet after racing', () => {
  let organizer: Actor;
  let slug: string;
  const fleets: Record<string, string> = {};
  const races: Record<string, string> = {};
  const entries: Record<string, { id: string; boatId: string }> = {};

  before(async () => {
    organizer = await newActor(api);
    const org = await createOrganization(api, organizer);
    const key = organizer.key;
    const created = await ok(api.post('/api/v1/events', { organization: org.slug, name: `Move Cup ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 2 * DAY).toISOString() }, { key }), 201);
    slug = created.data.slug;
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
    for (const name of ['Laser', 'ILCA 6']) {
      fleets[name] = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name }, { key }), 201)).data.id;
      races[name] = (await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId: fleets[name], raceNumber: 1, scheduledStart: base.toISOString() }, { key }), 201)).data.id;
    }
    for (const [name, fleet] of [['Mover', 'Laser'], ['Anna', 'Laser'], ['Bert', 'Laser'], ['Carla', 'ILCA 6']] as const) {
      const body = { fleet: fleets[fleet], boat: { name: `Boat ${name}`, sailNumber: `GER ${name} ${uniqueSuffix()}` }, sailor: { name, email: `${name.toLowerCase()}-${uniqueSuffix()}@example.org` } };
      const entry = (await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201)).data;
      entries[name] = { id: entry.id, boatId: entry.boatId };
    }
    const submit = (fleet: string, order: string[]) =>
      ok(api.post(`/api/v1/events/${slug}/races/${races[fleet]}/results`, { actualStart: base.toISOString(), status: 'finished', results: order.map((name, i) => ({ boat: entries[name]!.boatId, finishTime: at(1800 + 10 * i), status: 'finished' })) }, { key }));
    await submit('Laser', ['Mover', 'Anna', 'Bert']);
    await submit('ILCA 6', ['Carla']);
  });

  const standings = async (fleet: string) => {
    const body = await ok(api.get(`/api/v1/events/${slug}/standings`, { query: { fleet }, key: organizer.key }));
    return body.data.standings.map((e: any) => [e.boat.id, e.position, e.totalPoints]);
  };

  test("the old fleet's standings drop the boat, the new fleet's list her", async () => {
    const b = (name: string) => entries[name]!.boatId;
    assert.deepEqual(await standings('Laser'), [[b('Mover'), 1, 1], [b('Anna'), 2, 2], [b('Bert'), 3, 3]]);
    const moved = await ok(api.post(`/api/v1/events/${slug}/registrations/${entries['Mover']!.id}/move`, { fleet: 'ILCA 6' }, { key: organizer.key }));
    assert.deepEqual(moved.changed, ['fleet_id']);
    // Laser: Anna and Bert move up a place (A6.1). ILCA 6: Carla 1; Mover DNC = 2 boats + 1 = 3 (A5.2).
    await within(15_000, async () => assert.deepEqual(await standings('Laser'), [[b('Anna'), 1, 1], [b('Bert'), 2, 2]]));
    await within(15_000, async () => assert.deepEqual(await standings('ILCA 6'), [[b('Carla'), 1, 1], [b('Mover'), 2, 3]]));
    // Her finish stays recorded in the Laser race, scored nothing.
    const race = await ok(api.get(`/api/v1/events/${slug}/results`, { query: { race: '1', fleet: 'Laser' }, key: organizer.key }));
    const hers = race.data.races[0].results.find((r: any) => r.boat.id === b('Mover'));
    assert.ok(hers, 'the result stays recorded');
    assert.deepEqual([hers.position ?? null, hers.points ?? null], [null, null]);
  });
});
