/**
 * Copying a regatta ("copy last year's event") through the gateway: POST /events/{slug}/copy makes a
 * new draft of the same organization with the settings, fleets, races and documents in force of the
 * source, every date moved by the same number of days; entries, results and progress stay behind; the
 * facts make the copy a regatta like any other for results-scoring.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createApiKey, eventually, newActor, uniqueSuffix } from '@regatta/testing';
import { DAY, newClub, ok, setStatus, type Club } from './helpers.js';

/** Fields of a fleet that a copy keeps (everything but its id, regatta and creation time). */
const setupOf = ({ id: _id, eventId: _eventId, createdAt: _createdAt, ...setup }: Record<string, unknown>) => setup;

/** Last year's regatta: settings, three fleets, races, documents (one amended, one withdrawn), an entry and results. */
async function lastYearsRegatta(club: Club) {
  const { api } = club;
  const key = club.organizer.key;
  const name = `Spring Regatta ${uniqueSuffix()}`;
  const event = (
    await ok(
      api.post(
        '/api/v1/events',
        {
          organization: club.org.slug,
          name,
          description: 'Two days of round the buoys racing.',
          venue: 'Lake Garda',
          address: 'Via del Porto 1, Riva del Garda',
          startDate: '2026-04-18T09:00:00Z',
          endDate: '2026-04-19T17:00:00Z',
          entryFee: '125.50',
          currency: 'EUR',
          maxParticipants: 80,
          nor: 'Notice of race: the regatta is sailed under the RRS.',
          sailingInstructions: 'SI 1: rules.',
          settings: { trophy: 'Garda Bowl' },
          timeZone: 'Europe/Rome',
        },
        { key },
      ),
      201,
    )
  ).data;
  const fleet = async (body: Record<string, unknown>) => (await ok(api.post(`/api/v1/events/${event.slug}/fleets`, body, { key }), 201)).data;
  // Created in this order (not alphabetical): the copy keeps it.
  const ilca = await fleet({ name: 'ILCA 7', description: 'Olympic dinghy', maxBoats: 60, discardThresholds: [4, 8] });
  const phrf = await fleet({ name: 'PHRF A', handicap: { system: 'phrf_tot', params: { a: 600, b: 500 } }, dropRaces: 1, scoringSystem: 'high_point' });
  const irc = await fleet({
    name: 'IRC 1',
    handicap: { system: 'irc' },
    penaltyBasis: 'finishers_plus',
    finishersPlus: { dnf: 1, dnc: 2 },
    proportionalDiscards: { firstAt: 4, everyRaces: 4 },
    redress: { defaultMethod: 'average_all', excludeDnc: true },
  });
  const race = async (body: Record<string, unknown>) => (await ok(api.post(`/api/v1/events/${event.slug}/races`, body, { key }), 201)).data;
  const first = await race({ fleetId: ilca.id, scheduledStart: '2026-04-18T11:00:00Z', courseDescription: 'Windward-leeward, 2 laps' });
  const second = await race({ fleetId: ilca.id, scheduledStart: '2026-04-19T13:00:00Z', weight: 2, mustCount: true, notes: 'Long distance race', windSpeed: 12 });
  await race({ fleetId: phrf.id, name: 'Coastal race', discardFirst: true });
  const document = async (body: Record<string, unknown>) => (await ok(api.post(`/api/v1/events/${event.slug}/documents`, body, { key }), 201)).data;
  await document({ kind: 'nor', title: 'Notice of Race', url: 'https://example.org/nor.pdf' });
  const si = await document({ kind: 'si', title: 'Sailing Instructions', body: 'SI 11: course area Bravo.' });
  await ok(api.patch(`/api/v1/events/${event.slug}/documents/${si.id}`, { body: 'SI 11: course area Alpha.', note: 'Amendment 1' }, { key }));
  const notice = await document({ kind: 'notice', title: 'Car park closed', body: 'Use the ferry.' });
  await ok(api.delete(`/api/v1/events/${event.slug}/documents/${notice.id}`, { key }));
  await document({ kind: 'amendment', title: 'Amendment 2', body: 'The prize giving is at 18:00.' });

  // Last year happened: an entry with a result in race 1.
  await setStatus(club, event.slug, 'published');
  const entry = (
    await ok(
      api.post(`/api/v1/events/${event.slug}/register`, { fleet: ilca.id, boat: { name: 'Blue Note', sailNumber: `ITA ${uniqueSuffix()}` }, sailor: { name: 'Anna', email: `anna-${uniqueSuffix()}@example.org` } }, { key }),
      201,
    )
  ).data;
  await eventually(
    async () => {
      const response = await api.post(
        `/api/v1/events/${event.slug}/races/${first.id}/results`,
        { actualStart: '2026-04-18T11:05:00Z', results: [{ boat: entry.boatId, finishTime: '2026-04-18T12:10:00Z', status: 'finished' }] },
        { key, contract: false },
      );
      return response.status === 200 ? true : undefined;
    },
    10_000,
    'results of race 1',
  );
  // Its entry window (set afterwards: it is closed by now).
  await ok(api.put(`/api/v1/events/${event.slug}`, { registrationOpen: '2026-02-01T00:00:00Z', registrationClose: '2026-04-15T12:00:00Z' }, { key }));
  return { event, fleets: [ilca, phrf, irc], races: { first, second } };
}

