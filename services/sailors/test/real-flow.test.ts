/**
 * End-to-end through the real operations (no hand-made facts): an organization creates a regatta,
 * two sailors register boats, the race committee posts results. The organization page, the sailor
 * history and the boat registry follow from the facts the events and results-scoring services
 * publish, within a second of each write.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, createOrganization, eventually, newActor, uniqueSuffix, type ApiResponse } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;

async function within<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await eventually(probe, timeoutMs, what);
  return { value, ms: performance.now() - started };
}

function expect(response: ApiResponse, status: number, what: string): ApiResponse {
  assert.equal(response.status, status, `${what}: ${response.text.slice(0, 500)}`);
  return response;
}

test('regatta, registrations and results flow into organization pages, sailor history and boats', async (t) => {
  const committee = await newActor(api);
  const ada = await newActor(api, ['read', 'register']);
  const ben = await newActor(api, ['read', 'register']);
  const org = await createOrganization(api, committee, { name: `Flow YC ${uniqueSuffix()}` });

  // Before anything happens (this also warms the gateway's key cache and the client's response
  // validators, so the timings below measure the system, not the test's first-call costs).
  const empty = await api.get(`/api/v1/organizations/${org.slug}`, { key: ada.key });
  assert.deepEqual([empty.body.upcomingEvents, empty.body.recentEvents, empty.body.organization.pastEvents], [[], [], { total: 0 }]);
  const noHistory = await api.get(`/api/v1/sailors/${ada.userId}/history`, { key: ada.key });
  assert.ok(noHistory.status === 404 || noHistory.body.count === 0);
  await api.get('/api/v1/boats', { key: ada.key, query: { limit: 1 } });

  // A regatta starting in 3 days, registration open now.
  const now = Date.now();
  const start = new Date(now + 3 * DAY);
  const created = await eventually(async () => {
    const response = await api.post(
      '/api/v1/events',
      {
        organization: org.slug,
        name: `Flow Regatta ${uniqueSuffix()}`,
        startDate: start.toISOString(),
        endDate: new Date(now + 4 * DAY).toISOString(),
        registrationOpen: new Date(now - DAY).toISOString(),
        registrationClose: new Date(now + 2 * DAY).toISOString(),
      },
      { key: committee.key },
    );
    return response.status === 201 ? response : undefined;
  }, 10_000, 'the committee to be allowed to create events');
  const event = created.body.data as { id: string; slug: string; status: string };
  if (event.status !== 'published') expect(await api.put(`/api/v1/events/${event.slug}`, { status: 'published' }, { key: committee.key }), 200, 'publish');

  const page = await within('the regatta on the organization page', async () => {
    const response = await api.get(`/api/v1/organizations/${org.slug}`, { key: ada.key });
    return response.body.upcomingEvents?.length === 1 ? response : undefined;
  });
  t.diagnostic(`published regatta on the organization page after ${Math.round(page.ms)} ms`);
  assert.ok(page.ms < 1_000);
  assert.deepEqual(page.value.body.organization.upcomingEvents, [
    { id: event.id, slug: event.slug, name: page.value.body.upcomingEvents[0].name, startDate: start.toISOString().slice(0, 10), registrationOpen: true },
  ]);
  assert.equal(page.value.body.upcomingEvents[0].status, 'published');

  const fleet = expect(await api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'J/70' }, { key: committee.key }), 201, 'fleet').body.data as { id: string };
  const race = expect(await api.post(`/api/v1/events/${event.slug}/races`, { fleetId: fleet.id }, { key: committee.key }), 201, 'race').body.data as { id: string };

  const tag = uniqueSuffix();
  const adaReg = expect(
    await api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.id, boat: { name: `Flow Ada ${tag}`, sailNumber: `USA ${tag}`, model: 'J/70' } }, { key: ada.key }),
    201,
    'ada registers',
  ).body.data as { boatId: string };
  const benReg = expect(
    await api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.id, boat: { name: `Flow Ben ${tag}`, sailNumber: `GBR ${tag}`, model: 'J/70' } }, { key: ben.key }),
    201,
    'ben registers',
  ).body.data as { boatId: string };

  const registered = await within('the registration in the sailor history', async () => {
    const response = await api.get(`/api/v1/sailors/${ada.userId}/history`, { key: ada.key });
    return response.status === 200 && response.body.count === 1 ? response : undefined;
  });
  t.diagnostic(`registration in the sailor history after ${Math.round(registered.ms)} ms`);
  assert.ok(registered.ms < 1_000);
  assert.equal(registered.value.body.sailor.name, ada.name);
  assert.deepEqual(registered.value.body.history[0].boat, { id: adaReg.boatId, name: `Flow Ada ${tag}`, sailNumber: `USA ${tag}` });
  assert.equal(registered.value.body.history[0].finalPosition, null);

  const boats = await api.get('/api/v1/boats', { key: ada.key, query: { sailNumber: `usa${tag}` } });
  assert.deepEqual(boats.body.data.map((boat: { id: string }) => boat.id), [adaReg.boatId]);

  // Ben first, Ada second.
  const started = new Date(now - 3_600_000);
  const posted = await eventually(async () => {
    const response = await api.post(
      `/api/v1/events/${event.slug}/races/${race.id}/results`,
      {
        actualStart: started.toISOString(),
        results: [
          { boat: benReg.boatId, status: 'finished', finishTime: new Date(started.getTime() + 3_000_000).toISOString() },
          { boat: adaReg.boatId, status: 'finished', finishTime: new Date(started.getTime() + 3_100_000).toISOString() },
        ],
      },
      { key: committee.key },
    );
    return response.status === 200 || response.status === 201 ? response : undefined;
  }, 10_000, 'results to be accepted');
  assert.ok(posted);

  const scored = await within('the standings in the sailor history', async () => {
    const response = await api.get(`/api/v1/sailors/${ada.userId}/history`, { key: ada.key });
    return response.body.history?.[0]?.finalPosition === 2 ? response : undefined;
  });
  t.diagnostic(`results in the sailor history after ${Math.round(scored.ms)} ms`);
  assert.ok(scored.ms < 1_000);
  assert.deepEqual(
    {
      finalPosition: scored.value.body.history[0].finalPosition,
      points: scored.value.body.history[0].points,
      fleetSize: scored.value.body.history[0].fleetSize,
      racesSailed: scored.value.body.history[0].racesSailed,
      fleet: scored.value.body.history[0].fleet.name,
      event: scored.value.body.history[0].event.id,
    },
    { finalPosition: 2, points: 2, fleetSize: 2, racesSailed: 1, fleet: 'J/70', event: event.id },
  );
  assert.deepEqual(scored.value.body.stats, { events: 1, racesSailed: 1, wins: 0, podiums: 1, bestFinish: 2, averageFinish: 2 });
  const benHistory = await api.get(`/api/v1/sailors/${ben.userId}/history`, { key: ben.key });
  assert.equal(benHistory.body.stats.wins, 1);
});
