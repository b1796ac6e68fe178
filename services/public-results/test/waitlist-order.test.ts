/**
 * The public entries page lists a fleet's waitlist in the order its places are offered (the events
 * service's order of entries), not by entry time: an entry moved onto a waitlist waits at its back
 * though it entered the regatta first.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, eventually, gatewayUrl, uniqueSuffix } from '@regatta/testing';
import { buildRegatta, ok } from './regatta.js';

const api = apiClient();
const get = (path: string) => fetch(gatewayUrl() + path, { redirect: 'manual' });

describe('the public waitlist of a fleet', () => {
  test('an entry moved onto it is listed behind those waiting before the move', async () => {
    const regatta = await buildRegatta(api, { places: 1, boats: 0, races: 0 });
    const { slug, organizer } = regatta;
    const key = organizer.key;
    const ilca6 = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'ILCA 6' }, { key }), 201)).data.id as string;
    const enter = async (fleet: string, sailNumber: string) =>
      (await ok(api.post(`/api/v1/events/${slug}/register`, { fleet, boat: { name: `Boat ${sailNumber}`, sailNumber }, sailor: { name: `Skipper ${sailNumber}`, email: `s-${uniqueSuffix()}@example.org` } }, { key }), 201)).data;
    // Entered first, in ILCA 6; then the Lasers' one place is taken and ITA 102 waits for it.
    const early = await enter(ilca6, 'ITA 100');
    await enter(regatta.fleetId, 'ITA 101');
    const waiter = await enter(regatta.fleetId, 'ITA 102');
    assert.equal(waiter.status, 'waitlisted');
    const moved = await ok(api.post(`/api/v1/events/${slug}/registrations/${early.id}/move`, { fleet: regatta.fleetId }, { key }));
    // The events service offers the next Lasers place to ITA 102 first: ITA 100 is second.
    assert.deepEqual([moved.data.status, moved.waitlistPosition], ['waitlisted', 2]);

    const lasers = await eventually(async () => {
      const body = (await (await get(`/regattas/${slug}/entries.json`)).json()) as any;
      const fleet = body.data.fleets.find((f: any) => f.id === regatta.fleetId);
      return fleet?.waitlist.length === 2 ? fleet : undefined;
    }, 15_000, 'the move projected');
    assert.deepEqual(lasers.entries.map((e: any) => e.sailNumber), ['ITA 101']);
    assert.deepEqual(lasers.waitlist.map((e: any) => e.sailNumber), ['ITA 102', 'ITA 100']);
    const page = await (await get(`/regattas/${slug}/entries`)).text();
    assert.ok(page.indexOf('ITA 102') < page.indexOf('ITA 100'), 'the HTML page lists the waitlist in the same order');
  });
});
