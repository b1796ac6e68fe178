/**
 * End to end, reading Mailpit: the office moves an entry from one registered place to another (a
 * fleet, a boat; no status change) and the entrant hears it once, in her language: the new fleet and
 * the boat with its sail number.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mailDetail, mailTo, uniqueSuffix, waitForMail } from '@regatta/testing';
import { entriesProjected, newRegatta, ok } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the office's move of an entry", () => {
  test('tells the entrant once, in German or English, where the entry is now', async () => {
    const regatta = await newRegatta();
    const { api, organizer } = regatta;
    const slug = regatta.event.slug;
    await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'ILCA 6' }, { key: organizer.key }), 201);
    const german = { name: `Greta Gast ${uniqueSuffix()}`, email: `moved-de-${uniqueSuffix()}@example.org`, language: 'de' };
    const english = { name: `Eddie Guest ${uniqueSuffix()}`, email: `moved-en-${uniqueSuffix()}@example.org` };
    const enter = async (sailor: object, sailNumber: string) =>
      (await ok(api.post(`/api/v1/events/${slug}/register`, { fleet: regatta.fleet.id, boat: { name: `Boat ${sailNumber}`, sailNumber }, sailor }, { key: organizer.key }), 201)).data;
    const [greta, eddie] = [await enter(german, 'GER 91'), await enter(english, 'GER 92')];
    await entriesProjected(regatta.event.id, 2);
    await waitForMail(german.email, /Ihre Meldung ist bestätigt/);
    await waitForMail(english.email, /your entry is confirmed/);

    // Greta to another fleet, Eddie to a new boat in his fleet: both stay registered.
    const toFleet = await ok(api.post(`/api/v1/events/${slug}/registrations/${greta.id}/move`, { fleet: 'ILCA 6' }, { key: organizer.key }));
    assert.deepEqual([toFleet.changed, toFleet.data.status], [['fleet_id'], 'registered']);
    const toBoat = await ok(api.post(`/api/v1/events/${slug}/registrations/${eddie.id}/move`, { boat: { name: 'Blue Note', sailNumber: 'GER 93' } }, { key: organizer.key }));
    assert.deepEqual([toBoat.changed, toBoat.data.status], [['boat_id'], 'registered']);

    const [de] = await waitForMail(german.email, /Ihre Meldung wurde nach ILCA 6 verschoben/);
    assert.match((await mailDetail(de!.ID)).Text, /Sie segelt jetzt als Boat GER 91 \(GER 91\) in ILCA 6\./);
    const [en] = await waitForMail(english.email, /your entry moved to ILCA 7/);
    assert.match((await mailDetail(en!.ID)).Text, /it now sails as Blue Note \(GER 93\) in ILCA 7\./);
    // Once: nothing else arrives for the move (no second message, no "confirmed" again).
    await sleep(1500);
    for (const address of [german.email, english.email]) {
      const subjects = (await mailTo(address)).map((mail) => mail.Subject).sort();
      assert.equal(subjects.length, 2, subjects.join(' | '));
    }
  });
});
