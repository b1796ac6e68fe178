/**
 * Entering a regatta with the organizer's entry form, through the gateway: questions and waivers by
 * the organizer's members, entries with answers, acceptances (a guardian's for a minor), crew and
 * certificates, refusals naming the field, privacy of ages, contacts and acceptances, a waiver's new
 * version asked again, edits until entries close, the sailor's own entries and boats, and two
 * sailors racing for the last place (one entered, one waitlisted, nothing doubled; withdrawing
 * promotes the waitlisted boat).
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { newActor, uniqueSuffix, type Actor } from '@regatta/testing';
import { DAY, newClub, ok, openEvent, type Club } from './helpers.js';

describe('entry form', () => {
  let club: Club;
  let slug: string;
  let fleetId: string;
  let shirt: string;
  let dinner: string;
  let waiverId: string;
  let adult: Actor;
  let teen: Actor;
  let outsider: Actor;
  let adultEntry: string;
  let teenEntry: string;
  const start = Date.now() + 30 * DAY;
  const teenBirth = new Date(start - 15 * 365 * DAY).toISOString().slice(0, 10);

  before(async () => {
    club = await newClub('Entry Form Yacht Club');
    const opened = await openEvent(club, { extra: { entryFee: '45', currency: 'EUR' }, fleet: { name: 'IRC One', handicap: { system: 'irc' } } });
    slug = opened.event.slug;
    fleetId = opened.fleet.id;
    [adult, teen, outsider] = await Promise.all([newActor(club.api), newActor(club.api), newActor(club.api)]);
  });

  test('the organizer adds questions and a waiver; a choice needs two choices (400 on the field)', async () => {
    const key = club.organizer.key;
    const bad = await club.api.post(`/api/v1/events/${slug}/entry-form/questions`, { kind: 'choice', label: 'Shirt size', choices: ['M'] }, { key });
    assert.equal(bad.status, 400, bad.text);
    assert.match(bad.headers.get('content-type') ?? '', /problem\+json/);
    assert.deepEqual(bad.body.errors.map((e: { field: string }) => e.field), ['choices']);
    shirt = (await ok(club.api.post(`/api/v1/events/${slug}/entry-form/questions`, { kind: 'choice', label: 'Shirt size', choices: ['S', 'M', 'L'], required: true }, { key }), 201)).data.id;
    dinner = (await ok(club.api.post(`/api/v1/events/${slug}/entry-form/questions`, { kind: 'yes_no', label: 'Coming to the dinner?' }, { key }), 201)).data.id;
    const waiver = (await ok(club.api.post(`/api/v1/events/${slug}/entry-form/waivers`, { title: 'Risk statement', body: 'I race at my own risk (RRS 3).' }, { key }), 201)).data;
    assert.deepEqual([waiver.version, waiver.position], [1, 1]);
    waiverId = waiver.id;
    // A member of nothing may not touch the form.
    const refused = await club.api.post(`/api/v1/events/${slug}/entry-form/waivers`, { title: 'X', body: 'Y' }, { key: outsider.key });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'not_a_member');
  });

  test('the entry form tells the fee, that entries are open, the fleets, questions and waivers', async () => {
    const form = (await ok(club.api.get(`/api/v1/events/${slug}/entry-form`, { key: adult.key }))).data;
    assert.deepEqual([form.entries, form.event.entryFee, form.event.currency, form.myEntry], ['open', '45.00', 'EUR', null]);
    assert.deepEqual(form.fleets.map((f: any) => [f.name, f.ratingKey, f.certificate]), [['IRC One', 'irc', true]]);
    assert.deepEqual(form.questions.map((q: any) => [q.label, q.kind, q.required]), [['Shirt size', 'choice', true], ['Coming to the dinner?', 'yes_no', false]]);
    assert.deepEqual(form.waivers.map((w: any) => [w.title, w.version]), [['Risk statement', 1]]);
  });

  test('an entry without the required answer and the waiver is 400 naming both fields', async () => {
    const response = await club.api.post(`/api/v1/events/${slug}/register`, { fleet: fleetId, boat: { name: 'Nixie', sailNumber: `GER ${uniqueSuffix()}`, ratings: { irc: 1.02 } } }, { key: adult.key });
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.code, 'entry_form_incomplete');
    assert.deepEqual(response.body.errors.map((e: { field: string }) => e.field), [`answers.${shirt}`, `waivers.${waiverId}`]);
  });

  test('an adult enters with answers, the waiver, crew, a certificate and an emergency contact', async () => {
    const body = {
      fleet: fleetId,
      boat: { name: 'Nixie', sailNumber: `GER ${uniqueSuffix()}`, ratings: { irc: 1.02 } },
      answers: { [shirt]: 'L', [dinner]: true },
      waivers: { [waiverId]: { version: 1 } },
      dateOfBirth: '1985-04-02',
      crewMembers: [{ name: 'Mia Trim', role: 'trimmer', sailorId: 'GERMT85', dateOfBirth: '1990-01-01' }],
      certificates: { irc: { number: 'IRC-2231', expires: new Date(start + 200 * DAY).toISOString().slice(0, 10) } },
      emergencyContact: 'Jo Shore +49 40 1234',
    };
    const expired = await club.api.post(`/api/v1/events/${slug}/register`, { ...body, certificates: { irc: { number: 'IRC-1', expires: '2020-01-01' } } }, { key: adult.key });
    assert.equal(expired.status, 400);
    assert.deepEqual(expired.body.errors.map((e: { field: string }) => e.field), ['certificates.irc.expires']);
    const entered = await ok(club.api.post(`/api/v1/events/${slug}/register`, body, { key: adult.key }), 201);
    assert.deepEqual([entered.data.status, entered.waitlistPosition, entered.data.crew], ['registered', null, ['Mia Trim']]);
    adultEntry = entered.data.id;
    const detail = (await ok(club.api.get(`/api/v1/events/${slug}/registrations/${adultEntry}`, { key: adult.key }))).data;
    assert.deepEqual(detail.answers, { [shirt]: 'L', [dinner]: true });
    assert.deepEqual(detail.crewMembers, [{ name: 'Mia Trim', role: 'trimmer', sailorId: 'GERMT85', dateOfBirth: '1990-01-01', guardianName: null }]);
    assert.deepEqual(detail.waiverAcceptances.map((a: any) => [a.waiverId, a.version, a.acceptedBy, a.guardian]), [[waiverId, 1, adult.userId, null]]);
    assert.deepEqual(detail.pendingWaivers, []);
    assert.equal(detail.certificates.irc.number, 'IRC-2231');
  });

  test('a sailor under 18 needs a parent or guardian to accept; with one the entry stands', async () => {
    const body = {
      fleet: fleetId,
      boat: { name: 'Junior', sailNumber: `GER ${uniqueSuffix()}`, ratings: { irc: 0.95 } },
      answers: { [shirt]: 'S' },
      waivers: { [waiverId]: { version: 1 } },
      dateOfBirth: teenBirth,
    };
    const refused = await club.api.post(`/api/v1/events/${slug}/register`, body, { key: teen.key });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.errors.map((e: { field: string }) => e.field), [`waivers.${waiverId}.guardianName`]);
    const entered = await ok(club.api.post(`/api/v1/events/${slug}/register`, { ...body, waivers: { [waiverId]: { version: 1, guardianName: 'Ann Parent' } } }, { key: teen.key }), 201);
    teenEntry = entered.data.id;
    const detail = (await ok(club.api.get(`/api/v1/events/${slug}/registrations/${teenEntry}`, { key: club.organizer.key }))).data;
    assert.equal(detail.waiverAcceptances[0].guardian.name, 'Ann Parent');
    assert.equal(detail.dateOfBirth, teenBirth);
  });

  test('ages, contacts and acceptances: only the entrant and the organizer see them', async () => {
    const listed = (await ok(club.api.get(`/api/v1/events/${slug}/registrations`, { key: outsider.key }))).data;
    assert.equal(listed.length, 2);
    for (const entry of listed) for (const field of ['dateOfBirth', 'answers', 'waiverAcceptances', 'emergencyContact', 'crewMembers']) assert.equal(field in entry, false, field);
    const own = (await ok(club.api.get(`/api/v1/events/${slug}/registrations`, { key: teen.key }))).data;
    assert.deepEqual(own.filter((entry: any) => 'dateOfBirth' in entry).map((entry: any) => entry.id), [teenEntry]);
    const refused = await club.api.get(`/api/v1/events/${slug}/registrations/${teenEntry}`, { key: adult.key });
    assert.equal(refused.status, 403);
    const csv = await club.api.get(`/api/v1/events/${slug}/registrations`, { key: club.organizer.key, query: { format: 'csv' } });
    assert.equal(csv.status, 200);
    assert.match(csv.text, /Shirt size/);
    assert.match(csv.text, /Risk statement \(v1\)/);
    assert.match(csv.text, /v1 accepted by .*guardian Ann Parent/);
    const publicCsv = await club.api.get(`/api/v1/events/${slug}/registrations`, { key: outsider.key, query: { format: 'csv' } });
    assert.doesNotMatch(publicCsv.text, /Shirt size|Ann Parent|1985-04-02/);
  });

  test('a changed waiver asks the entrants again; the sailor accepts the new version', async () => {
    const changed = await ok(club.api.patch(`/api/v1/events/${slug}/entry-form/waivers/${waiverId}`, { body: 'I race at my own risk (RRS 3) and wear a buoyancy aid.' }, { key: club.organizer.key }));
    assert.deepEqual([changed.data.version, changed.entriesToAccept], [2, 2]);
    const mine = (await ok(club.api.get('/api/v1/me/registrations', { key: adult.key }))).data;
    assert.deepEqual(mine.find((entry: any) => entry.id === adultEntry).pendingWaivers.map((w: any) => w.version), [2]);
    // An organizer cannot accept for the sailor.
    const forOther = await club.api.patch(`/api/v1/events/${slug}/registrations/${adultEntry}`, { waivers: { [waiverId]: { version: 2 } } }, { key: club.organizer.key });
    assert.equal(forOther.status, 403);
    const stale = await club.api.patch(`/api/v1/events/${slug}/registrations/${adultEntry}`, { waivers: { [waiverId]: { version: 1 } } }, { key: adult.key });
    assert.deepEqual([stale.status, stale.body.errors?.[0]?.field], [400, `waivers.${waiverId}.version`]);
    await ok(club.api.patch(`/api/v1/events/${slug}/registrations/${adultEntry}`, { waivers: { [waiverId]: { version: 2 } } }, { key: adult.key }));
    const detail = (await ok(club.api.get(`/api/v1/events/${slug}/registrations/${adultEntry}`, { key: adult.key }))).data;
    assert.deepEqual([detail.pendingWaivers, detail.waiverAcceptances.map((a: any) => a.version)], [[], [2]]);
  });

  test('the sailor edits answers until entries close, then only the organizer', async () => {
    await ok(club.api.patch(`/api/v1/events/${slug}/registrations/${adultEntry}`, { answers: { [shirt]: 'M' } }, { key: adult.key }));
    const wrong = await club.api.patch(`/api/v1/events/${slug}/registrations/${adultEntry}`, { answers: { [shirt]: 'XXL' } }, { key: adult.key });
    assert.deepEqual([wrong.status, wrong.body.errors?.[0]?.field], [400, `answers.${shirt}`]);
    await ok(club.api.put(`/api/v1/events/${slug}`, { registrationClose: new Date(Date.now() - 60_000).toISOString() }, { key: club.organizer.key }));
    const late = await club.api.patch(`/api/v1/events/${slug}/registrations/${adultEntry}`, { answers: { [shirt]: 'S' } }, { key: adult.key });
    assert.deepEqual([late.status, late.body.code], [400, 'registration_closed']);
    const form = (await ok(club.api.get(`/api/v1/events/${slug}/entry-form`, { key: adult.key }))).data;
    assert.deepEqual([form.entries, form.myEntry?.id], ['closed', adultEntry]);
    await ok(club.api.patch(`/api/v1/events/${slug}/registrations/${adultEntry}`, { answers: { [shirt]: 'S' } }, { key: club.organizer.key }));
  });

  test('a copy of the regatta takes the entry form along, its waivers again at version 1', async () => {
    const start = new Date(Date.now() + 400 * DAY).toISOString().slice(0, 10);
    const copy = (await ok(club.api.post(`/api/v1/events/${slug}/copy`, { name: `Next Year ${uniqueSuffix()}`, startDate: start }, { key: club.organizer.key }), 201)).data;
    const form = (await ok(club.api.get(`/api/v1/events/${copy.slug}/entry-form`, { key: club.organizer.key }))).data;
    assert.deepEqual(form.questions.map((q: any) => [q.label, q.required]), [['Shirt size', true], ['Coming to the dinner?', false]]);
    assert.deepEqual(form.waivers.map((w: any) => [w.title, w.version, w.body]), [['Risk statement', 1, 'I race at my own risk (RRS 3) and wear a buoyancy aid.']]);
  });

  test("the sailor's own boats carry their ratings", async () => {
    const boats = (await ok(club.api.get('/api/v1/me/boats', { key: teen.key }))).data;
    assert.deepEqual(boats.map((b: any) => [b.name, b.ratings]), [['Junior', { irc: 0.95 }]]);
  });
});

test('two sailors race for the last place: one entered, one waitlisted, nothing doubled; withdrawing promotes', async () => {
  const club = await newClub('Last Place Sailing Club');
  const { event, fleet } = await openEvent(club, { maxParticipants: 2, fleet: { name: 'Optimist' } });
  const waiver = (await ok(club.api.post(`/api/v1/events/${event.slug}/entry-form/waivers`, { title: 'Risk', body: 'At my own risk.' }, { key: club.organizer.key }), 201)).data;
  const [first, second, third] = await Promise.all([newActor(club.api), newActor(club.api), newActor(club.api)]);
  const enter = (actor: Actor, name: string) =>
    club.api.post(
      `/api/v1/events/${event.slug}/register`,
      { fleet: fleet.id, boat: { name, sailNumber: `ITA ${uniqueSuffix()}` }, waivers: { [waiver.id]: { version: 1 } }, emergencyContact: `${name} home +39 06 1234` },
      { key: actor.key },
    );
  await ok(enter(first, 'Uno'), 201);
  const raced = await Promise.all([enter(second, 'Due'), enter(third, 'Tre')]);
  assert.deepEqual(raced.map((r) => r.status), [201, 201]);
  const outcomes = raced.map((r) => [r.body.data.status, r.body.waitlistPosition]).sort();
  assert.deepEqual(outcomes, [['registered', null], ['waitlisted', 1]]);
  const listed = (await ok(club.api.get(`/api/v1/events/${event.slug}/registrations`, { key: club.organizer.key }))).data;
  assert.deepEqual([listed.length, listed.filter((e: any) => e.status === 'registered').length], [3, 2]);

  const winner = raced.find((r) => r.body.data.status === 'registered')!;
  const loser = raced.find((r) => r.body.data.status === 'waitlisted')!;
  const loserActor = loser === raced[0] ? second : third;
  const winnerActor = winner === raced[0] ? second : third;
  const waiting = (await ok(club.api.get('/api/v1/me/registrations', { key: loserActor.key }))).data;
  assert.deepEqual(waiting.map((e: any) => [e.event.slug, e.status, e.waitlistPosition, e.fleetName]), [[event.slug, 'waitlisted', 1, 'Optimist']]);

  const withdrawn = await ok(club.api.post(`/api/v1/events/${event.slug}/registrations/${winner.body.data.id}/cancel`, undefined, { key: winnerActor.key }));
  assert.equal(withdrawn.promoted?.id, loser.body.data.id);
  // The sailor who withdrew learns who moved up, not that sailor's contacts.
  assert.deepEqual([withdrawn.promoted.emergencyContact, withdrawn.promoted.crew], [null, []]);
  const promoted = (await ok(club.api.get('/api/v1/me/registrations', { key: loserActor.key }))).data;
  assert.deepEqual(promoted.map((e: any) => [e.status, e.waitlistPosition]), [['registered', null]]);
});
