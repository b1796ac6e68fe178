/**
 * End to end, reading Mailpit: the organizers' daily digest (one e-mail per person and regatta
 * listing the day's new entries and withdrawals, run for a chosen instant through the internal
 * operation; a member who takes them at once gets each) and sailors entered by name and address
 * without an account (their messages reach that address once; the unsubscribe link stops that kind).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveSecret } from '@regatta/config';
import { ASSERTION_HEADER, SERVICE_TOKEN_HEADER, signAssertion, signServiceToken } from '@regatta/http';
import { eventually, mailDetail, mailHeaders, mailTo, signUp, uniqueSuffix, waitForMail } from '@regatta/testing';
import { DAY, enterSailors, entriesProjected, newRegatta, notificationsDb, ok } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const secret = () => resolveSecret(process.env['IDENTITY_ASSERTION_SECRET'], 'test', 'assertion');

function notificationsUrl(): string {
  const url = (JSON.parse(process.env['E2E_SERVICE_URLS'] ?? '{}') as Record<string, string>)['notifications'];
  if (!url) throw new Error('E2E_SERVICE_URLS is not set: run through scripts/with-stack.ts');
  return url;
}

/** POST /internal/v1/digests/run on the service itself (the gateway does not forward /internal). */
async function runDigests(body: { at: string; eventId: string }, token: string | null = signServiceToken(secret(), { issuer: 'regatta-operator', audience: 'regatta-notifications-digests' })) {
  const response = await fetch(`${notificationsUrl()}/internal/v1/digests/run`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [ASSERTION_HEADER]: signAssertion({ scopes: [], roles: {}, via: 'anonymous' }, secret()),
      ...(token ? { [SERVICE_TOKEN_HEADER]: token } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: { queued: number }; code?: string } };
}

describe("the organizers' daily digest", () => {
  test('one e-mail per person and regatta lists the day\'s four changes; a member taking them at once got four', async () => {
    const regatta = await newRegatta();
    const { api, organizer } = regatta;
    const atOnce = await signUp(api);
    await ok(api.post(`/api/v1/organizations/${regatta.org.slug}/members`, { email: atOnce.email, role: 'member' }, { key: organizer.key }), 201);
    const chosen = (await ok(api.put('/api/v1/notifications/preferences', { kinds: [{ kind: 'organizer_entry', enabled: true, delivery: 'digest' }] }, { key: organizer.key }))).data;
    assert.deepEqual(
      chosen.kinds.find((k: { kind: string }) => k.kind === 'organizer_entry'),
      { kind: 'organizer_entry', mandatory: false, perRegatta: true, enabled: true, digest: true, delivery: 'digest' },
    );
    assert.equal(chosen.kinds.find((k: { kind: string }) => k.kind === 'notice').delivery, 'at_once');
    await eventually(async () => (await notificationsDb(async (db) => Number((await db.query('SELECT count(*) FROM members WHERE organization_id = $1', [regatta.org.id])).rows[0].count))) >= 2 || undefined, 20_000, 'both members projected');
    // The organization's regattas are listed for choosing per regatta.
    const organized = await eventually(async () => {
      const listed = (await ok(api.get('/api/v1/notifications/preferences', { key: organizer.key }))).data.organizedRegattas as Array<{ id: string; name: string; slug: string }>;
      return listed.find((r) => r.id === regatta.event.id);
    }, 20_000, 'the regatta listed among those organized');
    assert.deepEqual(organized, { id: regatta.event.id, name: regatta.event.name, slug: regatta.event.slug });

    const [first] = await enterSailors(regatta, 3, 1);
    await entriesProjected(regatta.event.id, 3);
    await ok(api.post(`/api/v1/events/${regatta.event.slug}/registrations/${first!.registrationId}/cancel`, undefined, { key: organizer.key }));
    const about = (mail: { Subject: string }) => mail.Subject.startsWith(`${regatta.event.name}:`);
    await waitForMail(atOnce.email, /new entry Boat 3/);
    await waitForMail(atOnce.email, /Boat 1 withdrew/);
    const collected = async () => notificationsDb(async (db) => Number((await db.query('SELECT count(*) FROM digest_items WHERE event_id = $1 AND user_id = $2', [regatta.event.id, organizer.userId])).rows[0].count));
    await eventually(async () => ((await collected()) === 4 ? true : undefined), 20_000, 'four changes collected for the digest');
    assert.equal((await mailTo(organizer.email)).filter(about).length, 0, 'nothing went to the digest reader at once');

    // Not reachable without the operator's token, nor through the gateway.
    assert.equal((await runDigests({ at: new Date().toISOString(), eventId: regatta.event.id }, null)).status, 403);
    assert.equal((await api.post('/internal/v1/digests/run' as never, {}, { key: organizer.key, contract: false })).status, 404);
    // Before the digest hour nothing is due; two days on, the digest is.
    const early = await runDigests({ at: new Date(Date.now() - 60_000).toISOString(), eventId: regatta.event.id });
    assert.deepEqual([early.status, early.body.data?.queued], [200, 0]);
    // Two runs at once (as two replicas would) make one digest between them; a later run makes none.
    const due = { at: new Date(Date.now() + 2 * DAY).toISOString(), eventId: regatta.event.id };
    const runs = await Promise.all([runDigests(due), runDigests(due)]);
    assert.deepEqual(runs.map((run) => run.status), [200, 200], JSON.stringify(runs.map((run) => run.body)));
    assert.equal(runs.reduce((sum, run) => sum + (run.body.data?.queued ?? 0), 0), 1, JSON.stringify(runs.map((run) => run.body)));
    assert.equal((await runDigests(due)).body.data?.queued, 0, 'a later run queues nothing');

    const [digest] = await waitForMail(organizer.email, /4 changes to the entries on/);
    const text = (await mailDetail(digest!.ID)).Text;
    assert.match(text, /since the last digest, up to .* 18:00 CES?T:/);
    for (const line of ['New: Boat 1', 'New: Boat 2', 'New: Boat 3', 'Withdrawn: Boat 1']) assert.ok(text.includes(`- ${line} (`), `${line} listed in:\n${text}`);
    await sleep(1_500);
    assert.equal((await mailTo(organizer.email)).filter(about).length, 1, 'exactly one digest');
    const atOnceMessages = (await mailTo(atOnce.email)).filter(about);
    assert.equal(atOnceMessages.length, 4, atOnceMessages.map((m) => m.Subject).join('\n'));
    assert.equal(await collected(), 0);
  });
});

