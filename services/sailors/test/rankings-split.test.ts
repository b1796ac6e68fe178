/**
 * End-to-end through the gateway (docs/rankings.md, "Split series"): a regatta whose qualifying fleet
 * Q (P1, P2, P3, P4) is split by rank into Gold (P1, P2) and Silver (P3, P4). A ranking must count the
 * series' overall standings, not the qualifying or silver places as final places.
 *
 * Linear place points, 100 × (N − P + 1) / N:
 *   before the split, Q (4 boats): P1, P2, P3, P4 → 100, 75, 50, 25 (the qualifying fleet counts);
 *   after Gold P2, P1 and Silver P4, P3: overall P2, P1, P4, P3 (gold above silver), N = 4
 *   → 100, 75, 50, 25. Counted as the fleets' own standings it was P1, P2, P4 100 each and P3 50.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, createOrganization, eventually, newActor, uniqueSuffix, type Actor, type ApiResponse } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;
const NAMES = ['P1', 'P2', 'P3', 'P4'] as const;
type Name = (typeof NAMES)[number];

let committee: Actor;
let org: { id: string; slug: string; name: string };
const sailors = new Map<Name, Actor>();
const nameOf = new Map<string, Name>();
const asOf = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);

function expect(response: ApiResponse, status: number, what: string): any {
  assert.equal(response.status, status, `${what}: ${response.text.slice(0, 500)}`);
  return response.body;
}

before(async () => {
  committee = await newActor(api);
  for (const name of NAMES) {
    const actor = await newActor(api, ['read']);
    sailors.set(name, actor);
    nameOf.set(actor.userId, name);
  }
  org = await createOrganization(api, committee, { name: `Split Federation ${uniqueSuffix()}`, type: 'association' });
});

test('a split series counts by its overall standings: P2, P1, P4, P3 → 100, 75, 50, 25', async () => {
  const key = committee.key;
  const list = await eventually(
    async () => {
      const response = await api.post(`/api/v1/organizations/${org.slug}/rankings`, { name: `Split ${uniqueSuffix()}`, formula: { kind: 'all', placePoints: 'linear', windowMonths: 12 } }, { key });
      return response.status === 201 ? (response.body.data.id as string) : undefined;
    },
    10_000,
    'the organization in the sailors service',
  );
  const now = Date.now();
  const start = new Date(Math.floor((now + 2 * DAY) / DAY) * DAY + 10 * 3_600_000);
  const created = await eventually(
    async () => {
      const response = await api.post(
        '/api/v1/events',
        {
          organization: org.slug,
          name: `Split Open ${uniqueSuffix()}`,
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + DAY).toISOString(),
          registrationOpen: new Date(now - DAY).toISOString(),
          registrationClose: new Date(start.getTime() - 3_600_000).toISOString(),
        },
        { key },
      );
      return response.status === 201 ? (response.body.data as { slug: string; status: string }) : undefined;
    },
    10_000,
    'the committee to be allowed to create events',
  );
  const slug = created.slug;
  if (created.status !== 'published') expect(await api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }), 200, 'publish');
  const fleet: Record<string, string> = {};
  const race: Record<string, string> = {};
  for (const name of ['Q', 'Gold', 'Silver']) {
    fleet[name] = expect(await api.post(`/api/v1/events/${slug}/fleets`, { name }, { key }), 201, `fleet ${name}`).data.id;
    race[name] = expect(await api.post(`/api/v1/events/${slug}/races`, { fleetId: fleet[name], raceNumber: 1 }, { key }), 201, `race ${name}`).data.id;
  }
  const boat = new Map<Name, string>();
  for (const name of NAMES) {
    const registration = expect(
      await api.post(`/api/v1/events/${slug}/register`, { fleet: fleet['Q'], boat: { name: `Boat ${name}`, sailNumber: `NOR ${name} ${uniqueSuffix()}` }, sailor: { userId: sailors.get(name)!.userId } }, { key }),
      201,
      `register ${name}`,
    ).data as { boatId: string };
    boat.set(name, registration.boatId);
  }
  expect(await api.put(`/api/v1/events/${slug}/split-series`, { qualifyingFleets: [fleet['Q']], finalFleets: [fleet['Gold'], fleet['Silver']], carry: 'continuous' }, { key }), 200, 'split series');
  const score = async (fleetName: string, order: Name[]) => {
    const results = order.map((name, index) => ({ boat: boat.get(name)!, finishTime: new Date(start.getTime() + 3_600_000 + index * 60_000).toISOString(), status: 'finished' }));
    // The split's members reach the final fleets' scoring at once; retry only while a projection is on its way.
    await eventually(async () => {
      const response = await api.post(`/api/v1/events/${slug}/races/${race[fleetName]}/results`, { actualStart: start.toISOString(), results }, { key });
      if (response.status >= 500) throw new Error(`${response.status} ${response.text}`);
      return response.status === 200 ? true : undefined;
    }, 10_000, `results ${fleetName}`);
  };
  const table = async () => {
    const body = expect(await api.get(`/api/v1/organizations/${org.slug}/rankings/${list}`, { key, query: { asOf } }), 200, 'ranking');
    return (body.entries as Array<{ rank: number; sailor: { id: string }; points: number; results: Array<{ fleet: { name: string | null }; place: number; fleetSize: number }> }>).map(
      (entry) => [entry.rank, nameOf.get(entry.sailor.id) ?? entry.sailor.id, entry.points, entry.results.map((r) => `${r.fleet.name} ${r.place}/${r.fleetSize}`).join()],
    );
  };
  const expectTable = async (expected: unknown[], what: string) => {
    let last: unknown[] = [];
    try {
      await eventually(async () => ((last = await table()), JSON.stringify(last) === JSON.stringify(expected) ? true : undefined), 15_000, what);
    } catch {
      assert.deepEqual(last, expected, what);
    }
  };

  // Before the final split the qualifying standings are the regatta's result.
  await score('Q', ['P1', 'P2', 'P3', 'P4']);
  await expectTable(
    [
      [1, 'P1', 100, 'Q 1/4'],
      [2, 'P2', 75, 'Q 2/4'],
      [3, 'P3', 50, 'Q 3/4'],
      [4, 'P4', 25, 'Q 4/4'],
    ],
    'the ranking before the split',
  );

  const split = expect(await api.post(`/api/v1/events/${slug}/split`, { method: 'by_rank' }, { key }), 200, 'split').data as { fleets: Array<{ fleetId: string; boats: Array<{ boatId: string }> }> };
  assert.deepEqual(
    split.fleets.map((f) => [f.fleetId, f.boats.map((b) => [...boat].find(([, id]) => id === b.boatId)![0])]),
    [
      [fleet['Gold'], ['P1', 'P2']],
      [fleet['Silver'], ['P3', 'P4']],
    ],
  );
  await score('Gold', ['P2', 'P1']);
  await score('Silver', ['P4', 'P3']);
  const overall = expect(await api.get(`/api/v1/events/${slug}/split-standings`, { key, query: { stage: 'overall' } }), 200, 'overall').data.standings as Array<{ boatId: string; rank: number }>;
  assert.deepEqual(
    overall.map((s) => [s.rank, [...boat].find(([, id]) => id === s.boatId)![0]]),
    [
      [1, 'P2'],
      [2, 'P1'],
      [3, 'P4'],
      [4, 'P3'],
    ],
  );
  // The overall standings are the result (place = overall rank of 4, in the qualifying fleet's class).
  await expectTable(
    [
      [1, 'P2', 100, 'Q 1/4'],
      [2, 'P1', 75, 'Q 2/4'],
      [3, 'P4', 50, 'Q 3/4'],
      [4, 'P3', 25, 'Q 4/4'],
    ],
    'the ranking after the final races',
  );
});
