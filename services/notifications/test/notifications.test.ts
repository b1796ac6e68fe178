/**
 * Notifications end to end: facts made through the gateway reach the people they concern by e-mail,
 * read back from the local SMTP server's API (Mailpit): a notice reaches every entrant once and nobody
 * else, in the regatta's time zone, with the one-click unsubscribe headers; the waitlist; a hearing
 * reaches its parties; an unsubscribe stops that kind; the log shows every message.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { mailDetail, mailHeaders, mailTo, uniqueSuffix, waitForMail } from '@regatta/testing';
import { enterSailors, entriesProjected, newRegatta, ok, type Entrant, type Regatta } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a notice on the notice board', () => {
  let regatta: Regatta;
  let entrants: Entrant[];
  let outsider: Entrant;

  before(async () => {
    regatta = await newRegatta();
    entrants = await enterSailors(regatta, 3);
    const elsewhere = await newRegatta();
    outsider = (await enterSailors(elsewhere, 1))[0]!;
    await entriesProjected(regatta.event.id, 3);
  });

  test('reaches every entrant exactly once and nobody else, in the regatta time zone', async () => {
    const title = `Amendment ${uniqueSuffix()}`;
    await ok(regatta.api.post(`/api/v1/events/${regatta.event.slug}/documents`, { kind: 'amendment', title, body: 'SI 5 changed.' }, { key: regatta.organizer.key }), 201);
    const subject = new RegExp(title);
    for (const entrant of entrants) await waitForMail(entrant.email, subject);
    // Give a duplicate time to show up, then count.
    await sleep(1_500);
    for (const entrant of entrants) assert.equal((await mailTo(entrant.email)).filter((m) => subject.test(m.Subject)).length, 1, entrant.email);
    assert.equal((await mailTo(outsider.email)).filter((m) => subject.test(m.Subject)).length, 0);
    assert.equal((await mailTo(regatta.organizer.email)).filter((m) => subject.test(m.Subject)).length, 0);

    const [message] = await waitForMail(entrants[0]!.email, subject);
    const detail = await mailDetail(message!.ID);
    assert.equal(detail.Subject, `${regatta.event.name}: new notice "${title}"`);
    assert.match(detail.Text, /Times are in Europe\/Berlin/);
    assert.match(detail.Text, /CES?T/);
    assert.match(detail.HTML, new RegExp(`/regattas/${regatta.event.slug}"`));
    const headers = await mailHeaders(message!.ID);
    assert.equal(headers['List-Unsubscribe-Post']?.[0], 'List-Unsubscribe=One-Click');
    assert.match(headers['List-Unsubscribe']?.[0] ?? '', /^<http:\/\/127\.0\.0\.1:\d+\/api\/v1\/notifications\/unsubscribe\?token=[\w.-]+>$/);
  });

  test('an entrant who unsubscribes with one click hears no more notices; the others do', async () => {
    const [first] = await waitForMail(entrants[1]!.email, /new notice/);
    const link = (await mailHeaders(first!.ID))['List-Unsubscribe']![0]!.slice(1, -1);
    // A link checker's GET changes nothing: it shows the page with the button.
    const page = await fetch(link);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<button type="submit">Unsubscribe<\/button>/);
    const oneClick = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    assert.equal(oneClick.status, 200, await oneClick.clone().text());
    assert.deepEqual(((await oneClick.json()) as { data: unknown }).data, { kind: 'notice', eventId: regatta.event.id, unsubscribed: true });

    const title = `Notice ${uniqueSuffix()}`;
    await ok(regatta.api.post(`/api/v1/events/${regatta.event.slug}/documents`, { kind: 'notice', title, body: 'Briefing moved.' }, { key: regatta.organizer.key }), 201);
    await waitForMail(entrants[0]!.email, new RegExp(title));
    await waitForMail(entrants[2]!.email, new RegExp(title));
    await sleep(1_000);
    assert.equal((await mailTo(entrants[1]!.email)).filter((m) => m.Subject.includes(title)).length, 0);

    const preferences = (await ok(regatta.api.get('/api/v1/notifications/preferences', { cookie: entrants[1]!.cookie }))).data;
    assert.deepEqual(preferences.regattaChoices, [{ kind: 'notice', eventId: regatta.event.id, enabled: false, delivery: null }]);
    assert.equal(preferences.kinds.find((k: { kind: string }) => k.kind === 'password_reset').mandatory, true);
    const forged = await fetch(link.replace(/token=([\w-]+)\.([\w-]+)/, 'token=$1.AAAA$2'), { method: 'POST' });
    assert.equal(forged.status, 404);
  });

  test('the log shows each message sent to the person, with no address in it', async () => {
    const log = await ok(regatta.api.get('/api/v1/notifications/messages', { cookie: entrants[0]!.cookie }));
    const kinds = log.data.map((m: { kind: string }) => m.kind).sort();
    assert.deepEqual(kinds, ['email_confirmation', 'entry', 'notice', 'notice']);
    assert.ok(log.data.every((m: { status: string }) => m.status === 'sent'), JSON.stringify(log.data));
    assert.equal(JSON.stringify(log).includes('@'), false);
  });
});

describe('entries and the waitlist', () => {
  test('the waitlisted entrant hears when a place frees up; the organizers hear of the withdrawal', async () => {
    const regatta = await newRegatta({ maxBoats: 1 });
    const [first, second] = await enterSailors(regatta, 2, 1);
    assert.deepEqual([first!.status, second!.status], ['registered', 'waitlisted']);
    await waitForMail(first!.email, /your entry is confirmed/);
    await waitForMail(second!.email, /your entry is on the waitlist/);
    await entriesProjected(regatta.event.id, 2);
    await ok(regatta.api.post(`/api/v1/events/${regatta.event.slug}/registrations/${first!.registrationId}/cancel`, undefined, { key: regatta.organizer.key }));
    const [promoted] = await waitForMail(second!.email, /moved up from the waitlist/);
    assert.match((await mailDetail(promoted!.ID)).Text, /Boat 2 in ILCA 7 at .* moved up from the waitlist and is now confirmed/);
    await waitForMail(first!.email, /your entry was cancelled/);
    await waitForMail(regatta.organizer.email, /Boat 1 withdrew/);
    await waitForMail(regatta.organizer.email, /new entry Boat 2/);
  });
});

describe('the protest room', () => {
  test('a hearing scheduled reaches the parties of the case and nobody else', async () => {
    const regatta = await newRegatta();
    const [protested, witness] = await enterSailors(regatta, 2);
    await entriesProjected(regatta.event.id, 2);
    const race = (await ok(regatta.api.post(`/api/v1/events/${regatta.event.slug}/races`, { fleetId: regatta.fleet.id, raceNumber: 1, scheduledStart: new Date(Date.now() - 3_600_000).toISOString() }, { key: regatta.organizer.key }), 201)).data;
    const protest = (
      await ok(
        regatta.api.post(`/api/v1/events/${regatta.event.slug}/protests`, { type: 'protest_committee', raceIds: [race.id], protesteeBoats: [protested!.boatId], incident: 'Touched the windward mark.', rulesAlleged: ['31'] }, { key: regatta.organizer.key }),
        201,
      )
    ).data;
    const startsAt = '2026-07-01T16:30:00Z';
    await ok(regatta.api.post(`/api/v1/events/${regatta.event.slug}/protests/${protest.id}/hearing`, { startsAt, room: 'Jury room' }, { key: regatta.organizer.key }));
    const [hearing] = await waitForMail(protested!.email, new RegExp(`hearing of case ${protest.number}`));
    // 16:30 UTC is 18:30 in Kiel in summer.
    assert.match(hearing!.Subject, /18:30 CEST/);
    assert.match((await mailDetail(hearing!.ID)).Text, /in Jury room/);
    await waitForMail(regatta.organizer.email, new RegExp(`protest ${protest.number} lodged`));
    await sleep(1_000);
    assert.equal((await mailTo(witness!.email)).filter((m) => /hearing/.test(m.Subject)).length, 0);
  });
});
