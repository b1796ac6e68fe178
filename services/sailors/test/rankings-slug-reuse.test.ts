/**
 * A ranking factor names a regatta by slug. A regatta deleted (nobody had entered) frees its slug for a
 * new one; the factor set afterwards belongs to the live regatta, never to the deleted one, and the
 * live regatta's results count with it. Worked: 2 boats, Ann 1st, Ben 2nd, linear place points
 * 100 × (2 − place + 1) / 2 = 100 and 50, × factor 1.5 = 150 and 75.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, createOrganization, eventually, newActor, uniqueSuffix } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;

test('a factor set on a reused slug applies to the live regatta, not the deleted one', async () => {
  const committee = await newActor(api);
  const key = committee.key;
  const org = await createOrganization(api, committee, { name: `Reuse ${uniqueSuffix()}`, type: 'association' });
  const slug = `reuse-${uniqueSuffix()}`.toLowerCase();
  const start = new Date(Math.floor((Date.now() + 3 * DAY) / DAY) * DAY + 10 * 3_600_000);
  const create = async (label: string) => {
    const body = {
      organization: org.slug,
      slug,
      name: `Reuse ${label}`,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + DAY).toISOString(),
      registrationOpen: new Date(Date.now() - DAY).toISOString(),
      registrationClose: new Date(start.getTime() - 3_600_000).toISOString(),
    };
    const response = await api.post('/api/v1/events', body, { key });
    assert.equal(response.status, 201, response.text);
    return response.body.data as { id: string; slug: string };
  };
  const list = (await api.post(`/api/v1/organizations/${org.slug}/rankings`, { name: 'All results', formula: { kind: 'all', windowMonths: 12 } }, { key })).body.data as { id: string };
  const setFactor = () => api.put(`/api/v1/organizations/${org.slug}/rankings/${list.id}/events/${slug}`, { factor: 1.5 }, { key, contract: false });
  const factorOn = (eventId: string) =>
    eventually(async () => {
      const response = await setFactor();
      return response.status === 200 && response.body.data.event.id === eventId ? response.body.data : undefined;
    }, 15_000, `factor set on regatta ${eventId}`);

  // The first regatta, known to the rankings (a factor lands on it), then deleted.
  const old = await create('old');
  await factorOn(old.id);
  const deleted = await api.delete(`/api/v1/events/${slug}`, { key });
  assert.equal(deleted.status, 200, deleted.text);
  // The same slug again: the factor now names the live regatta.
  const live = await create('new');
  assert.equal(live.slug, slug);
  assert.notEqual(live.id, old.id);
  assert.equal((await factorOn(live.id)).event.name, 'Reuse new');

  // Score the live regatta: Ann 1st, Ben 2nd.
  await api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key });
  const fleet = (await api.post(`/api/v1/events/${slug}/fleets`, { name: 'ILCA 7' }, { key })).body.data as { id: string };
  const race = (await api.post(`/api/v1/events/${slug}/races`, { fleetId: fleet.id, raceNumber: 1 }, { key })).body.data as { id: string };
  const boats: string[] = [];
  for (const sailor of [await newActor(api, ['read']), await newActor(api, ['read'])]) {
    const entered = await api.post(`/api/v1/events/${slug}/register`, { fleet: fleet.id, boat: { name: `Boat ${uniqueSuffix()}`, sailNumber: `NOR ${uniqueSuffix()}` }, sailor: { userId: sailor.userId } }, { key });
    assert.equal(entered.status, 201, entered.text);
    boats.push(entered.body.data.boatId);
  }
  const results = boats.map((boat, i) => ({ boat, status: 'finished', finishTime: new Date(start.getTime() + 3_600_000 + i * 60_000).toISOString() }));
  const scored = await eventually(async () => {
    const response = await api.post(`/api/v1/events/${slug}/races/${race.id}/results`, { actualStart: start.toISOString(), results }, { key });
    return response.status === 200 ? true : undefined;
  }, 10_000, 'results');
  assert.ok(scored);
  const asOf = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);
  const points = await eventually(async () => {
    const ranking = await api.get(`/api/v1/organizations/${org.slug}/rankings/${list.id}`, { key, query: { asOf } });
    const entries = (ranking.body.entries ?? []) as { points: number }[];
    return entries.length === 2 ? entries.map((e) => e.points) : undefined;
  }, 15_000, 'ranking of the live regatta');
  assert.deepEqual(points, [150, 75]);
});