describe('copy a regatta', () => {
  test('a member copies last year\'s regatta: settings, fleets, races and documents in force, every date 364 days later', async () => {
    const club = await newClub('Garda Sailing');
    const { api } = club;
    const source = await lastYearsRegatta(club);
    const member = await newActor(api);
    await ok(api.post(`/api/v1/organizations/${club.org.slug}/members`, { email: member.email, role: 'member' }, { key: club.organizer.key }), 201);
    // The events service learns of results from results-scoring's facts; the copy must not take them.
    await eventually(
      async () => (((await api.get(`/api/v1/events/${source.event.slug}`, { key: member.key, query: { include: 'results' } })).body.data?.results?.length ?? 0) > 0 ? true : undefined),
      10_000,
      'the results in the events service',
    );

    const name = `Spring Regatta ${uniqueSuffix()}`;
    const copied = await api.post(`/api/v1/events/${source.event.slug}/copy`, { name, startDate: '2027-04-17' }, { key: member.key });
    assert.equal(copied.status, 201, copied.text);
    const copy = copied.body.data;
    assert.match(copied.body.message, /moved by 364 days/);
    assert.match(copied.body.message, /3 fleets, 3 races, 3 documents/);

    // The regatta: a draft of the same organization, its settings copied, its dates 364 days later.
    assert.notEqual(copy.id, source.event.id);
    assert.equal(copy.slug, `${name.toLowerCase().replace(/ /g, '-')}-2027`);
    assert.deepEqual([copy.status, copy.organization], ['draft', { id: club.org.id, name: club.org.name, slug: club.org.slug }]);
    assert.deepEqual(
      [copy.description, copy.venue, copy.address, copy.entryFee, copy.currency, copy.maxParticipants, copy.nor, copy.sailingInstructions, copy.settings, copy.timeZone],
      ['Two days of round the buoys racing.', 'Lake Garda', 'Via del Porto 1, Riva del Garda', '125.50', 'EUR', 80, 'Notice of race: the regatta is sailed under the RRS.', 'SI 1: rules.', { trophy: 'Garda Bowl' }, 'Europe/Rome'],
    );
    assert.deepEqual(
      [copy.startDate, copy.endDate, copy.registrationOpen, copy.registrationClose],
      ['2027-04-17T09:00:00.000Z', '2027-04-18T17:00:00.000Z', '2027-01-31T00:00:00.000Z', '2027-04-14T12:00:00.000Z'],
    );

    // Fleets: the same set-up, in the same order, with new ids of the copy.
    assert.deepEqual(copy.fleets.map((fleet: { name: string }) => fleet.name), ['ILCA 7', 'PHRF A', 'IRC 1']);
    assert.deepEqual(copy.fleets.map(setupOf), source.fleets.map(setupOf));
    assert.ok(copy.fleets.every((fleet: { id: string; eventId: string }) => fleet.eventId === copy.id && !source.fleets.some((old) => old.id === fleet.id)));
    const fleetNameOf = new Map<string, string>(copy.fleets.map((fleet: { id: string; name: string }) => [fleet.id, fleet.name]));

    // Races: planned the same way, 364 days later, in the copy's fleets; nothing of what happened on the day.
    const races = copy.races.map((race: Record<string, unknown>) => ({
      fleet: fleetNameOf.get(race['fleetId'] as string),
      number: race['raceNumber'],
      name: race['name'],
      start: race['scheduledStart'],
      status: race['status'],
      actualStart: race['actualStart'],
      course: race['courseDescription'],
      weight: race['weight'],
      mustCount: race['mustCount'],
      discardFirst: race['discardFirst'],
      windSpeed: race['windSpeed'],
      notes: race['notes'],
    }));
    assert.deepEqual(races, [
      { fleet: 'ILCA 7', number: 1, name: 'Race 1', start: '2027-04-17T11:00:00.000Z', status: 'scheduled', actualStart: null, course: 'Windward-leeward, 2 laps', weight: 1, mustCount: false, discardFirst: false, windSpeed: null, notes: null },
      { fleet: 'ILCA 7', number: 2, name: 'Race 2', start: '2027-04-18T13:00:00.000Z', status: 'scheduled', actualStart: null, course: null, weight: 2, mustCount: true, discardFirst: false, windSpeed: null, notes: 'Long distance race' },
      { fleet: 'PHRF A', number: 1, name: 'Coastal race', start: null, status: 'scheduled', actualStart: null, course: null, weight: 1, mustCount: false, discardFirst: true, windSpeed: null, notes: null },
    ]);

    // Documents in force, each at version 1 with the text of the version in force; the withdrawn one left out.
    assert.deepEqual(
      copy.documents.map((document: { kind: string; title: string; url: string | null; body: string | null }) => [document.kind, document.title, document.url, document.body]),
      [
        ['nor', 'Notice of Race', 'https://example.org/nor.pdf', null],
        ['si', 'Sailing Instructions', null, 'SI 11: course area Alpha.'],
        ['amendment', 'Amendment 2', null, 'The prize giving is at 18:00.'],
      ],
    );
    const si = copy.documents.find((document: { kind: string }) => document.kind === 'si');
    const versions = await ok(api.get(`/api/v1/events/${copy.slug}/documents/${si.id}/versions`, { key: member.key }));
    assert.deepEqual(versions.data.versions.map((version: { version: number; body: string }) => [version.version, version.body]), [[1, 'SI 11: course area Alpha.']]);

    // The answer is the regatta as GET shows it; no entries or results came along.
    const read = await ok(api.get(`/api/v1/events/${copy.slug}`, { key: member.key, query: { include: 'fleets,races,documents,registrations,results' } }));
    assert.deepEqual({ ...read.data, registrations: undefined, results: undefined }, { ...copy, registrations: undefined, results: undefined });
    assert.deepEqual([read.data.registrations, read.data.results], [[], []]);
    // The source is untouched.
    const before = await ok(api.get(`/api/v1/events/${source.event.slug}`, { key: member.key, query: { include: 'fleets,races,registrations' } }));
    assert.deepEqual([before.data.status, before.data.fleets.length, before.data.races.length, before.data.registrations.length], ['published', 3, 3, 1]);
  });

  test('the copy is a regatta like any other for results-scoring: its copied race takes results scored with the copied fleet', async () => {
    const club = await newClub('Copy Facts');
    const { api } = club;
    const key = club.organizer.key;
    const start = new Date(Math.floor((Date.now() - 2 * DAY) / DAY) * DAY + 10 * 3_600_000);
    const source = (
      await ok(api.post('/api/v1/events', { organization: club.org.slug, name: `Club Racing ${uniqueSuffix()}`, startDate: new Date(start.getTime() - 364 * DAY).toISOString(), endDate: new Date(start.getTime() - 363 * DAY).toISOString() }, { key }), 201)
    ).data;
    const fleet = (await ok(api.post(`/api/v1/events/${source.slug}/fleets`, { name: 'PHRF', handicap: { system: 'phrf_tot' } }, { key }), 201)).data;
    await ok(api.post(`/api/v1/events/${source.slug}/races`, { fleetId: fleet.id, scheduledStart: new Date(start.getTime() - 364 * DAY + 3_600_000).toISOString() }, { key }), 201);

    const copy = (await ok(api.post(`/api/v1/events/${source.slug}/copy`, { name: `Club Racing ${uniqueSuffix()}`, startDate: start.toISOString().slice(0, 10) }, { key }), 201)).data;
    assert.equal(copy.startDate, start.toISOString());
    await setStatus(club, copy.slug, 'published');
    const ratings = { phrf: 120 };
    const entry = (
      await ok(
        api.post(`/api/v1/events/${copy.slug}/register`, { fleet: 'PHRF', boat: { name: 'Copycat', sailNumber: `USA ${uniqueSuffix()}`, ratings }, sailor: { name: 'Ben', email: `ben-${uniqueSuffix()}@example.org` } }, { key }),
        201,
      )
    ).data;
    const raceId = copy.races[0].id as string;
    const actualStart = new Date(start.getTime() + 3_600_000);
    // results-scoring knows the copied event, fleet and race only from the copy's facts.
    const submitted = await eventually(
      async () => {
        const response = await api.post(
          `/api/v1/events/${copy.slug}/races/${raceId}/results`,
          { actualStart: actualStart.toISOString(), results: [{ boat: entry.boatId, finishTime: new Date(actualStart.getTime() + 3_600_000).toISOString(), status: 'finished' }] },
          { key, contract: false },
        );
        return response.status === 200 ? response.body : undefined;
      },
      10_000,
      'results of the copied race',
    );
    // PHRF time on time with the defaults the copied fleet states (a 650, b 550): 3600 s × 650 / (550 + 120) = 3493 s.
    assert.equal(submitted.data[0].correctedTime, '00:58:13');
    const standings = await ok(api.get(`/api/v1/events/${copy.slug}/standings`, { key }));
    assert.equal(JSON.stringify(standings).includes('Copycat'), true, JSON.stringify(standings).slice(0, 400));
  });

  test('refusals: who may copy, the slug, the dates and the body', async () => {
    const club = await newClub('Copy Refusals');
    const { api } = club;
    const key = club.organizer.key;
    const start = Date.now() + 60 * DAY;
    const create = async (name: string) =>
      (await ok(api.post('/api/v1/events', { organization: club.org.slug, name: `${name} ${uniqueSuffix()}`, startDate: new Date(start).toISOString(), endDate: new Date(start + DAY).toISOString() }, { key }), 201)).data;
    const draft = await create('Draft Cup');
    const published = await create('Open Cup');
    await setStatus(club, published.slug, 'published');
    const body = { name: `Copy ${uniqueSuffix()}`, startDate: '2031-06-07' };

    const outsider = await newActor(api);
    const hidden = await api.post(`/api/v1/events/${draft.slug}/copy`, body, { key: outsider.key });
    assert.deepEqual([hidden.status, hidden.body.code], [404, 'not_found'], 'a draft of another organization does not exist for the caller');
    const foreign = await api.post(`/api/v1/events/${published.slug}/copy`, body, { key: outsider.key });
    assert.deepEqual([foreign.status, foreign.body.code, foreign.body.organization?.slug], [403, 'not_a_member', club.org.slug]);
    const readOnly = await createApiKey(api, club.organizer.cookie, { scopes: ['read'] });
    const scoped = await api.post(`/api/v1/events/${published.slug}/copy`, body, { key: readOnly.key });
    assert.deepEqual([scoped.status, scoped.body.code], [403, 'missing_scope']);
    assert.equal((await api.post(`/api/v1/events/no-such-${uniqueSuffix()}/copy`, body, { key })).status, 404);

    // Slugs: derived from the name and the new year, suffixed when taken; an explicit one that is taken is 409.
    const name = `Harbour Race ${uniqueSuffix()}`;
    const first = await ok(api.post(`/api/v1/events/${published.slug}/copy`, { name, startDate: '2031-06-07' }, { cookie: club.organizer.cookie }), 201);
    const second = await ok(api.post(`/api/v1/events/${published.slug}/copy`, { name, startDate: '2031-06-07' }, { key }), 201);
    assert.deepEqual([first.data.slug, second.data.slug], [`${name.toLowerCase().replace(/ /g, '-')}-2031`, `${name.toLowerCase().replace(/ /g, '-')}-2031-2`]);
    const taken = await api.post(`/api/v1/events/${published.slug}/copy`, { name, slug: draft.slug, startDate: '2031-06-07' }, { key });
    assert.deepEqual([taken.status, taken.body.code], [409, 'slug_taken']);
    const chosen = await ok(api.post(`/api/v1/events/${draft.slug}/copy`, { name, slug: `chosen-${uniqueSuffix()}`, startDate: '2031-06-07', endDate: '2031-06-09' }, { key }), 201);
    assert.deepEqual([chosen.data.startDate.slice(0, 10), chosen.data.endDate.slice(0, 10), chosen.data.status], ['2031-06-07', '2031-06-09', 'draft']);

    const fields = async (request: Record<string, unknown>) => {
      const response = await api.post(`/api/v1/events/${published.slug}/copy`, request as never, { key, contract: false });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.code, 'validation_failed');
      return response.body.errors.map((error: { field: string }) => error.field);
    };
    assert.deepEqual(await fields({ name, startDate: '2031-06-07', endDate: '2031-06-06' }), ['endDate']);
    assert.deepEqual(await fields({ name, startDate: '2031-02-30' }), ['startDate']);
    assert.deepEqual(await fields({ name, startDate: '2031-06-07', endDate: '0000-00-00' }), ['endDate'], 'not a day: 400, not a 500');
    assert.deepEqual(await fields({ name, startDate: '9999-12-31' }), ['startDate'], 'the end would fall in the year 10000');
    assert.deepEqual(await fields({ name: '  ', startDate: '2031-06-07' }), ['name']);
    assert.deepEqual(await fields({ startDate: '2031-06-07' }), ['name']);
    assert.deepEqual(await fields({ name, startDate: '2031-06-07', venue: 'Elsewhere' }), ['venue']);
  });
});