describe('a sailor entered by name and address, without an account', () => {
  test('hears of the entry and a notice once at that address; the unsubscribe link stops notices', async () => {
    const regatta = await newRegatta();
    const { api, organizer } = regatta;
    const guest = { name: `Gus Guest ${uniqueSuffix()}`, email: `guest-${uniqueSuffix()}@example.org` };
    const entry = (await ok(api.post(`/api/v1/events/${regatta.event.slug}/register`, { fleet: regatta.fleet.id, boat: { name: 'Guest Boat', sailNumber: 'GER 77' }, sailor: guest }, { key: organizer.key }), 201)).data;
    const [member] = await enterSailors(regatta, 1);
    await entriesProjected(regatta.event.id, 2);
    const [confirmed] = await waitForMail(guest.email, /your entry is confirmed/);
    assert.match((await mailDetail(confirmed!.ID)).Text, new RegExp(`Hello ${guest.name},`));

    const title = `Guest notice ${uniqueSuffix()}`;
    await ok(api.post(`/api/v1/events/${regatta.event.slug}/documents`, { kind: 'notice', title, body: 'Briefing at 9.' }, { key: organizer.key }), 201);
    const [notice] = await waitForMail(guest.email, new RegExp(title));
    const detail = await mailDetail(notice!.ID);
    assert.match(detail.Text, /entered you with this address/);
    await sleep(1_500);
    assert.equal((await mailTo(guest.email)).filter((m) => m.Subject.includes(title)).length, 1);

    // The address is nowhere in the service's tables.
    const stored = await notificationsDb(async (db) => (await db.query("SELECT params::text || coalesce(last_error, '') AS text, registration_id FROM messages WHERE event_id = $1 AND registration_id = $2", [regatta.event.id, entry.id])).rows);
    assert.ok(stored.length >= 2);
    assert.equal(stored.some((row: { text: string }) => row.text.includes(guest.email)), false);

    const link = (await mailHeaders(notice!.ID))['List-Unsubscribe']![0]!.slice(1, -1);
    // The page behind the link lists what was sent about this entry, with no address.
    const page = await eventually(async () => {
      const html = await (await fetch(link)).text();
      return html.includes(title) && html.includes('Delivered') ? html : undefined;
    }, 10_000, 'the guest page lists the notice as delivered');
    assert.match(page, /Messages sent to you about this entry/);
    assert.match(page, /your entry is confirmed/);
    assert.match(page, /<td>Notices and amendments<\/td><td>[^<]*Guest notice/);
    assert.equal(page.includes(guest.email), false);
    assert.equal(page.includes('@'), false, 'no address of any kind on the page');
    const oneClick = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    assert.equal(oneClick.status, 200, await oneClick.clone().text());
    assert.deepEqual(((await oneClick.json()) as { data: unknown }).data, { kind: 'notice', eventId: regatta.event.id, unsubscribed: true });

    const later = `Later notice ${uniqueSuffix()}`;
    await ok(api.post(`/api/v1/events/${regatta.event.slug}/documents`, { kind: 'notice', title: later, body: 'Start delayed.' }, { key: organizer.key }), 201);
    await waitForMail(member!.email, new RegExp(later));
    await sleep(1_500);
    assert.equal((await mailTo(guest.email)).filter((m) => m.Subject.includes(later)).length, 0);
  });
});

