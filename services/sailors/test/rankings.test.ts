/**
 * End-to-end through the gateway (national rankings): three regattas of one organization scored through the
 * real operations (events, registrations, results), a national ranking over them (best 2 of 3,
 * factors 1.0 / 1.2 / 0.8, a class filter), every rank and point checked against numbers worked by
 * hand below (docs/rankings.md has the same example); a results change recomputes the ranking; two
 * published editions make a sailor's rank history and the ranking.published webhook; and the
 * refusals of the access rules.
 *
 * Linear place points: 100 × (N − P + 1) / N, times the regatta's factor, rounded to 2 decimals.
 *   Regatta A (factor 1.0), ILCA 7, 4 boats: Ann, Ben, Cat, Dan → 100, 75, 50, 25
 *   Regatta B (factor 1.2), ILCA 7, 5 boats: Ben, Ann, Dan, Cat, Eve → 120, 96, 72, 48, 24
 *   Regatta C (factor 0.8), ILCA 7, 3 boats: Cat, Ann, Ben → 80, 53.33, 26.67
 *                           ILCA 6, 2 boats: Eve, Fay → 80, 40
 * ILCA 7 list, best 2: Ann 100 + 96 = 196; Ben 120 + 75 = 195; Cat 80 + 50 = 130; Dan 72 + 25 = 97;
 *   Eve 24 (her ILCA 6 win is filtered out).
 * All classes: … Eve 80 + 24 = 104 (ahead of Dan), Fay 40.
 * After A is re-scored (Ben first, Ann second): Ben 120 + 100 = 220; Ann 96 + 75 = 171.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiClient, createOrganization, eventually, newActor, uniqueSuffix, type Actor, type ApiResponse } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;
const NAMES = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay'] as const;
type Name = (typeof NAMES)[number];

let committee: Actor;
let outsider: Actor;
let readOnly: Actor;
let org: { id: string; slug: string; name: string };
const sailors = new Map<Name, Actor>();
const nameOf = new Map<string, Name>();
/** The day the rankings are computed as of: after the three regattas (all dated in the coming days). */
const asOf = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);

const received: Array<{ event: string; data: any }> = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    try {
      received.push(JSON.parse(body));
    } catch {
      // not JSON: not ours to judge here
    }
    res.writeHead(204).end();
  });
});

function expect(response: ApiResponse, status: number, what: string): any {
  assert.equal(response.status, status, `${what}: ${response.text.slice(0, 500)}`);
  return response.body;
}

interface Regatta {
  slug: string;
  races: Map<string, { raceId: string; boats: Map<Name, string> }>;
  start: Date;
}

