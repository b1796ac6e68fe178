/**
 * End to end through the gateway: the dry run of a race's results (previewRaceResults) answers the
 * race and the fleet's standings as saving the sheet would make them, with what moves, and stores
 * nothing (no revision, standings unchanged); and each refusal has its status: 400 (shape, a boat
 * twice, a boat not entered), 401 without a credential, 403 for a non-member, 404 for an unknown race.
 * Every response is checked against the OpenAPI document.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, createOrganization, newActor, uniqueSuffix, type Actor } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;
const base = new Date(Math.floor((Date.now() + 30 * DAY) / DAY) * DAY);
const start = new Date(base.getTime() + 12 * 3_600_000);
const plus = (seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

describe('preview a sheet without storing it', () => {
  let organizer: Actor;
  let outsider: Actor;
  let slug: string;
  const races: string[] = [];
  const boats: Record<string, string> = {};

  before(async () => {
    organizer = await newActor(api);
    outsider = await newActor(api);
    const org = await createOrganization(api, organizer);
    const key = organizer.key;
    const created = await ok(
      api.post('/api/v1/events', { organization: org.slug, name: `Preview Cup ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 2 * DAY).toISOString() }, { key }),
      201,
    );
    slug = created.data.slug;
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
    const fleetId = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'Lasers' }, { key }), 201)).data.id;
    for (const number of [1, 2]) {
      races.push((await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: number, scheduledStart: start.toISOString() }, { key }), 201)).data.id);
    }
    for (const name of ['A', 'B', 'C']) {
      const body = { fleet: fleetId, boat: { name: `Boat ${name}`, sailNumber: `ITA ${name} ${uniqueSuffix()}` }, sailor: { name: `Skipper ${name}`, email: `skipper-${name.toLowerCase()}-${uniqueSuffix()}@example.org` } };
      boats[name] = (await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201)).data.boatId;
    }
    // Race 1 stored: A, B, C. Standings now: A 1, B 2, C 3.
    await ok(api.post(`/api/v1/events/${slug}/races/${races[0]}/results`, { actualStart: start.toISOString(), results: order('A', 'B', 'C'), reason: 'Race 1' }, { key }));
  });

  const order = (...names: string[]) => names.map((name, i) => ({ boat: boats[name], finishTime: plus(1800 + i * 10), status: 'finished' }));
  const preview = (body: unknown, options: { key?: string; race?: string } = { key: organizer.key }) =>
    api.post(`/api/v1/events/${slug}/races/${options.race ?? races[1]}/results/preview`, body, options.key ? { key: options.key } : {});

  test('200: race 2 as C, B, A would score C 1, B 2, A 3 and tie the standings at 4; nothing is stored', async () => {
    const standingsBefore = await ok(api.get(`/api/v1/events/${slug}/standings`, { key: organizer.key }));
    const revisionsBefore = await ok(api.get(`/api/v1/events/${slug}/results/revisions`, { key: organizer.key }));
    const answer = await ok(preview({ actualStart: start.toISOString(), results: order('C', 'B', 'A'), reason: 'Race 2?' }));
    assert.deepEqual(answer.data.results.map((r: any) => [r.boatId, r.position, r.points, r.code]), [[boats['C'], 1, 1, null], [boats['B'], 2, 2, null], [boats['A'], 3, 3, null]]);
    // Two races, no discard: A 1+3 = 4, B 2+2 = 4, C 3+1 = 4. A8.1 (best scores first): A and C hold a
    // 1, B none, so B is third; A and C are still tied, and A8.2 (the last race) puts C (1) before A (3).
    const rows = answer.data.standings.map((s: any) => [s.boat.name, s.position, s.netPoints, s.now?.position ?? null, s.moved]);
    assert.deepEqual(rows, [['Boat C', 1, 4, 3, 2], ['Boat A', 2, 4, 1, -1], ['Boat B', 3, 4, 2, -1]]);
    assert.deepEqual(answer.data.keptDecisions, []);
    assert.deepEqual(await ok(api.get(`/api/v1/events/${slug}/standings`, { key: organizer.key })), standingsBefore, 'the standings did not change');
    assert.equal((await ok(api.get(`/api/v1/events/${slug}/results/revisions`, { key: organizer.key }))).data.revisions.length, revisionsBefore.data.revisions.length, 'no revision');
  });

  test('200: a DNF and an OCS in the proposed sheet score series entries + 1 (4 points)', async () => {
    const answer = await ok(preview({ actualStart: start.toISOString(), results: [...order('B'), { boat: boats['A'], status: 'dnf' }, { boat: boats['C'], status: 'dns', code: 'ocs' }] }));
    assert.deepEqual(answer.data.results.map((r: any) => [r.boatId, r.points, r.code]), [[boats['B'], 1, null], [boats['A'], 4, 'DNF'], [boats['C'], 4, 'OCS']]);
  });

  test('400: a body of the wrong shape, a boat twice, a boat not entered', async () => {
    const shape = await preview({ results: 'A' });
    assert.equal(shape.status, 400, shape.text);
    assert.equal(shape.body.code, 'validation_failed');
    const twice = await preview({ actualStart: start.toISOString(), results: [...order('A'), ...order('A')] });
    assert.equal(twice.status, 400, twice.text);
    assert.equal(twice.body.code, 'duplicate_boat');
    const stranger = await preview({ actualStart: start.toISOString(), results: [{ boat: '00000000-0000-4000-8000-000000000000', status: 'dnf' }] });
    assert.equal(stranger.status, 400, stranger.text);
    assert.equal(stranger.body.code, 'unknown_boat');
  });

  test('401 without a credential, 403 for a non-member, 404 for an unknown race', async () => {
    const body = { actualStart: start.toISOString(), results: order('A') };
    const anonymous = await preview(body, {});
    assert.equal(anonymous.status, 401, anonymous.text);
    const foreign = await preview(body, { key: outsider.key });
    assert.equal(foreign.status, 403, foreign.text);
    assert.equal(foreign.body.code, 'not_a_member');
    const unknown = await preview(body, { key: organizer.key, race: '00000000-0000-4000-8000-000000000000' });
    assert.equal(unknown.status, 404, unknown.text);
  });
});
