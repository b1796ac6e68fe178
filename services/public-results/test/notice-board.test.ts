/**
 * The protest room on the public notice board, end to end through the gateway: the
 * organizer scores race 1 (ITA 101, 102, 103 in that order), a protest ITA 101 v ITA 102 is lodged with
 * the lodger's contact details, a hearing is scheduled, then moved, then decided DSQ. The public
 * regatta page and its JSON twin show the hearing and the decision (boats by sail number and name),
 * never the incident, contact details, e-mails or user ids; a lodged case is not public before its
 * hearing; the public live feed delivers hearing.scheduled and decision.published as documented.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, checkLiveMessage, eventually, gatewayUrl } from '@regatta/testing';
import { buildRegatta, ok, type TestRegatta } from './regatta.js';
import { openSse, type SseStream } from './sse.js';

const api = apiClient();
const base = gatewayUrl();
const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });
const INCIDENT = 'Port-starboard at the windward mark; ITA 102 did not keep clear.';
const CONTACT = { name: 'Anna Lodger', email: 'anna.lodger@example.org', phone: '+39 555 0100' };

describe('the notice board shows hearings and decisions', () => {
  let regatta: TestRegatta;
  let feed: SseStream;
  let protestId: string;
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, '.000Z');
  const hearingAt = at(90);
  const movedTo = at(120);
  const regattaJson = async () => {
    const response = await get(`/regattas/${regatta.slug}.json`);
    assert.equal(response.status, 200);
    return ((await response.json()) as any).data;
  };

  before(async () => {
    regatta = await buildRegatta(api, { places: 4, boats: 3, races: 2 });
    await regatta.submit(1, [[1, 1800], [2, 1815], [3, 1830]]);
    await eventually(async () => {
      const response = await get(`/regattas/${regatta.slug}/results.json`);
      if (response.status !== 200) return undefined;
      const body = (await response.json()) as any;
      return body.data.fleets[0]?.races.length === 1 ? true : undefined;
    }, 15_000, 'race 1 projected');
    feed = await openSse(`${base}/regattas/${regatta.slug}/live`);
    assert.equal(feed.status, 200);
    await feed.next((m) => m.event === 'ready');
  });

  after(() => feed?.close());

  test('a lodged case is not on the public notice board before its hearing', async () => {
    const [a, b] = [regatta.boats[0]!, regatta.boats[1]!];
    const body = { type: 'boat', raceIds: [regatta.raceIds[0]!], protestorBoat: a.id, protesteeBoats: [b.id], incident: INCIDENT, rulesAlleged: ['10'], contact: CONTACT };
    protestId = (await ok(api.post(`/api/v1/events/${regatta.slug}/protests`, body, { key: regatta.organizer.key }), 201)).data.id;
    // Give the projection time to see the lodging: the board must still be empty.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.deepEqual((await regattaJson()).cases, []);
    assert.equal(feed.messages.some((m) => m.event.startsWith('protest')), false, 'no live message for a bare lodging');
  });

  test('scheduling and moving the hearing reach the live feed and the page', async () => {
    const from = feed.messages.length;
    await ok(api.post(`/api/v1/events/${regatta.slug}/protests/${protestId}/hearing`, { startsAt: hearingAt, room: 'Jury room' }, { key: regatta.organizer.key }));
    const first = await feed.next((m) => m.event === 'hearing.scheduled', 15_000, from);
    assert.deepEqual([first.data.case.number, first.data.case.status, first.data.case.hearing.startsAt, first.data.case.hearing.room], [1, 'scheduled', hearingAt, 'Jury room']);
    assert.deepEqual(first.data.case.protestor, { party: 'boat', boat: { sailNumber: 'ITA 101', boatName: 'Boat 1' } });
    assert.deepEqual(first.data.case.protestees, [{ sailNumber: 'ITA 102', boatName: 'Boat 2' }]);
    assert.deepEqual(first.data.case.races, [{ raceNumber: 1, fleetName: 'Lasers' }]);

    await ok(api.post(`/api/v1/events/${regatta.slug}/protests/${protestId}/hearing`, { startsAt: movedTo, room: 'Room 2' }, { key: regatta.organizer.key }));
    const moved = await feed.next((m) => m.event === 'hearing.scheduled' && m.data.case.hearing.room === 'Room 2', 15_000, from);
    assert.equal(moved.data.case.hearing.startsAt, movedTo);

    const data = await regattaJson();
    assert.deepEqual(data.cases.map((c: any) => [c.number, c.status, c.hearing.room, c.hearing.startsAt, c.decision]), [[1, 'scheduled', 'Room 2', movedTo, null]]);
    const page = await (await get(`/regattas/${regatta.slug}`, { accept: 'text/html' })).text();
    assert.match(page, /<h3>Hearing schedule<\/h3>/);
    assert.match(page, /<th scope="row" class="num">1<\/th><td>Scheduled<\/td><td>[^<]+<\/td><td>[^<]+<\/td><td>ITA 101 Boat 1 v ITA 102 Boat 2<\/td><td>[^<]+<\/td><td>Room 2<\/td>/);
  });

  test('the decision reaches the live feed and the page; no contact details, incident or user ids anywhere public', async () => {
    const from = feed.messages.length;
    const decision = { factsFound: 'ITA 101 on starboard, ITA 102 on port; ITA 101 bore away to avoid contact.', conclusions: 'ITA 102 failed to keep clear.', rulesApplied: ['10'], consequences: [{ boat: regatta.boats[1]!.id, action: 'dsq' }] };
    await ok(api.post(`/api/v1/events/${regatta.slug}/protests/${protestId}/decision`, decision, { key: regatta.organizer.key }));
    const published = await feed.next((m) => m.event === 'decision.published', 15_000, from);
    assert.equal(published.data.case.status, 'decided');
    assert.deepEqual([published.data.case.decision.outcome, published.data.case.decision.factsFound, published.data.case.decision.rulesApplied], ['Penalty', decision.factsFound, ['10']]);
    assert.deepEqual(published.data.case.decision.consequences, [{ boat: { sailNumber: 'ITA 102', boatName: 'Boat 2' }, raceNumber: 1, action: 'dsq', points: null, percent: null, method: null, code: null, summary: 'Disqualified (DSQ)' }]);
    for (const message of feed.messages.filter((m) => m.event === 'hearing.scheduled' || m.event === 'decision.published')) {
      const check = checkLiveMessage(message.event, message.data);
      assert.ok(check.ok, `${message.event}: ${check.problems.join('; ')}`);
    }

    const page = await eventually(async () => {
      const text = await (await get(`/regattas/${regatta.slug}`, { accept: 'text/html' })).text();
      return text.includes('Decision: Penalty') ? text : undefined;
    }, 10_000, 'decision on the page');
    assert.match(page, /<h3>Decisions<\/h3>/);
    assert.match(page, /<li>ITA 102 Boat 2, race 1: Disqualified \(DSQ\)<\/li>/);
    assert.ok(page.includes('ITA 102 failed to keep clear.'));
    assert.match(page, /<th scope="row" class="num">1<\/th><td>Decided<\/td>.*?<td>Room 2<\/td><\/tr>/);
    const json = JSON.stringify(await regattaJson());
    // Results and standings messages name boats by id as they always did; the notice board's do not.
    const stream = JSON.stringify(feed.messages.filter((m) => m.event === 'hearing.scheduled' || m.event === 'decision.published'));
    for (const [where, text] of [['page', page], ['JSON twin', json], ['live feed', stream]] as const) {
      for (const secret of [INCIDENT, CONTACT.name, CONTACT.email, CONTACT.phone, regatta.organizer.userId, protestId, regatta.boats[1]!.id, '@example.org']) {
        assert.equal(text.includes(secret), false, `${where} must not carry ${secret}`);
      }
    }
  });
});
