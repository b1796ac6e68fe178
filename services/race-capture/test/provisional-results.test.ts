/**
 * From capture to results: as finishes arrive from the water, the race's provisional results follow
 * them through the same path every results change takes (a revision attributed to the recorders,
 * via "capture"); once the scorer changes the race, capture no longer overwrites it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiClient, eventually } from '@regatta/testing';
import { buildRegatta, enrolDevice, finish, ok, signal } from './support.js';

const api = apiClient();

test('the race results follow the finishes recorded on the water, then the scorer takes over', { timeout: 60_000 }, async () => {
  const regatta = await buildRegatta(api, { boats: 3, races: 1 });
  const raceId = regatta.raceIds[0]!;
  const key = regatta.organizer.key;
  const device = await enrolDevice(api, regatta, 'Finish boat');
  const start = new Date(Date.now() - 3_600_000);
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
  await ok(api.post(`/api/v1/events/${regatta.slug}/capture/signals`, signal([raceId], 'start', start), { key: device.token }), 201);
  const [one, two, three] = regatta.entries as [(typeof regatta.entries)[0], (typeof regatta.entries)[0], (typeof regatta.entries)[0]];
  await ok(api.post(`/api/v1/events/${regatta.slug}/capture/sync`, { records: [{ type: 'finish', record: finish(raceId, two.sailNumber, at(1800.25)) }, { type: 'finish', record: finish(raceId, one.sailNumber, at(1805.5)) }] }, { key: device.token }));

  const places = async () => {
    const response = await api.get(`/api/v1/events/${regatta.slug}/results`, { key, query: { race: raceId } });
    if (response.status !== 200) return undefined;
    const races = response.body.data.races as Array<{ results: Array<{ boat: { id: string }; position: number | null }> }>;
    return (races[0]?.results ?? []).map((row) => [row.boat.id, row.position] as const);
  };
  const first = await eventually(async () => {
    const rows = await places();
    return rows && rows.some(([, position]) => position === 2) ? rows : undefined;
  }, 15_000, 'provisional results of the first two finishes');
  assert.deepEqual(new Map(first).get(two.boatId), 1);
  assert.deepEqual(new Map(first).get(one.boatId), 2);
  assert.equal(new Map(first).get(three.boatId) ?? null, null, 'a boat not yet finished has no place');

  await ok(api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, finish(raceId, three.sailNumber, at(1810)), { key: device.token }), 201);
  await eventually(async () => ((await places())?.find(([boat]) => boat === three.boatId)?.[1] === 3 ? true : undefined), 15_000, 'the third finish followed');
  const revisions = await ok(api.get(`/api/v1/events/${regatta.slug}/results/revisions`, { key, query: { race: raceId } }));
  const captured = revisions.data.revisions.filter((revision: { actor: { via: string } }) => revision.actor.via === 'capture');
  assert.ok(captured.length >= 2, 'every change a revision via capture');
  assert.match(captured[0].reason, /Finish boat/);

  // The scorer corrects the race: a later record from the water does not overwrite it.
  await ok(
    api.post(
      `/api/v1/events/${regatta.slug}/races/${raceId}/results`,
      { actualStart: start.toISOString(), results: [one, two, three].map((entry, index) => ({ boat: entry.boatId, status: 'finished', finishTime: at(1900 + index).toISOString() })) },
      { key },
    ),
  );
  await ok(api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, finish(raceId, two.sailNumber, at(1799)), { key: device.token }), 201);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  assert.deepEqual(new Map(await places()).get(one.boatId), 1, "the scorer's order stands");
});

test('finishes recorded before the start (on another device) are placed once the start arrives', { timeout: 60_000 }, async () => {
  const regatta = await buildRegatta(api, { boats: 2, races: 1 });
  const raceId = regatta.raceIds[0]!;
  const key = regatta.organizer.key;
  const start = new Date(Date.now() - 3_600_000);
  const [one, two] = regatta.entries as [(typeof regatta.entries)[0], (typeof regatta.entries)[0]];
  await ok(api.post(`/api/v1/events/${regatta.slug}/capture/sync`, { records: [{ type: 'finish', record: finish(raceId, one.sailNumber, new Date(start.getTime() + 900_000)) }, { type: 'finish', record: finish(raceId, two.sailNumber, new Date(start.getTime() + 901_000)) }] }, { key }));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const before = await api.get(`/api/v1/events/${regatta.slug}/results`, { key, query: { race: raceId } });
  assert.deepEqual(before.body.data.races[0]?.results ?? [], [], 'no start, no results yet');
  await ok(api.post(`/api/v1/events/${regatta.slug}/capture/signals`, signal([raceId], 'start', start), { key }), 201);
  const placed = await eventually(async () => {
    const response = await api.get(`/api/v1/events/${regatta.slug}/results`, { key, query: { race: raceId } });
    const rows = (response.body.data?.races?.[0]?.results ?? []) as Array<{ boat: { id: string }; position: number | null; elapsedTime: string | null }>;
    return rows.length === 2 ? rows : undefined;
  }, 15_000, 'results after the start signal');
  assert.deepEqual(placed.map((row) => [row.boat.id, row.position, row.elapsedTime]), [[one.boatId, 1, '00:15:00'], [two.boatId, 2, '00:15:01']]);
});
