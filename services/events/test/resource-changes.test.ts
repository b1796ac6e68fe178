/**
 * Complete resources end to end through the gateway: every change and removal of fleets,
 * races, documents, series and regattas, with the rules a race committee needs, their webhooks, and a
 * set-up change after results re-scoring the fleet as a recorded revision.
 *
 * Worked numbers (one-design, low point, three boats A B C, three races):
 *   R1: A 1, B 2, C 3     R2: B 1, A 2, C 3     R3: C 1, A 2, B 3
 *   no discard:  A 1+2+2 = 5, B 2+1+3 = 6, C 3+3+1 = 7           → A 5, B 6, C 7
 *   one discard: A drops a 2 → 3, B drops the 3 → 3, C drops a 3 → 4; A and B tie on 3, the same
 *   kept scores (1, 2), so the last race breaks it (A8.2: A 2nd, B 3rd)  → A 3, B 3, C 4
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiClient, eventually, newActor, uniqueSuffix, type Actor } from '@regatta/testing';
import { DAY, createEvent, newClub, setStatus, type Club } from './helpers.js';

const api = apiClient();

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

async function refused(promise: Promise<{ status: number; body: any; text: string }>, status: number, code: string): Promise<void> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.code, code, response.text);
}

describe('complete resources: change and remove through the gateway', () => {
  let club: Club;
  let key: string;
  let outsider: Actor;
  let receiver: http.Server;
  const delivered: { event: string; data: any }[] = [];
  const deliveries = (type: string) => delivered.filter((d) => d.event === type);

  after(() => new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve())));

  before(async () => {
    receiver = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        delivered.push(JSON.parse(text));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    club = await newClub('Changes');
    key = club.organizer.key;
    outsider = await newActor(api);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/changes`;
    const events = ['event.cancelled', 'event.deleted', 'fleet.updated', 'fleet.deleted', 'race.updated', 'race.deleted', 'document.amended', 'document.withdrawn', 'series.updated', 'series.deleted'] as const;
    await ok(api.post('/api/v1/webhooks', { url, events: [...events], organizationId: club.org.id }, { key }), 201);
  });

  test('a fleet set-up change after results re-scores the standings and is recorded as a revision', async () => {
    const base = new Date(Math.floor((Date.now() - 2 * DAY) / DAY) * DAY);
    const created = await ok(
      api.post('/api/v1/events', { organization: club.org.slug, name: `Setup Cup ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 3 * DAY).toISOString() }, { key }),
      201,
    );
    const slug: string = created.data.slug;
    await setStatus(club, slug, 'published');
    const fleetId: string = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'ILCA 7' }, { key }), 201)).data.id;
    const races: string[] = [];
    for (const n of [1, 2, 3]) races.push((await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: n }, { key }), 201)).data.id);
    const boat: Record<string, string> = {};
    for (const n of ['A', 'B', 'C']) {
      const body = { fleet: fleetId, boat: { name: `Boat ${n}`, sailNumber: `GBR ${n} ${uniqueSuffix()}` }, sailor: { name: `Skipper ${n}`, email: `setup-${n.toLowerCase()}-${uniqueSuffix()}@example.org` } };
      boat[n] = (await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201)).data.boatId;
    }
    const name = (id: string) => Object.keys(boat).find((k) => boat[k] === id) ?? id;
    const start = (race: number) => new Date(base.getTime() + 12 * 3_600_000 + race * 7_200_000);
    const submit = async (race: number, order: string[]) => {
      const s = start(race);
      const results = order.map((n, i) => ({ boat: boat[n], status: 'finished', finishTime: new Date(s.getTime() + (1800 + 10 * i) * 1000).toISOString() }));
      await eventually(async () => {
        const response = await api.post(`/api/v1/events/${slug}/races/${races[race - 1]}/results`, { actualStart: s.toISOString(), results }, { key });
        return response.status === 200 ? true : undefined;
      }, 10_000, `results of race ${race}`);
    };
    await submit(1, ['A', 'B', 'C']);
    await submit(2, ['B', 'A', 'C']);
    await submit(3, ['C', 'A', 'B']);
    const table = async () => (await ok(api.get(`/api/v1/events/${slug}/standings`, { key }))).data.standings.map((s: any) => [name(s.boat.id), s.position, s.netPoints]);
    assert.deepEqual(await table(), [['A', 1, 5], ['B', 2, 6], ['C', 3, 7]]);

    const patched = await ok(api.patch(`/api/v1/events/${slug}/fleets/${fleetId}`, { dropRaces: 1 }, { key }));
    assert.equal(patched.data.dropRaces, 1);
    assert.match(patched.message, /re-scored/);
    const expected = [['A', 1, 3], ['B', 2, 3], ['C', 3, 4]];
    await eventually(async () => (JSON.stringify(await table()) === JSON.stringify(expected) ? true : undefined), 15_000, 'standings re-scored with one discard');

    // The re-score is on record: one revision per race, naming who changed the set-up.
    const revisions = (await ok(api.get(`/api/v1/events/${slug}/results/revisions`, { key }))).data.revisions.filter((r: any) => r.reason.startsWith('fleet set-up changed by'));
    assert.equal(revisions.length, 3);
    assert.ok(revisions.every((r: any) => r.reason === `fleet set-up changed by ${club.organizer.name}`), JSON.stringify(revisions.map((r: any) => r.reason)));
    assert.deepEqual(new Set(revisions.map((r: any) => r.raceId)), new Set(races));
    await eventually(async () => (deliveries('fleet.updated').some((d) => d.data.fleet.id === fleetId) ? true : undefined), 15_000, 'fleet.updated webhook');
    const hook = deliveries('fleet.updated').find((d) => d.data.fleet.id === fleetId)!;
    assert.deepEqual([hook.data.setupChanged, hook.data.changedFields, hook.data.fleet.dropRaces, hook.data.changedBy], [true, ['drop_races'], 1, club.organizer.userId]);

    // A handicap system the entered boats carry no rating for is refused, as at registration.
    await refused(api.patch(`/api/v1/events/${slug}/fleets/${fleetId}`, { handicap: { system: 'irc' } }, { key }), 400, 'missing_rating');

    // Races with results cannot be deleted nor have their status set by the schedule; the event cannot be deleted.
    await eventually(async () => ((await api.delete(`/api/v1/events/${slug}/races/${races[0]}`, { key })).status === 409 ? true : undefined), 10_000, 'race with results refused');
    await refused(api.delete(`/api/v1/events/${slug}/races/${races[0]}`, { key }), 409, 'race_has_results');
    await refused(api.patch(`/api/v1/events/${slug}/races/${races[0]}`, { status: 'postponed' }, { key }), 409, 'race_under_way');
    await refused(api.delete(`/api/v1/events/${slug}/fleets/${fleetId}`, { key }), 409, 'fleet_in_use');
    await refused(api.delete(`/api/v1/events/${slug}`, { key }), 409, 'event_has_registrations');
  });

  test('races: reschedule, postpone, abandon before the start, delete without results', async () => {
    const event = await createEvent(club);
    const fleetId: string = (await ok(api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'J/70' }, { key }), 201)).data.id;
    const race = (await ok(api.post(`/api/v1/events/${event.slug}/races`, { fleetId, scheduledStart: '2030-07-12T11:00:00Z' }, { key }), 201)).data;
    const moved = await ok(api.patch(`/api/v1/events/${event.slug}/races/${race.id}`, { scheduledStart: '2030-07-12T14:00:00Z', status: 'postponed' }, { key }));
    assert.deepEqual([moved.data.scheduledStart, moved.data.status], ['2030-07-12T14:00:00.000Z', 'postponed']);
    const unchanged = await ok(api.patch(`/api/v1/events/${event.slug}/races/${race.id}`, { status: 'postponed' }, { key }));
    assert.equal(unchanged.message, 'Nothing changed.');
    assert.equal((await ok(api.patch(`/api/v1/events/${event.slug}/races/${race.id}`, { status: 'abandoned' }, { key }))).data.status, 'abandoned');
    const bad = await api.patch(`/api/v1/events/${event.slug}/races/${race.id}`, { status: 'finished' } as never, { key, contract: false });
    assert.equal(bad.status, 400);
    await ok(api.delete(`/api/v1/events/${event.slug}/races/${race.id}`, { key }));
    const detail = await ok(api.get(`/api/v1/events/${event.slug}`, { key, query: { include: 'races' } }));
    assert.deepEqual(detail.data.races, []);
    await ok(api.delete(`/api/v1/events/${event.slug}/races/${race.id}`, { key }), 404);
    // Scoring forgets it too (results-scoring's read view of the regatta's races).
    await eventually(async () => {
      const results = await api.get(`/api/v1/events/${event.slug}/results`, { key });
      return results.status === 200 && !results.body.data.races.some((r: any) => r.race.id === race.id) ? true : undefined;
    }, 15_000, 'the race gone from scoring');
    await eventually(async () => (deliveries('race.updated').filter((d) => d.data.race.id === race.id).length >= 2 && deliveries('race.deleted').some((d) => d.data.raceId === race.id) ? true : undefined), 15_000, 'race webhooks');
    const first = deliveries('race.updated').find((d) => d.data.race.id === race.id)!;
    assert.deepEqual([first.data.previousStatus, [...first.data.changedFields].sort()], ['scheduled', ['scheduled_start', 'status']]);
  });

  test('fleets: rename, refuse a duplicate name, delete an empty one', async () => {
    const event = await createEvent(club);
    const one = (await ok(api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'Gold' }, { key }), 201)).data;
    await ok(api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'Silver' }, { key }), 201);
    const renamed = await ok(api.patch(`/api/v1/events/${event.slug}/fleets/${one.id}`, { name: 'Bronze', discardThresholds: [4, 8] }, { key }));
    assert.deepEqual([renamed.data.name, renamed.data.discardThresholds, renamed.data.dropRaces, renamed.data.scoringSystem], ['Bronze', [4, 8], 0, 'low_point']);
    await refused(api.patch(`/api/v1/events/${event.slug}/fleets/${one.id}`, { name: 'silver' }, { key }), 409, 'duplicate_fleet_name');
    await refused(api.patch(`/api/v1/events/${event.slug}/fleets/${one.id}`, { discardThresholds: [8, 4] }, { key }), 400, 'validation_failed');
    await ok(api.delete(`/api/v1/events/${event.slug}/fleets/${one.id}`, { key }));
    await ok(api.patch(`/api/v1/events/${event.slug}/fleets/${one.id}`, { name: 'Ghost' }, { key }), 404);
    await eventually(async () => (deliveries('fleet.deleted').some((d) => d.data.fleetId === one.id) ? true : undefined), 15_000, 'fleet.deleted webhook');
    const updated = deliveries('fleet.updated').find((d) => d.data.fleet.id === one.id)!;
    assert.deepEqual([updated.data.setupChanged, [...updated.data.changedFields].sort()], [true, ['discard_thresholds', 'name']]);
  });

  test('documents: an amended sailing instruction keeps the old version readable; a withdrawn one leaves the list', async () => {
    const event = await createEvent(club);
    await setStatus(club, event.slug, 'published');
    const si = (await ok(api.post(`/api/v1/events/${event.slug}/documents`, { kind: 'si', title: 'Sailing Instructions', body: 'SI 11: course area Bravo.' }, { key }), 201)).data;
    const amended = await ok(api.patch(`/api/v1/events/${event.slug}/documents/${si.id}`, { body: 'SI 11: course area Alpha.', note: 'Amendment 1' }, { key }));
    assert.equal(amended.data.body, 'SI 11: course area Alpha.');
    const reader = await newActor(api, ['read']);
    const versions = (await ok(api.get(`/api/v1/events/${event.slug}/documents/${si.id}/versions`, { key: reader.key }))).data;
    assert.equal(versions.currentVersion, 2);
    assert.deepEqual(versions.versions.map((v: any) => [v.version, v.body, v.note]), [[1, 'SI 11: course area Bravo.', null], [2, 'SI 11: course area Alpha.', 'Amendment 1']]);
    await refused(api.patch(`/api/v1/events/${event.slug}/documents/${si.id}`, { url: null, body: null }, { key }), 400, 'validation_failed');
    await ok(api.delete(`/api/v1/events/${event.slug}/documents/${si.id}`, { key, query: { reason: 'Replaced by the new SI' } }));
    const listed = await ok(api.get(`/api/v1/events/${event.slug}`, { key, query: { include: 'documents' } }));
    assert.deepEqual(listed.data.documents, []);
    const after = (await ok(api.get(`/api/v1/events/${event.slug}/documents/${si.id}/versions`, { key: reader.key }))).data;
    assert.deepEqual([after.versions.length, after.withdrawnReason, typeof after.withdrawnAt], [2, 'Replaced by the new SI', 'string']);
    await refused(api.patch(`/api/v1/events/${event.slug}/documents/${si.id}`, { title: 'Again' }, { key }), 409, 'document_withdrawn');
    await eventually(async () => (deliveries('document.withdrawn').some((d) => d.data.documentId === si.id) ? true : undefined), 15_000, 'document webhooks');
    const hook = deliveries('document.amended').find((d) => d.data.document.id === si.id)!;
    assert.deepEqual([hook.data.version, hook.data.note, hook.data.document.body], [2, 'Amendment 1', 'SI 11: course area Alpha.']);
  });

  test('series: change events and bestOf, refuse a bestOf above the events, delete', async () => {
    const first = await createEvent(club);
    const second = await createEvent(club);
    const series = (await ok(api.post('/api/v1/series', { organization: club.org.slug, name: `Change Series ${uniqueSuffix()}`, year: 2031, events: [first.slug] }, { key }), 201)).data;
    await refused(api.patch(`/api/v1/series/${series.slug}`, { bestOf: 2 }, { key }), 400, 'validation_failed');
    const changed = await ok(api.patch(`/api/v1/series/${series.slug}`, { events: [first.slug, second.slug], bestOf: 1, name: 'Renamed Series' }, { key }));
    assert.deepEqual([changed.data.name, changed.data.bestOf, changed.data.events.map((e: any) => e.slug)], ['Renamed Series', 1, [first.slug, second.slug]]);
    await refused(api.delete(`/api/v1/events/${second.slug}`, { key }), 409, 'event_in_series');
    await refused(api.delete(`/api/v1/series/${series.slug}`, { key: outsider.key }), 403, 'organization_admin_required');
    // results-scoring ranks the series as changed (its name and best-of).
    await eventually(async () => {
      const standings = await api.get(`/api/v1/series/${series.slug}/standings`, { key });
      return standings.status === 200 && standings.body.data.series.name === 'Renamed Series' && standings.body.data.series.bestOf === 1 ? true : undefined;
    }, 15_000, 'series standings as changed');
    await ok(api.delete(`/api/v1/series/${series.slug}`, { key }));
    await eventually(async () => ((await api.get(`/api/v1/series/${series.slug}/standings`, { key })).status === 404 ? true : undefined), 15_000, 'series standings gone');
    await ok(api.get(`/api/v1/series/${series.slug}`, { key }), 404);
    await ok(api.delete(`/api/v1/events/${second.slug}`, { key }));
    await eventually(async () => (deliveries('series.deleted').some((d) => d.data.seriesId === series.id) ? true : undefined), 15_000, 'series webhooks');
    const hook = deliveries('series.updated').find((d) => d.data.series.id === series.id)!;
    assert.deepEqual([[...hook.data.changedFields].sort(), hook.data.series.eventIds.length, hook.data.series.bestOf], [['best_of', 'event_ids', 'name'], 2, 1]);
  });

  test('series: a PATCH racing a DELETE of the same series is 200 or 404, never a 500', async () => {
    const event = await createEvent(club);
    for (let round = 0; round < 8; round += 1) {
      const series = (await ok(api.post('/api/v1/series', { organization: club.org.slug, name: `Racing Series ${uniqueSuffix()}`, year: 2031, events: [event.slug] }, { key }), 201)).data;
      const [patched, deleted] = await Promise.all([api.patch(`/api/v1/series/${series.slug}`, round % 2 ? {} : { name: `Renamed ${round}` }, { key }), api.delete(`/api/v1/series/${series.slug}`, { key })]);
      assert.ok([200, 404].includes(patched.status), `round ${round}: PATCH answered ${patched.status} ${JSON.stringify(patched.body)}`);
      assert.ok([200, 204, 404].includes(deleted.status), `round ${round}: DELETE answered ${deleted.status}`);
    }
  });

  test('events: delete without registrations; with registrations only cancel, history kept', async () => {
    const empty = await createEvent(club);
    await ok(api.post(`/api/v1/events/${empty.slug}/documents`, { kind: 'nor', title: 'NOR', body: 'Notice of race.' }, { key }), 201);
    await ok(api.delete(`/api/v1/events/${empty.slug}`, { key }));
    await ok(api.get(`/api/v1/events/${empty.slug}`, { key }), 404);

    const event = await createEvent(club);
    const fleet = (await ok(api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'J/70' }, { key }), 201)).data;
    await setStatus(club, event.slug, 'published');
    const sailor = await newActor(api, ['read', 'register']);
    await ok(api.post(`/api/v1/events/${event.slug}/register`, { fleet: fleet.id, boat: { name: 'Cancel Me', sailNumber: `USA ${uniqueSuffix()}` } }, { key: sailor.key }), 201);
    const refusal = await api.delete(`/api/v1/events/${event.slug}`, { key });
    assert.equal(refusal.status, 409);
    assert.equal((refusal.body as any).code, 'event_has_registrations');
    assert.match((refusal.body as any).detail, /cancel/);
    await refused(api.post(`/api/v1/events/${event.slug}/cancel`, {}, { key: outsider.key }), 403, 'not_a_member');
    const cancelled = await ok(api.post(`/api/v1/events/${event.slug}/cancel`, { reason: 'Storm warning' }, { key }));
    assert.equal(cancelled.data.status, 'cancelled');
    await refused(api.post(`/api/v1/events/${event.slug}/cancel`, {}, { key }), 409, 'event_already_cancelled');
    const kept = await ok(api.get(`/api/v1/events/${event.slug}`, { key, query: { include: 'registrations,fleets' } }));
    assert.deepEqual([kept.data.registrations.length, kept.data.fleets.length], [1, 1]);
    await refused(api.patch(`/api/v1/events/${event.slug}/fleets/${fleet.id}`, { dropRaces: 1 }, { key }), 409, 'event_closed');
    await eventually(async () => (deliveries('event.cancelled').some((d) => d.data.event.id === event.id) && deliveries('event.deleted').some((d) => d.data.eventId === empty.id) ? true : undefined), 15_000, 'event webhooks');
    const hook = deliveries('event.cancelled').find((d) => d.data.event.id === event.id)!;
    assert.deepEqual([hook.data.previousStatus, hook.data.reason, hook.data.event.status], ['published', 'Storm warning', 'cancelled']);
  });

  test('authorization: outsiders are refused every change; read-only keys lack the write scope', async () => {
    const event = await createEvent(club);
    const fleet = (await ok(api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'J/70' }, { key }), 201)).data;
    const race = (await ok(api.post(`/api/v1/events/${event.slug}/races`, { fleetId: fleet.id }, { key }), 201)).data;
    const doc = (await ok(api.post(`/api/v1/events/${event.slug}/documents`, { kind: 'notice', title: 'Notice', body: 'Text' }, { key }), 201)).data;
    await setStatus(club, event.slug, 'published');
    const o = outsider.key;
    await refused(api.patch(`/api/v1/events/${event.slug}/fleets/${fleet.id}`, { dropRaces: 1 }, { key: o }), 403, 'not_a_member');
    await refused(api.delete(`/api/v1/events/${event.slug}/fleets/${fleet.id}`, { key: o }), 403, 'not_a_member');
    await refused(api.patch(`/api/v1/events/${event.slug}/races/${race.id}`, { status: 'postponed' }, { key: o }), 403, 'not_a_member');
    await refused(api.delete(`/api/v1/events/${event.slug}/races/${race.id}`, { key: o }), 403, 'not_a_member');
    await refused(api.patch(`/api/v1/events/${event.slug}/documents/${doc.id}`, { title: 'Hijacked' }, { key: o }), 403, 'not_a_member');
    await refused(api.delete(`/api/v1/events/${event.slug}/documents/${doc.id}`, { key: o }), 403, 'not_a_member');
    await refused(api.delete(`/api/v1/events/${event.slug}`, { key: o }), 403, 'not_a_member');
    const readOnly = await newActor(api, ['read']);
    await refused(api.delete(`/api/v1/events/${event.slug}/races/${race.id}`, { key: readOnly.key }), 403, 'missing_scope');
    // Nothing changed.
    const detail = await ok(api.get(`/api/v1/events/${event.slug}`, { key, query: { include: 'races,documents,fleets' } }));
    assert.deepEqual([detail.data.races.length, detail.data.documents[0].title, detail.data.fleets[0].dropRaces], [1, 'Notice', 0]);
  });
});