describe('the language of a sailor entered without an account', () => {
  test('is the one the entry was made in: German when named, English when not', async () => {
    const regatta = await newRegatta();
    const { api, organizer } = regatta;
    const german = { name: `Greta Gast ${uniqueSuffix()}`, email: `gast-${uniqueSuffix()}@example.org`, language: 'de' };
    const english = { name: `Eddie Guest ${uniqueSuffix()}`, email: `guest-${uniqueSuffix()}@example.org` };
    const enter = (sailor: object, sailNumber: string) =>
      ok(api.post(`/api/v1/events/${regatta.event.slug}/register`, { fleet: regatta.fleet.id, boat: { name: `Boat ${sailNumber}`, sailNumber }, sailor }, { key: organizer.key }), 201);
    await enter(german, 'GER 81');
    await enter(english, 'GER 82');
    // An unknown language is refused at the edge.
    const refused = await api.post(`/api/v1/events/${regatta.event.slug}/register`, { fleet: regatta.fleet.id, boat: { name: 'Boat X', sailNumber: 'GER 83' }, sailor: { ...english, language: 'fr' } } as never, { key: organizer.key, contract: false });
    assert.equal(refused.status, 400);
    await entriesProjected(regatta.event.id, 2);

    const [confirmedDe] = await waitForMail(german.email, /Ihre Meldung ist bestätigt/);
    assert.match((await mailDetail(confirmedDe!.ID)).Text, new RegExp(`Hallo ${german.name},`));
    const [confirmedEn] = await waitForMail(english.email, /your entry is confirmed/);
    assert.match((await mailDetail(confirmedEn!.ID)).Text, new RegExp(`Hello ${english.name},`));

    const title = `Language notice ${uniqueSuffix()}`;
    await ok(api.post(`/api/v1/events/${regatta.event.slug}/documents`, { kind: 'notice', title, body: 'Briefing at 9.' }, { key: organizer.key }), 201);
    const [noticeDe] = await waitForMail(german.email, new RegExp(title));
    const [noticeEn] = await waitForMail(english.email, new RegExp(title));
    const [textDe, textEn] = [(await mailDetail(noticeDe!.ID)).Text, (await mailDetail(noticeEn!.ID)).Text];
    assert.match(textDe, /mit dieser Adresse gemeldet/);
    assert.doesNotMatch(textDe, /entered you with this address/);
    assert.match(textEn, /entered you with this address/);
    // The language travelled with the address only: nothing of it (nor the address) in the service's tables.
    const stored = await notificationsDb(async (db) => (await db.query('SELECT params::text AS text FROM messages WHERE event_id = $1', [regatta.event.id])).rows);
    assert.equal(stored.some((row: { text: string }) => row.text.includes(german.email) || row.text.includes('"language"')), false);
  });
});