/** A published regatta of the organization with one race per fleet; each sailor registered by the committee. */
async function regatta(label: string, startInDays: number, fleets: Record<string, Name[]>): Promise<Regatta> {
  const key = committee.key;
  const now = Date.now();
  const start = new Date(Math.floor((now + startInDays * DAY) / DAY) * DAY + 10 * 3_600_000);
  const created = await eventually(
    async () => {
      const response = await api.post(
        '/api/v1/events',
        {
          organization: org.slug,
          name: `Ranking ${label} ${uniqueSuffix()}`,
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
  if (created.status !== 'published') expect(await api.put(`/api/v1/events/${created.slug}`, { status: 'published' }, { key }), 200, 'publish');
  const races = new Map<string, { raceId: string; boats: Map<Name, string> }>();
  for (const [fleetName, entrants] of Object.entries(fleets)) {
    const fleet = expect(await api.post(`/api/v1/events/${created.slug}/fleets`, { name: fleetName }, { key }), 201, 'fleet').data as { id: string };
    const race = expect(await api.post(`/api/v1/events/${created.slug}/races`, { fleetId: fleet.id, raceNumber: 1 }, { key }), 201, 'race').data as { id: string };
    const boats = new Map<Name, string>();
    for (const name of entrants) {
      const sailor = sailors.get(name)!;
      const registration = expect(
        await api.post(
          `/api/v1/events/${created.slug}/register`,
          { fleet: fleet.id, boat: { name: `${name}'s ${fleetName}`, sailNumber: `NOR ${name} ${uniqueSuffix()}` }, sailor: { userId: sailor.userId } },
          { key },
        ),
        201,
        `register ${name}`,
      ).data as { boatId: string };
      boats.set(name, registration.boatId);
    }
    races.set(fleetName, { raceId: race.id, boats });
  }
  return { slug: created.slug, races, start };
}

/** Results of a fleet's race: the boats finish in this order, a minute apart. */
async function score(regatta: Regatta, fleetName: string, order: Name[]): Promise<void> {
  const race = regatta.races.get(fleetName)!;
  const actualStart = regatta.start;
  const results = order.map((name, index) => ({ boat: race.boats.get(name)!, finishTime: new Date(actualStart.getTime() + 3_600_000 + index * 60_000).toISOString(), status: 'finished' }));
  expect(await api.post(`/api/v1/events/${regatta.slug}/races/${race.raceId}/results`, { actualStart: actualStart.toISOString(), results }, { key: committee.key }), 200, `results ${fleetName}`);
}

const rankingPath = (listId: string) => `/api/v1/organizations/${org.slug}/rankings/${listId}` as const;

/** [rank, sailor, points] of a list as of `asOf`. */
async function table(listId: string, key = committee.key): Promise<Array<[number, string, number]>> {
  const body = expect(await api.get(rankingPath(listId), { key, query: { asOf } }), 200, 'ranking');
  return (body.entries as Array<{ rank: number; sailor: { id: string }; points: number }>).map((entry) => [entry.rank, nameOf.get(entry.sailor.id) ?? entry.sailor.id, entry.points]);
}

/** Waits until the list shows `expected` (the projections follow the results facts), then asserts it. */
async function expectTable(listId: string, expected: Array<[number, string, number]>, what: string): Promise<void> {
  let last: Array<[number, string, number]> = [];
  try {
    await eventually(async () => ((last = await table(listId)), JSON.stringify(last) === JSON.stringify(expected) ? true : undefined), 15_000, what);
  } catch {
    assert.deepEqual(last, expected, what);
  }
}

let ilca7List: string;
let allList: string;
let regattaA: Regatta;

before(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  [committee, outsider, readOnly] = await Promise.all([newActor(api), newActor(api), newActor(api, ['read'])]);
  for (const name of NAMES) {
    const actor = await newActor(api, ['read']);
    sailors.set(name, actor);
    nameOf.set(actor.userId, name);
  }
  org = await createOrganization(api, committee, { name: `Ranking Federation ${uniqueSuffix()}`, type: 'association' });
});

after(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test('a ranking list over three regattas: every rank and point worked by hand', async () => {
  const key = committee.key;
  // The sailors service learns the organization from its facts: retry until it knows it.
  const createList = (body: Record<string, unknown>) =>
    eventually(
      async () => {
        const response = await api.post(`/api/v1/organizations/${org.slug}/rankings`, body, { key });
        return response.status === 201 ? (response.body.data as { id: string; formula: unknown; filters: unknown }) : undefined;
      },
      10_000,
      'the organization in the sailors service',
    );
  const ilca7 = await createList({ name: 'ILCA 7 ranking', formula: { kind: 'best_n', n: 2, placePoints: 'linear', windowMonths: 12 }, filters: { class: 'ILCA 7' } });
  assert.deepEqual([ilca7.formula, ilca7.filters], [
    { kind: 'best_n', n: 2, placePoints: 'linear', windowMonths: 12 },
    { class: 'ILCA 7', ageGroup: null, nationality: null, gender: null },
  ]);
  ilca7List = ilca7.id;
  allList = (await createList({ name: 'All classes', formula: { kind: 'best_n', n: 2, windowMonths: 12 } })).id;

  regattaA = await regatta('A', 2, { 'ILCA 7': ['Ann', 'Ben', 'Cat', 'Dan'] });
  const regattaB = await regatta('B', 5, { 'ILCA 7': ['Ben', 'Ann', 'Dan', 'Cat', 'Eve'] });
  const regattaC = await regatta('C', 8, { 'ILCA 7': ['Cat', 'Ann', 'Ben'], 'ILCA 6': ['Eve', 'Fay'] });
  for (const listId of [ilca7List, allList]) {
    for (const [slug, factor] of [[regattaA.slug, 1.0], [regattaB.slug, 1.2], [regattaC.slug, 0.8]] as const) {
      // The regatta reaches the sailors service as a fact: retry while it is on its way.
      const set = await eventually(async () => {
        const response = await api.put(`/api/v1/organizations/${org.slug}/rankings/${listId}/events/${slug}`, { factor }, { key });
        return response.status === 200 ? response.body.data : undefined;
      }, 10_000, `the regatta ${slug}`);
      assert.equal(set.factor, factor);
    }
  }
  await score(regattaA, 'ILCA 7', ['Ann', 'Ben', 'Cat', 'Dan']);
  await score(regattaB, 'ILCA 7', ['Ben', 'Ann', 'Dan', 'Cat', 'Eve']);
  await score(regattaC, 'ILCA 7', ['Cat', 'Ann', 'Ben']);
  await score(regattaC, 'ILCA 6', ['Eve', 'Fay']);

  await expectTable(ilca7List, [
    [1, 'Ann', 196],
    [2, 'Ben', 195],
    [3, 'Cat', 130],
    [4, 'Dan', 97],
    [5, 'Eve', 24],
  ], 'the ILCA 7 ranking');
  await expectTable(allList, [
    [1, 'Ann', 196],
    [2, 'Ben', 195],
    [3, 'Cat', 130],
    [4, 'Eve', 104],
    [5, 'Dan', 97],
    [6, 'Fay', 40],
  ], 'the all-classes ranking');

  // Ann's entry: all three results with their points; the best two count.
  const ann = sailors.get('Ann')!.userId;
  const entry = expect(await api.get(`${rankingPath(ilca7List)}/sailors/${ann}`, { key: readOnly.key, query: { asOf } }), 200, "Ann's entry");
  assert.deepEqual([entry.rank, entry.points, entry.countedResults, entry.history], [1, 196, 2, []]);
  assert.deepEqual(
    (entry.results as Array<{ event: { slug: string }; place: number; fleetSize: number; factor: number; points: number; counted: boolean }>).map((r) => [r.event.slug, r.place, r.fleetSize, r.factor, r.points, r.counted]),
    [
      [regattaA.slug, 1, 4, 1, 100, true],
      [regattaB.slug, 2, 5, 1.2, 96, true],
      [regattaC.slug, 2, 3, 0.8, 53.33, false],
    ],
  );
});

test('publishing makes editions, the rank history and the ranking.published webhook; a results change recomputes', async () => {
  const key = committee.key;
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/rankings-hook`;
  expect(await api.post('/api/v1/webhooks', { url: receiverUrl, events: ['ranking.published'], organizationId: org.id }, { key }), 201, 'webhook');

  const first = expect(await api.post(`${rankingPath(ilca7List)}/publish`, { asOf }, { key }), 201, 'publish 1').data;
  assert.deepEqual([first.edition, first.asOf, first.sailors], [1, asOf, 5]);

  // Regatta A re-scored: Ben first, Ann second. Ben 120 + 100 = 220; Ann 96 + 75 = 171.
  await score(regattaA, 'ILCA 7', ['Ben', 'Ann', 'Cat', 'Dan']);
  await expectTable(ilca7List, [
    [1, 'Ben', 220],
    [2, 'Ann', 171],
    [3, 'Cat', 130],
    [4, 'Dan', 97],
    [5, 'Eve', 24],
  ], 'the ranking after the correction');

  const second = expect(await api.post(`${rankingPath(ilca7List)}/publish`, { asOf }, { key }), 201, 'publish 2').data;
  assert.equal(second.edition, 2);
  const ann = sailors.get('Ann')!.userId;
  const entry = expect(await api.get(`${rankingPath(ilca7List)}/sailors/${ann}`, { key: readOnly.key, query: { asOf } }), 200, "Ann's entry");
  assert.deepEqual(
    (entry.history as Array<{ edition: number; rank: number; points: number; sailors: number }>).map((line) => [line.edition, line.rank, line.points, line.sailors]),
    [
      [1, 1, 196, 5],
      [2, 2, 171, 5],
    ],
  );
  const list = expect(await api.get(rankingPath(ilca7List), { key: readOnly.key, query: { asOf } }), 200, 'list');
  assert.deepEqual([list.latestEdition.edition, list.latestEdition.asOf], [2, asOf]);

  // Both editions reach the organization's webhook with their numbers.
  const hooks = await eventually(async () => {
    const mine = received.filter((message) => message.event === 'ranking.published' && message.data.listId === ilca7List);
    return mine.length >= 2 ? mine : undefined;
  }, 15_000, 'two ranking.published deliveries');
  const byEdition = new Map(hooks.map((message) => [message.data.edition as number, message.data]));
  assert.deepEqual(
    [1, 2].map((edition) => (byEdition.get(edition).entries as Array<{ rank: number; sailorId: string; points: number }>).slice(0, 2).map((e) => [e.rank, nameOf.get(e.sailorId), e.points])),
    [
      [
        [1, 'Ann', 196],
        [2, 'Ben', 195],
      ],
      [
        [1, 'Ben', 220],
        [2, 'Ann', 171],
      ],
    ],
  );
  assert.equal(byEdition.get(1).organizationId, org.id);
});

test('sailor records feed the nationality, gender and age-group filters', async () => {
  const key = committee.key;
  const record = (name: Name, body: Record<string, unknown>) =>
    api.put(`/api/v1/organizations/${org.slug}/sailor-records/${sailors.get(name)!.userId}`, body, { key }).then((r) => expect(r, 200, `record ${name}`));
  const year = Number(asOf.slice(0, 4));
  await record('Ann', { nationality: 'NOR', gender: 'female', birthYear: year - 18 });
  await record('Ben', { nationality: 'NOR', gender: 'male', birthYear: year - 19 });
  await record('Cat', { nationality: 'SWE', gender: 'female', birthYear: year - 16 });
  const create = async (filters: Record<string, unknown>) =>
    expect(await api.post(`/api/v1/organizations/${org.slug}/rankings`, { name: `Filtered ${uniqueSuffix()}`, formula: { kind: 'best_n', n: 2, windowMonths: 12 }, filters: { class: 'ILCA 7', ...filters } }, { key }), 201, 'list').data.id as string;
  // No factors on these lists: every regatta counts with the default factor 1 (after the correction).
  // Ben: A 100 + B 100 = 200; Ann: B 80 + A 75 = 155 (C 66.67 not counted); Cat: C 100 + A 50 = 150.
  // U19 = under 19 on 31 December: Ann (18) and Cat (16), not Ben (19).
  assert.deepEqual(await table(await create({ nationality: 'NOR' })), [
    [1, 'Ben', 200],
    [2, 'Ann', 155],
  ]);
  assert.deepEqual(await table(await create({ gender: 'female' })), [
    [1, 'Ann', 155],
    [2, 'Cat', 150],
  ]);
  assert.deepEqual(await table(await create({ ageGroup: 'U19' })), [
    [1, 'Ann', 155],
    [2, 'Cat', 150],
  ]);
});

test("changing a list's formula: the next read ranks by it; bad input is refused on its field", async () => {
  const key = committee.key;
  // All classes, best 2 of linear points (after regatta A's correction): Ben 220, Ann 171, Cat 130, Eve 104, Dan 97, Fay 40.
  await expectTable(allList, [
    [1, 'Ben', 220],
    [2, 'Ann', 171],
    [3, 'Cat', 130],
    [4, 'Eve', 104],
    [5, 'Dan', 97],
    [6, 'Fay', 40],
  ], 'the all-classes ranking before the change');
  // Every result counts, places by the table [10, 6, 4, 2] (5th and beyond 0), times the factors A 1.0, B 1.2, C 0.8:
  //   A: Ben 10, Ann 6, Cat 4, Dan 2; B: Ben 12, Ann 7.2, Dan 4.8, Cat 2.4, Eve 0;
  //   C ILCA 7: Cat 8, Ann 4.8, Ben 3.2; C ILCA 6: Eve 8, Fay 4.8.
  //   Ben 10 + 12 + 3.2 = 25.2; Ann 6 + 7.2 + 4.8 = 18; Cat 4 + 2.4 + 8 = 14.4; Eve 0 + 8 = 8; Dan 2 + 4.8 = 6.8; Fay 4.8.
  const formula = { kind: 'all', placePoints: [10, 6, 4, 2], windowMonths: 12 };
  const changed = expect(await api.patch(rankingPath(allList), { formula }, { key }), 200, 'change the formula');
  assert.deepEqual([changed.data.formula, changed.data.name, changed.message], [formula, 'All classes', 'Ranking list changed.']);
  assert.deepEqual(await table(allList), [
    [1, 'Ben', 25.2],
    [2, 'Ann', 18],
    [3, 'Cat', 14.4],
    [4, 'Eve', 8],
    [5, 'Dan', 6.8],
    [6, 'Fay', 4.8],
  ]);
  // Back to the best two with linear points, and a new name: the old numbers again.
  const back = expect(await api.patch(rankingPath(allList), { name: 'All classes, best two', formula: { kind: 'best_n', n: 2, windowMonths: 12 } }, { key }), 200, 'change back');
  assert.deepEqual([back.data.formula, back.data.name], [{ kind: 'best_n', n: 2, placePoints: 'linear', windowMonths: 12 }, 'All classes, best two']);
  assert.deepEqual((await table(allList)).slice(0, 2), [
    [1, 'Ben', 220],
    [2, 'Ann', 171],
  ]);

  // Refusals: a problem+json on the field; nothing to change; not a member; the read scope; an unknown list.
  const noN = await api.patch(rankingPath(allList), { formula: { kind: 'best_n', windowMonths: 12 } }, { key, contract: false });
  assert.deepEqual([noN.status, noN.body.code], [400, 'validation_failed']);
  assert.ok((noN.body.errors as Array<{ field: string }>).some((error) => error.field === 'formula.n'), JSON.stringify(noN.body.errors));
  const zeroWindow = await api.patch(rankingPath(allList), { formula: { kind: 'all', windowMonths: 0 } }, { key, contract: false });
  assert.deepEqual([zeroWindow.status, (zeroWindow.body.errors as Array<{ field: string }>).map((error) => error.field)], [400, ['formula.windowMonths']]);
  const empty = await api.patch(rankingPath(allList), {}, { key, contract: false });
  assert.deepEqual([empty.status, empty.body.code], [400, 'validation_failed']);
  const outsiderChange = await api.patch(rankingPath(allList), { formula }, { key: outsider.key });
  assert.deepEqual([outsiderChange.status, outsiderChange.body.code], [403, 'not_a_member']);
  const readOnlyChange = await api.patch(rankingPath(allList), { formula }, { key: readOnly.key });
  assert.deepEqual([readOnlyChange.status, readOnlyChange.body.code], [403, 'missing_scope']);
  expect(await api.patch(rankingPath('00000000-0000-4000-8000-000000000000'), { formula }, { key }), 404, 'unknown list');
  const after = expect(await api.get(rankingPath(allList), { key, query: { asOf } }), 200, 'the list after the refusals');
  assert.deepEqual([after.name, after.formula.kind], ['All classes, best two', 'best_n']);
});

test('authorization: members manage, public lists are readable, members-only lists are not', async () => {
  const base = `/api/v1/organizations/${org.slug}/rankings` as const;
  const body = { name: 'Members only', formula: { kind: 'all', windowMonths: 12 }, visibility: 'members' };
  const hidden = expect(await api.post(base, body, { key: committee.key }), 201, 'members-only list').data.id as string;

  const refusedCreate = await api.post(base, body, { key: outsider.key });
  assert.deepEqual([refusedCreate.status, refusedCreate.body.code], [403, 'not_a_member']);
  assert.match(refusedCreate.body.detail, new RegExp(org.slug));
  const refusedFactor = await api.put(`${rankingPath(ilca7List)}/events/${regattaA.slug}`, { factor: 2 }, { key: outsider.key });
  assert.deepEqual([refusedFactor.status, refusedFactor.body.code], [403, 'not_a_member']);
  const refusedPublish = await api.post(`${rankingPath(ilca7List)}/publish`, {}, { key: outsider.key });
  assert.deepEqual([refusedPublish.status, refusedPublish.body.code], [403, 'not_a_member']);
  const refusedRecord = await api.put(`/api/v1/organizations/${org.slug}/sailor-records/${sailors.get('Ann')!.userId}`, { nationality: 'GBR' }, { key: outsider.key });
  assert.deepEqual([refusedRecord.status, refusedRecord.body.code], [403, 'not_a_member']);
  // The read scope alone cannot write (the gateway refuses before the service).
  const readOnlyCreate = await api.post(base, body, { key: readOnly.key });
  assert.deepEqual([readOnlyCreate.status, readOnlyCreate.body.code], [403, 'missing_scope']);

  // Public lists: anyone with the read scope; the members-only one is 404 to outsiders, listed only for members.
  expect(await api.get(rankingPath(ilca7List), { key: outsider.key, query: { asOf } }), 200, 'public list');
  expect(await api.get(rankingPath(hidden), { key: outsider.key }), 404, 'members-only list for an outsider');
  expect(await api.get(rankingPath(hidden), { key: committee.key }), 200, 'members-only list for a member');
  const outsiderLists = expect(await api.get(base, { key: outsider.key }), 200, 'lists').rankings as Array<{ id: string }>;
  const memberLists = expect(await api.get(base, { key: committee.key, query: { limit: 100 } }), 200, 'lists').rankings as Array<{ id: string }>;
  assert.deepEqual([outsiderLists.some((l) => l.id === hidden), memberLists.some((l) => l.id === hidden), outsiderLists.some((l) => l.id === ilca7List)], [false, true, true]);

  // Input at the edge: best_n needs n; a factor above 100; an unknown regatta; an unknown organization.
  const noN = await api.post(base, { name: 'x', formula: { kind: 'best_n', windowMonths: 12 } }, { key: committee.key, contract: false });
  assert.deepEqual([noN.status, noN.body.code], [400, 'validation_failed']);
  const bigFactor = await api.put(`${rankingPath(ilca7List)}/events/${regattaA.slug}`, { factor: 101 }, { key: committee.key, contract: false });
  assert.deepEqual([bigFactor.status, bigFactor.body.code], [400, 'validation_failed']);
  expect(await api.put(`${rankingPath(ilca7List)}/events/no-such-regatta-${uniqueSuffix()}`, { factor: 1 }, { key: committee.key }), 404, 'unknown regatta');
  expect(await api.get(`/api/v1/organizations/no-such-org-${uniqueSuffix()}/rankings`, { key: committee.key }), 404, 'unknown organization');
});
