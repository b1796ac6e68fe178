/**
 * Signals after finishes, through the gateway to the results: an abandonment voids the race's
 * finishes (the followed results go, the race is abandoned, not scored); after a general recall only
 * finishes after the new start count.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { apiClient, eventually } from '@regatta/testing';
import { buildRegatta, finish, ok, signal } from './support.js';

const api = apiClient();

interface RaceRows {
  status: string | undefined;
  rows: Array<[string, number | null]>;
}

async function raceResults(slug: string, raceId: string, key: string): Promise<RaceRows | undefined> {
  const response = await api.get(`/api/v1/events/${slug}/results`, { key, query: { race: raceId } });
  if (response.status !== 200) return undefined;
  const race = response.body.data.races[0] as { status?: string; race?: { status?: string }; results: Array<{ boat: { id: string }; position: number | null }> } | undefined;
  return { status: race?.status ?? race?.race?.status, rows: (race?.results ?? []).map((row) => [row.boat.id, row.position]) };
}

async function latestCaptureReason(slug: string, raceId: string, key: string): Promise<string | undefined> {
  const revisions = await api.get(`/api/v1/events/${slug}/results/revisions`, { key, query: { race: raceId } });
  const captured = (revisions.body.data?.revisions ?? []).filter((revision: { actor: { via: string } }) => revision.actor.via === 'capture');
  return captured[0]?.reason;
}

test('an abandonment after finishes: the followed results are void and the race is abandoned', { timeout: 60_000 }, async () => {
  const regatta = await buildRegatta(api, { boats: 2, races: 1 });
  const [raceId, key, slug] = [regatta.raceIds[0]!, regatta.organizer.key, regatta.slug];
  const start = new Date(Date.now() - 3_600_000);
  const startId = randomUUID();
  await ok(api.post(`/api/v1/events/${slug}/capture/signals`, { ...signal([raceId], 'start', start), startId }, { key }), 201);
  // GBR 1 at start + 41:10.5, GBR 2 at + 41:12.0.
  for (const [entry, seconds] of [[regatta.entries[0]!, 2470.5], [regatta.entries[1]!, 2472]] as const) {
    await ok(api.post(`/api/v1/events/${slug}/capture/finishes`, finish(raceId, entry.sailNumber, new Date(start.getTime() + seconds * 1000)), { key }), 201);
  }
  await eventually(async () => ((await raceResults(slug, raceId, key))?.rows.length === 2 ? true : undefined), 15_000, 'the two finishes followed');

  await ok(api.post(`/api/v1/events/${slug}/capture/signals`, { ...signal([raceId], 'abandonment', new Date(start.getTime() + 2_700_000)), startId }, { key }), 201);
  const reason = await eventually(async () => {
    const latest = await latestCaptureReason(slug, raceId, key);
    return latest?.includes('abandoned') ? latest : undefined;
  }, 15_000, 'the abandonment followed');
  assert.equal(reason, 'Race abandoned on the water: the finishes recorded are void and the race is not scored (RRS 32).');
  const after = await raceResults(slug, raceId, key);
  assert.deepEqual(after?.rows.filter(([, position]) => position !== null), [], 'no boat placed in an abandoned race');
  // The capture log keeps every record as it was made: nothing is deleted on the water.
  const log = await ok(api.get(`/api/v1/events/${slug}/races/${raceId}/capture/log`, { key }));
  assert.deepEqual([log.data.start.status, log.data.finishes.length], ['abandoned', 2]);
  // The reconciliation lists them apart, void.
  const reconciliation = await ok(api.get(`/api/v1/events/${slug}/races/${raceId}/capture/reconciliation`, { key }));
  assert.deepEqual(reconciliation.data.order, []);
  assert.deepEqual(reconciliation.data.voided.map((entry: { sailNumber: string; reason: string }) => [entry.sailNumber, entry.reason]), [
    [regatta.entries[0]!.sailNumber, 'abandoned'],
    [regatta.entries[1]!.sailNumber, 'abandoned'],
  ]);
});

test('a general recall after a finish: only finishes after the new start place', { timeout: 60_000 }, async () => {
  const regatta = await buildRegatta(api, { boats: 3, races: 1 });
  const [raceId, key, slug] = [regatta.raceIds[0]!, regatta.organizer.key, regatta.slug];
  const [one, two, three] = [regatta.entries[0]!, regatta.entries[1]!, regatta.entries[2]!];
  const first = new Date(Date.now() - 3_600_000);
  const s1 = randomUUID();
  await ok(api.post(`/api/v1/events/${slug}/capture/signals`, { ...signal([raceId], 'start', first), startId: s1 }, { key }), 201);
  // A finish typed under the first start (at + 8:15), followed at once as the race's only result.
  await ok(api.post(`/api/v1/events/${slug}/capture/finishes`, finish(raceId, three.sailNumber, new Date(first.getTime() + 495_000)), { key }), 201);
  await eventually(async () => ((await raceResults(slug, raceId, key))?.rows.some(([boat, position]) => boat === three.boatId && position === 1) ? true : undefined), 15_000, 'the first finish followed');

  // The first start is recalled at + 0:40; the new start goes at + 10:00.
  await ok(api.post(`/api/v1/events/${slug}/capture/signals`, { ...signal([raceId], 'general_recall', new Date(first.getTime() + 40_000)), startId: s1 }, { key }), 201);
  const restart = new Date(first.getTime() + 600_000);
  await ok(api.post(`/api/v1/events/${slug}/capture/signals`, { ...signal([raceId], 'start', restart), startId: randomUUID() }, { key }), 201);
  const voided = await eventually(async () => {
    const latest = await latestCaptureReason(slug, raceId, key);
    return latest?.includes('general recall') ? latest : undefined;
  }, 15_000, 'the recall followed');
  assert.match(voided, /finishes recorded before it are void/);

  // GBR 1 at new start + 31:10.5, GBR 2 at + 31:12.0: they place 1 and 2; GBR 3's finish stays void.
  await ok(api.post(`/api/v1/events/${slug}/capture/finishes`, finish(raceId, one.sailNumber, new Date(restart.getTime() + 1_870_500)), { key }), 201);
  await ok(api.post(`/api/v1/events/${slug}/capture/finishes`, finish(raceId, two.sailNumber, new Date(restart.getTime() + 1_872_000)), { key }), 201);
  const placed = await eventually(async () => {
    const rows = (await raceResults(slug, raceId, key))?.rows;
    return rows && rows.filter(([, position]) => position !== null).length === 2 ? rows : undefined;
  }, 15_000, 'the finishes after the new start followed');
  const positions = new Map(placed);
  assert.deepEqual([positions.get(one.boatId), positions.get(two.boatId), positions.get(three.boatId) ?? null], [1, 2, null]);
  const reconciliation = await ok(api.get(`/api/v1/events/${slug}/races/${raceId}/capture/reconciliation`, { key }));
  assert.deepEqual(reconciliation.data.order.map((boat: { position: number; sailNumber: string }) => [boat.position, boat.sailNumber]), [
    [1, one.sailNumber],
    [2, two.sailNumber],
  ]);
  assert.deepEqual(reconciliation.data.voided.map((entry: { sailNumber: string; reason: string }) => [entry.sailNumber, entry.reason]), [[three.sailNumber, 'before_start']]);
});
