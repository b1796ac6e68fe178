/**
 * Changes of a sailor's entry after entering, through the gateway: moving to another fleet or boat
 * (a full fleet waitlists, the old fleet's waitlisted boat is promoted, two moves for one last place
 * give one place, a held sail number is 409, the new fleet's rating is asked, entries closed stop
 * the sailor but not the organizer); a crew member under 18 needs a parent or guardian accepting the
 * waivers for them (400 on the field without; recorded with the acceptance, shown in the
 * organizer's list and CSV); places per fleet in the entry form and on the public regatta page.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { eventually, gatewayUrl, newActor, uniqueSuffix, type Actor } from '@regatta/testing';
import { DAY, newClub, ok, openEvent, type Club } from './helpers.js';

async function addFleet(club: Club, slug: string, body: Record<string, unknown>): Promise<string> {
  return (await ok(club.api.post(`/api/v1/events/${slug}/fleets`, body, { key: club.organizer.key }), 201)).data.id;
}

const enter = (club: Club, slug: string, actor: Actor, fleet: string, name: string, extra: Record<string, unknown> = {}) =>
  club.api.post(`/api/v1/events/${slug}/register`, { fleet, boat: { name, sailNumber: `NED ${uniqueSuffix()}` }, ...extra }, { key: actor.key });

const move = (club: Club, slug: string, actor: Actor, id: string, body: Record<string, unknown>) =>
  club.api.post(`/api/v1/events/${slug}/registrations/${id}/move`, body, { key: actor.key });

describe('moving an entry to another fleet or boat', () => {
  test("moving into a full fleet waitlists the entry; the old fleet's waitlisted boat takes the place", async () => {
    const club = await newClub('Fleet Move Yacht Club');
    const { event, fleet } = await openEvent(club, { fleet: { name: 'Laser', maxBoats: 1 } });
    const ilca6 = await addFleet(club, event.slug, { name: 'ILCA 6', maxBoats: 1 });
    const [mover, waiting, holder] = await Promise.all([newActor(club.api), newActor(club.api), newActor(club.api)]);
    const moving = (await ok(enter(club, event.slug, mover, fleet.id, 'Mover'), 201)).data;
    const waited = await ok(enter(club, event.slug, waiting, fleet.id, 'Waiter'), 201);
    assert.deepEqual([waited.data.status, waited.waitlistPosition], ['waitlisted', 1]);
    await ok(enter(club, event.slug, holder, ilca6, 'Holder'), 201);

    const moved = await ok(move(club, event.slug, mover, moving.id, { fleet: 'ILCA 6' }));
    assert.deepEqual([moved.data.fleetId, moved.data.status, moved.waitlistPosition], [ilca6, 'waitlisted', 1]);
    assert.deepEqual(moved.changed, ['fleet_id', 'status']);
    assert.equal(moved.promoted?.id, waited.data.id);
    // The sailor who moved learns who moved up, not that sailor's contacts.
    assert.deepEqual([moved.promoted.emergencyContact ?? null, moved.promoted.crew], [null, []]);
    const mine = (await ok(club.api.get('/api/v1/me/registrations', { key: waiting.key }))).data;
    assert.deepEqual(mine.map((e: any) => [e.status, e.fleetName]), [['registered', 'Laser']]);
    const form = (await ok(club.api.get(`/api/v1/events/${event.slug}/entry-form`, { key: mover.key }))).data;
    assert.deepEqual(form.fleets.map((f: any) => [f.name, f.registered]), [['Laser', 1], ['ILCA 6', 1]]);
  });

  test('two moves for one last place: one gets it, the other waits; a held sail number stays 409', async () => {
    const club = await newClub('Last Place Move Club');
    const { event, fleet } = await openEvent(club, { fleet: { name: 'Finn' } });
    const small = await addFleet(club, event.slug, { name: 'Star', maxBoats: 1 });
    const [first, second] = await Promise.all([newActor(club.api), newActor(club.api)]);
    const entries = await Promise.all([ok(enter(club, event.slug, first, fleet.id, 'Eins'), 201), ok(enter(club, event.slug, second, fleet.id, 'Zwei'), 201)]);
    const raced = await Promise.all([move(club, event.slug, first, entries[0].data.id, { fleet: small }), move(club, event.slug, second, entries[1].data.id, { fleet: small })]);
    assert.deepEqual(raced.map((r) => r.status), [200, 200], raced.map((r) => r.text).join('\n'));
    assert.deepEqual(raced.map((r) => [r.body.data.status, r.body.waitlistPosition]).sort(), [['registered', null], ['waitlisted', 1]]);
    const listed = (await ok(club.api.get(`/api/v1/events/${event.slug}/registrations`, { key: club.organizer.key }))).data;
    assert.deepEqual(listed.filter((e: any) => e.fleetId === small && e.status === 'registered').length, 1);

    const taken = entries[1].data.boat.sailNumber;
    const clash = await move(club, event.slug, first, entries[0].data.id, { boat: { name: 'Copycat', sailNumber: taken.toLowerCase().replace(' ', '-') } });
    assert.deepEqual([clash.status, clash.body.code], [409, 'boat_already_registered']);
    const newBoat = await ok(move(club, event.slug, first, entries[0].data.id, { boat: { name: 'Drei', sailNumber: 'NED 3' } }));
    assert.deepEqual([newBoat.data.boat.name, newBoat.data.boat.sailNumber, newBoat.changed], ['Drei', 'NED 3', ['boat_id']]);
  });

  test("the new fleet's rating is asked as when entering; after entries close only the organizer moves an entry", async () => {
    const club = await newClub('Rated Move Club');
    const { event, fleet } = await openEvent(club, { fleet: { name: 'Dinghy' } });
    const irc = await addFleet(club, event.slug, { name: 'IRC', handicap: { system: 'irc' } });
    const sailor = await newActor(club.api);
    const entry = (await ok(enter(club, event.slug, sailor, fleet.id, 'Rater'), 201)).data;
    const unrated = await move(club, event.slug, sailor, entry.id, { fleet: irc });
    assert.deepEqual([unrated.status, unrated.body.code, unrated.body.errors?.[0]?.field], [400, 'missing_rating', 'boat.ratings.irc']);
    const unknown = await move(club, event.slug, sailor, entry.id, { fleet: 'No Such Fleet' });
    assert.deepEqual([unknown.status, unknown.body.errors?.[0]?.field], [400, 'fleet']);
    const rated = await ok(move(club, event.slug, sailor, entry.id, { fleet: irc, boat: { id: entry.boatId, ratings: { irc: 1.011 } } }));
    assert.deepEqual([rated.data.fleetId, rated.data.status, rated.data.boat.ratings.irc], [irc, 'registered', 1.011]);

    await ok(club.api.put(`/api/v1/events/${event.slug}`, { registrationClose: new Date(Date.now() - 60_000).toISOString() }, { key: club.organizer.key }));
    const late = await move(club, event.slug, sailor, entry.id, { fleet: fleet.id });
    assert.deepEqual([late.status, late.body.code], [400, 'registration_closed']);
    const byOffice = await ok(move(club, event.slug, club.organizer, entry.id, { fleet: fleet.id }));
    assert.equal(byOffice.data.fleetId, fleet.id);
    await ok(club.api.post(`/api/v1/events/${event.slug}/registrations/${entry.id}/cancel`, undefined, { key: club.organizer.key }));
    const gone = await move(club, event.slug, club.organizer, entry.id, { fleet: irc });
    assert.deepEqual([gone.status, gone.body.code], [409, 'entry_not_active']);
  });
});

describe('crew members under 18', () => {
  let club: Club;
  let slug: string;
  let fleetId: string;
  let waiverId: string;
  let skipper: Actor;
  const start = Date.now() + 30 * DAY;
  const firstDay = new Date(start).toISOString().slice(0, 10);
  // 17 years and 364 days on the first day (the 18th birthday is the day after), and 18 on the day.
  const adultBirth = `${Number(firstDay.slice(0, 4)) - 18}${firstDay.slice(4)}`;
  const minorBirth = new Date(Date.parse(adultBirth) + DAY).toISOString().slice(0, 10);

  before(async () => {
    club = await newClub('Crew Guardian Yacht Club');
    const opened = await openEvent(club, { fleet: { name: 'RS Feva' } });
    slug = opened.event.slug;
    fleetId = opened.fleet.id;
    waiverId = (await ok(club.api.post(`/api/v1/events/${slug}/entry-form/waivers`, { title: 'Risk statement', body: 'At my own risk.' }, { key: club.organizer.key }), 201)).data.id;
    skipper = await newActor(club.api);
  });

  test('a minor crew member without a guardian is 400 on crewMembers.1.guardianName; with one the entry stands', async () => {
    const body = {
      fleet: fleetId,
      boat: { name: 'Tadpole', sailNumber: `GBR ${uniqueSuffix()}` },
      waivers: { [waiverId]: { version: 1 } },
      dateOfBirth: '1980-02-02',
      crewMembers: [
        { name: 'Bea Birthday', dateOfBirth: adultBirth },
        { name: 'Tim Teen', dateOfBirth: minorBirth },
      ],
      emergencyContact: 'Harbour office +44 1234',
    };
    const refused = await club.api.post(`/api/v1/events/${slug}/register`, body, { key: skipper.key });
    assert.equal(refused.status, 400, refused.text);
    assert.match(refused.headers.get('content-type') ?? '', /problem\+json/);
    assert.deepEqual(refused.body.errors.map((e: { field: string }) => e.field), ['crewMembers.1.guardianName']);
    const crewMembers = [body.crewMembers[0], { ...body.crewMembers[1], guardianName: 'Ann Teen' }];
    const entered = await ok(club.api.post(`/api/v1/events/${slug}/register`, { ...body, crewMembers }, { key: skipper.key }), 201);
    const detail = (await ok(club.api.get(`/api/v1/events/${slug}/registrations/${entered.data.id}`, { key: club.organizer.key }))).data;
    assert.deepEqual(detail.crewMembers.map((m: any) => [m.name, m.guardianName]), [['Bea Birthday', null], ['Tim Teen', 'Ann Teen']]);
    const [acceptance] = detail.waiverAcceptances;
    assert.deepEqual([acceptance.version, acceptance.crewGuardians.map((g: any) => [g.crewMember, g.name])], [1, [['Tim Teen', 'Ann Teen']]]);
    assert.ok(Date.parse(acceptance.crewGuardians[0].acceptedAt) > 0);

    // Editing the crew: a new minor without a guardian is refused on the field; the organizer's list and CSV show the guardians.
    const newCrew = [...crewMembers, { name: 'Mia Minor', dateOfBirth: minorBirth }];
    const edit = await club.api.patch(`/api/v1/events/${slug}/registrations/${entered.data.id}`, { crewMembers: newCrew }, { key: skipper.key });
    assert.deepEqual([edit.status, edit.body.errors?.map((e: { field: string }) => e.field)], [400, ['crewMembers.2.guardianName']]);
    await ok(club.api.patch(`/api/v1/events/${slug}/registrations/${entered.data.id}`, { crewMembers: [...crewMembers, { ...newCrew[2], guardianName: 'Max Minor' }] }, { key: skipper.key }));
    const listed = (await ok(club.api.get(`/api/v1/events/${slug}/registrations`, { key: club.organizer.key }))).data;
    assert.deepEqual(listed[0].waiverAcceptances[0].crewGuardians.map((g: any) => g.name), ['Ann Teen', 'Max Minor']);
    const csv = await club.api.get(`/api/v1/events/${slug}/registrations`, { key: club.organizer.key, query: { format: 'csv' } });
    assert.match(csv.text, /guardian of Tim Teen: Ann Teen/);
    assert.match(csv.text, /guardian of Mia Minor: Max Minor/);
  });
});

test('places per fleet: the entry form and the public regatta page say places left or full with the waitlist open', async () => {
  const club = await newClub('Fleet Places Club');
  const { event, fleet } = await openEvent(club, { maxParticipants: 10, fleet: { name: 'Laser', maxBoats: 3 } });
  const ilca6 = await addFleet(club, event.slug, { name: 'ILCA 6', maxBoats: 1 });
  await addFleet(club, event.slug, { name: 'Optimist' });
  const [one, two] = await Promise.all([newActor(club.api), newActor(club.api)]);
  await ok(enter(club, event.slug, one, fleet.id, 'Places One'), 201);
  await ok(enter(club, event.slug, two, ilca6, 'Places Two'), 201);

  const form = (await ok(club.api.get(`/api/v1/events/${event.slug}/entry-form`, { key: one.key }))).data;
  // Laser 1 of 3 (2 left), ILCA 6 1 of 1 (full), Optimist no limit but the regatta's 8 of 10 left.
  assert.deepEqual(form.fleets.map((f: any) => [f.name, f.placesLeft, f.availability]), [['Laser', 2, 'open'], ['ILCA 6', 0, 'waitlist'], ['Optimist', 8, 'open']]);
  assert.equal(form.entries, 'open');

  const page = await eventually(async () => {
    const response = await fetch(`${gatewayUrl()}/regattas/${event.slug}?lang=en`, { headers: { accept: 'text/html' } });
    const text = response.status === 200 ? await response.text() : '';
    return text.includes('ILCA 6: full, waitlist open') ? text : undefined;
  }, 15_000, 'the public page showing the full fleet');
  assert.match(page, /Laser: 2 places left/);
  assert.match(page, /Optimist: 8 places left/);
  assert.match(page, /Enter this regatta/);
  const twin = await (await fetch(`${gatewayUrl()}/regattas/${event.slug}.json`)).json();
  assert.deepEqual(twin.data.fleets.map((f: any) => [f.name, f.maxBoats, f.placesLeft, f.availability]), [['ILCA 6', 1, 0, 'waitlist'], ['Laser', 3, 2, 'open'], ['Optimist', null, 8, 'open']]);
});
