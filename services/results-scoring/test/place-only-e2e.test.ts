/**
 * Place-only results through the gateway: a one-design fleet's finishers submitted without finish
 * times are placed in the order listed (stored and shown without any time, in JSON, CSV and the
 * Sailwave export as `rrecpos`); a sheet mixing timed and untimed finishers, and a Portsmouth fleet's
 * finisher without a time, are 400 missing_finish_time; the preview follows the same rule; a
 * resubmission disqualifying one boat keeps the others' order.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, createOrganization, newActor, uniqueSuffix, type Actor } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;
const base = new Date(Math.floor((Date.now() + 40 * DAY) / DAY) * DAY);
const start = new Date(base.getTime() + 12 * 3_600_000);

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

describe('place-only results through the gateway', () => {
  let organizer: Actor;
  let slug: string;
  const raceOf: Record<string, string> = {};
  const boatIds: Record<string, string> = {};
  const placed = (...names: string[]) => names.map((name) => ({ boat: boatIds[name], status: 'finished' }));
  const path = (fleet: string, preview = false) =>
    preview ? (`/api/v1/events/${slug}/races/${raceOf[fleet]}/results/preview` as const) : (`/api/v1/events/${slug}/races/${raceOf[fleet]}/results` as const);

  before(async () => {
    organizer = await newActor(api);
    const org = await createOrganization(api, organizer);
    const key = organizer.key;
    const created = await ok(
      api.post('/api/v1/events', { organization: org.slug, name: `Place Cup ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + DAY).toISOString() }, { key }),
      201,
    );
    slug = created.data.slug;
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
    for (const [fleet, body] of [
      ['ILCA', { name: 'ILCA 7' }],
      ['PY', { name: 'Handicap', handicap: { system: 'portsmouth_rya' } }],
    ] as const) {
      const fleetId = (await ok(api.post(`/api/v1/events/${slug}/fleets`, body, { key }), 201)).data.id;
      raceOf[fleet] = (await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: 1, scheduledStart: start.toISOString() }, { key }), 201)).data.id;
      const names = fleet === 'ILCA' ? ['A', 'B', 'C', 'D', 'E'] : ['P1', 'P2'];
      for (const name of names) {
        const registration = await ok(
          api.post(
            `/api/v1/events/${slug}/register`,
            {
              fleet: fleetId,
              boat: { name: `Boat ${name}`, sailNumber: `GBR ${name} ${uniqueSuffix()}`, ...(fleet === 'PY' ? { ratings: { portsmouth_rya: 1100 } } : {}) },
              sailor: { name: `Skipper ${name}`, email: `place-${name.toLowerCase()}-${uniqueSuffix()}@example.org` },
            },
            { key },
          ),
          201,
        );
        boatIds[name] = registration.data.boatId;
      }
    }
  });

  test('a mix of timed and untimed finishers is 400 missing_finish_time naming the first finisher without a time', async () => {
    const results = [{ boat: boatIds['C'], status: 'finished', finishTime: new Date(start.getTime() + 600_000).toISOString() }, ...placed('A', 'E')];
    for (const preview of [false, true]) {
      const response = await api.post(path('ILCA', preview), { actualStart: start.toISOString(), results }, { key: organizer.key });
      assert.deepEqual([response.status, response.body.code, response.body.errors.map((e: any) => e.field)], [400, 'missing_finish_time', ['results.1.finishTime']], `preview ${preview}`);
    }
  });

  test('a Portsmouth fleet (corrected time) keeps needing a time for every finisher: 400 missing_finish_time', async () => {
    for (const preview of [false, true]) {
      const response = await api.post(path('PY', preview), { actualStart: start.toISOString(), results: placed('P1', 'P2') }, { key: organizer.key });
      assert.deepEqual([response.status, response.body.code, response.body.errors.map((e: any) => e.field)], [400, 'missing_finish_time', ['results.0.finishTime', 'results.1.finishTime']], `preview ${preview}`);
    }
  });

  test('the preview of a place-only sheet C, A, E, B, D places the boats in the listed order', async () => {
    const body = await ok(api.post(path('ILCA', true), { actualStart: start.toISOString(), results: placed('C', 'A', 'E', 'B', 'D') }, { key: organizer.key }));
    assert.deepEqual(
      body.data.results.map((r: any) => [r.boatId ?? r.boat?.id, r.position, r.points]),
      ['C', 'A', 'E', 'B', 'D'].map((name, i) => [boatIds[name], i + 1, i + 1]),
    );
  });

  test('a place-only sheet C, A, E, B, D is stored without times: C1 A2 E3 B4 D5 in JSON, CSV and the Sailwave export', async () => {
    const stored = await ok(api.post(path('ILCA'), { actualStart: start.toISOString(), status: 'finished', results: placed('C', 'A', 'E', 'B', 'D') }, { key: organizer.key }));
    assert.deepEqual(
      stored.data.map((r: any) => [r.boatId, r.position, r.points, r.finishTime ?? null]),
      ['C', 'A', 'E', 'B', 'D'].map((name, i) => [boatIds[name], i + 1, i + 1, null]),
    );
    const shown = await ok(api.get(`/api/v1/events/${slug}/results`, { query: { race: '1', fleet: 'ILCA 7' }, key: organizer.key }));
    assert.deepEqual(
      shown.data.races[0].results.map((r: any) => [r.boat.id, r.position, r.points, r.finishTime, r.elapsedTime, r.correctedTime]),
      ['C', 'A', 'E', 'B', 'D'].map((name, i) => [boatIds[name], i + 1, i + 1, null, null, null]),
    );
    const csv = await api.get(`/api/v1/events/${slug}/results`, { query: { race: '1', fleet: 'ILCA 7', format: 'csv' }, key: organizer.key });
    assert.equal(csv.status, 200, csv.text);
    const lines = csv.text.split(/\r?\n/).filter((l) => l.includes('Boat '));
    assert.equal(lines.length, 5, csv.text);
    // No clock or duration anywhere in the rows: no time was recorded.
    for (const line of lines) assert.doesNotMatch(line, /\d{1,2}:\d{2}:\d{2}/, line);

    const blw = await fetch(new URL(`/api/v1/events/${slug}/exports/sailwave`, api.baseUrl), { headers: { authorization: `Bearer ${organizer.key}` } });
    const text = new TextDecoder('latin1').decode(new Uint8Array(await blw.arrayBuffer()));
    assert.equal(blw.status, 200, text);
    const places = [...text.matchAll(/^"rrecpos","(\d+)","(\d+)"/gm)].map((m) => Number(m[1])).sort();
    assert.deepEqual(places, [1, 2, 3, 4, 5]);
    assert.doesNotMatch(text, /^"(rft|rele)",/m);
  });

  test('resubmitted with B disqualified, the others keep their order: C1 A2 E3 D4, B DSQ 6 (5 entries + 1)', async () => {
    const results = placed('C', 'A', 'E', 'B', 'D').map((r) => (r.boat === boatIds['B'] ? { ...r, status: 'dsq' } : r));
    const stored = await ok(api.post(path('ILCA'), { actualStart: start.toISOString(), status: 'finished', results, reason: 'B disqualified' }, { key: organizer.key }));
    assert.deepEqual(
      // The answer lists the placed boats first, then the disqualified one.
      stored.data.map((r: any) => [r.boatId, r.position, r.points]),
      [[boatIds['C'], 1, 1], [boatIds['A'], 2, 2], [boatIds['E'], 3, 3], [boatIds['D'], 4, 4], [boatIds['B'], null, 6]],
    );
  });
});
