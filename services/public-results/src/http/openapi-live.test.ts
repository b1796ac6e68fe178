/**
 * The OpenAPI document's account of public-results, checked with the validator the end-to-end
 * contract checks use (packages/testing/src/contract.ts: ajv 2020 over the merged document):
 *   - every live message projectFact appends, built from real protobuf facts, matches the schema
 *     `x-live-messages` gives its event name, and so do the stream's control messages;
 *   - the pages' JSON twins, built by the view builders, match their `.json` response schemas;
 *   - pages (text/html) and streams (text/event-stream) pass the response checker.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { factPayload, newFact, timestampDate, timestampFromDate, type Fact } from '@regatta/contracts';
import type { PoolClient, Queryable } from '@regatta/db';
import { loadOpenApiDocument } from '@regatta/openapi';
import { checkLiveMessage, checkResponse, findPathTemplate, liveMessageNames } from '@regatta/testing';
import { openLiveStream } from '../app/open-live-stream.js';
import { projectFact } from '../app/project-fact.js';
import { clubView, regattaList, seriesView } from '../app/regatta-pages.js';
import { liveData, liveMeta, publicRaceProgress } from '../domain/live-data.js';
import { LIVE_MESSAGE_TYPES } from '../domain/live-messages.js';
import type { EventPartsInput } from '../domain/parts.js';
import { entriesView, regattaView, resultsView, standingsView } from '../domain/public-views.js';
import { publicDocument, publicEntry, publicEvent, publicFleet, publicOrganization, publicRace, publicRaceResults, publicStandings } from '../domain/snapshots.js';
import type { EventHead } from '../domain/model.js';

// ---------------------------------------------------------------------------------------------
// Facts of one regatta, as the owning services publish them.

const ORG = '7a0d5c1e-0000-4000-8000-000000000001';
const EVENT = '7a0d5c1e-0000-4000-8000-000000000002';
const PAST_EVENT = '7a0d5c1e-0000-4000-8000-000000000003';
const LASERS = '7a0d5c1e-0000-4000-8000-000000000010';
const PHRF = '7a0d5c1e-0000-4000-8000-000000000011';
const RACE_1 = '7a0d5c1e-0000-4000-8000-000000000020';
const RACE_2 = '7a0d5c1e-0000-4000-8000-000000000021';
const BOATS = ['7a0d5c1e-0000-4000-8000-000000000031', '7a0d5c1e-0000-4000-8000-000000000032', '7a0d5c1e-0000-4000-8000-000000000033', '7a0d5c1e-0000-4000-8000-000000000034'];
const SERIES = '7a0d5c1e-0000-4000-8000-000000000040';
const SLUG = 'spring-cup-2025';

const ts = (text: string) => timestampFromDate(new Date(text));
const meta = (producer: string, occurredAt: string) => ({ producer, eventId: EVENT, organizationId: ORG, occurredAt: new Date(occurredAt) });

const organizationFact = newFact(
  'organization.created',
  'organizationCreated',
  {
    organization: {
      id: ORG,
      slug: 'north-bay-yc',
      name: 'North Bay Yacht Club',
      type: 'yacht-club',
      description: 'Racing since 1921.',
      address: { city: 'North Bay', country: 'IT', street: 'Via del Porto 1' },
      contact: { email: 'office@north-bay.example.org', website: 'https://north-bay.example.org' },
      createdBy: 'user-1',
    },
  },
  { producer: 'organizations', organizationId: ORG, occurredAt: new Date('2025-01-10T09:00:00Z') },
);

const eventInit = (id: string, slug: string, name: string, start: string, end: string) => ({
  event: {
    id,
    organization: { id: ORG, slug: 'north-bay-yc', name: 'North Bay Yacht Club' },
    name,
    slug,
    venue: 'North Bay',
    startDate: ts(start),
    endDate: ts(end),
    registrationOpen: ts('2025-03-01T00:00:00Z'),
    status: 'published',
    entryFee: '125.00',
    currency: 'EUR',
    maxParticipants: 40,
    nor: 'https://north-bay.example.org/nor.pdf',
    updatedAt: ts('2025-03-01T00:00:00Z'),
  },
});
const eventFact = newFact('event.created', 'eventCreated', eventInit(EVENT, SLUG, 'Spring Cup 2025', '2025-06-01T08:00:00Z', '2025-06-02T18:00:00Z'), meta('events', '2025-03-01T00:00:00Z'));
const pastEventFact = newFact('event.created', 'eventCreated', eventInit(PAST_EVENT, 'winter-cup-2024', 'Winter Cup 2024', '2024-12-01T08:00:00Z', '2024-12-01T16:00:00Z'), meta('events', '2024-10-01T00:00:00Z'));

const fleetFacts = [
  newFact('fleet.created', 'fleetCreated', { fleet: { id: LASERS, eventId: EVENT, name: 'Lasers', scoringSystem: 'low_point', dropRaces: 1, handicap: { system: 'one_design' }, discardThresholds: [3] } }, meta('events', '2025-03-02T00:00:00Z')),
  newFact('fleet.created', 'fleetCreated', { fleet: { id: PHRF, eventId: EVENT, name: 'PHRF', description: 'Handicap fleet', scoringSystem: 'low_point', dropRaces: 0, handicap: { system: 'phrf_tot', params: { a: 650, b: 550 } } } }, meta('events', '2025-03-02T00:00:00Z')),
];
const raceFacts = [
  newFact('race.scheduled', 'raceScheduled', { race: { id: RACE_1, eventId: EVENT, fleetId: LASERS, name: 'Race 1', raceNumber: 1, scheduledStart: ts('2025-06-01T10:00:00Z'), status: 'scheduled', courseDescription: 'Windward-leeward', courseDistanceNm: 4.5 } }, meta('events', '2025-03-03T00:00:00Z')),
  newFact('race.scheduled', 'raceScheduled', { race: { id: RACE_2, eventId: EVENT, fleetId: LASERS, name: 'Race 2', raceNumber: 2, status: 'scheduled' } }, meta('events', '2025-03-03T00:00:00Z')),
];
const documentFacts = [
  newFact('document.added', 'documentAdded', { document: { id: 'doc-1', eventId: EVENT, kind: 'nor', title: 'Notice of race', url: 'https://north-bay.example.org/nor.pdf', publishedAt: ts('2025-03-01T00:00:00Z') } }, meta('events', '2025-03-03T00:00:00Z')),
  newFact('document.added', 'documentAdded', { document: { id: 'doc-2', eventId: EVENT, kind: 'notice', title: 'Postponement', body: 'Racing postponed by one hour.' } }, meta('events', '2025-06-01T09:00:00Z')),
];

const registration = (id: string, boat: number, status: string, extra: { sailorName?: string; sailNumber?: string; model?: string }) => ({
  registration: {
    id,
    eventId: EVENT,
    fleetId: LASERS,
    fleetName: 'Lasers',
    userId: `user-${boat}`,
    ...(extra.sailorName ? { sailorName: extra.sailorName } : {}),
    boat: { id: BOATS[boat]!, name: `Boat ${boat + 1}`, ...(extra.sailNumber ? { sailNumber: extra.sailNumber } : {}), ...(extra.model ? { model: extra.model } : {}), ratings: { phrf: 132 } },
    status,
    paymentStatus: 'paid',
    emergencyContact: '+39 000 000',
    registrationTime: ts(`2025-04-0${boat + 1}T12:00:00Z`),
    updatedAt: ts(`2025-04-0${boat + 1}T12:00:00Z`),
  },
});
const registrationFacts = [
  newFact('registration.created', 'registrationCreated', registration('reg-1', 0, 'registered', { sailorName: 'Ada Sailor', sailNumber: 'ITA 101', model: 'ILCA 7' }), meta('events', '2025-04-01T12:00:00Z')),
  newFact('registration.created', 'registrationCreated', registration('reg-2', 1, 'registered', { sailorName: 'Bo Helm', sailNumber: 'ITA 102' }), meta('events', '2025-04-02T12:00:00Z')),
  newFact('registration.created', 'registrationCreated', registration('reg-3', 2, 'registered', { sailNumber: 'ITA 103' }), meta('events', '2025-04-03T12:00:00Z')),
  // No sailor name, sail number or model: the public line has nulls.
  newFact('registration.created', 'registrationCreated', registration('reg-4', 3, 'waitlisted', {}), meta('events', '2025-04-04T12:00:00Z')),
];

const raceStartedFact = newFact(
  'race.started',
  'raceStarted',
  { raceId: RACE_1, eventId: EVENT, fleetId: LASERS, raceNumber: 1, actualStart: ts('2025-06-01T10:05:00Z'), status: 'started' },
  meta('results-scoring', '2025-06-01T10:05:30Z'),
);
// No status: the projection says "finished" for race.completed.
const raceCompletedFact = newFact(
  'race.completed',
  'raceCompleted',
  { raceId: RACE_1, eventId: EVENT, fleetId: LASERS, raceNumber: 1, actualStart: ts('2025-06-01T10:05:00Z'), finishedAt: ts('2025-06-01T11:02:00Z') },
  meta('results-scoring', '2025-06-01T11:02:10Z'),
);
const resultsFact = newFact(
  'results.updated',
  'resultsUpdated',
  {
    eventId: EVENT,
    raceId: RACE_1,
    fleetId: LASERS,
    raceNumber: 1,
    raceName: 'Race 1',
    raceStatus: 'finished',
    actualStart: ts('2025-06-01T10:05:00Z'),
    published: false,
    results: [
      { boatId: BOATS[0]!, userId: 'user-0', sailorName: 'Ada Sailor', boatName: 'Boat 1', sailNumber: 'ITA 101', position: 1, finishTime: ts('2025-06-01T10:55:00Z'), elapsedSeconds: 3000, correctedSeconds: 3000, points: 1, status: 'finished' },
      { boatId: BOATS[1]!, userId: 'user-1', sailorName: 'Bo Helm', boatName: 'Boat 2', sailNumber: 'ITA 102', position: 2, finishTime: ts('2025-06-01T10:57:30Z'), elapsedSeconds: 3150, correctedSeconds: 3150, points: 2, status: 'finished' },
      { boatId: BOATS[2]!, userId: 'user-2', boatName: 'Boat 3', sailNumber: 'ITA 103', points: 4, status: 'dnf', code: 'DNF', notes: 'private note' },
    ],
  },
  meta('results-scoring', '2025-06-01T11:03:00Z'),
);
const publishedFact = newFact('results.published', 'resultsPublished', { eventId: EVENT, publishedAt: ts('2025-06-01T12:00:00Z'), raceIds: [RACE_1], fleetIds: [LASERS] }, meta('results-scoring', '2025-06-01T12:00:00Z'));
// Boats 1 and 2 tie on 4 net points (A8.1 separates them); boat 3 stands alone.
const standingsFact = newFact(
  'standings.updated',
  'standingsUpdated',
  {
    eventId: EVENT,
    fleetId: LASERS,
    fleetName: 'Lasers',
    scoringSystem: 'low_point',
    drops: 1,
    appliedDrops: 1,
    boatsInFleet: 3,
    entries: [
      { position: 1, boatId: BOATS[0]!, userId: 'user-0', sailorName: 'Ada Sailor', boatName: 'Boat 1', sailNumber: 'ITA 101', totalPoints: 9, netPoints: 4, racesCompleted: 3, raceResults: [{ raceNumber: 1, points: 1, dropped: false }, { raceNumber: 2, points: 3, dropped: false }, { raceNumber: 3, points: 5, dropped: true, code: 'OCS' }] },
      { position: 2, boatId: BOATS[1]!, userId: 'user-1', sailorName: 'Bo Helm', boatName: 'Boat 2', sailNumber: 'ITA 102', totalPoints: 10, netPoints: 4, racesCompleted: 3, raceResults: [{ raceNumber: 1, points: 2, dropped: false }, { raceNumber: 2, points: 2, dropped: false }, { raceNumber: 3, points: 6, dropped: true }] },
      { position: 3, boatId: BOATS[2]!, userId: 'user-2', boatName: 'Boat 3', totalPoints: 18, netPoints: 9, racesCompleted: 2, raceResults: [{ raceNumber: 1, points: 4, dropped: false, code: 'DNF' }, { raceNumber: 2, points: 5, dropped: false }, { raceNumber: 3, points: 9, dropped: true, code: 'DNC' }] },
    ],
  },
  meta('results-scoring', '2025-06-01T11:03:01Z'),
);
const seriesFact = newFact(
  'series.standings.updated',
  'seriesStandingsUpdated',
  {
    seriesId: SERIES,
    organizationId: ORG,
    slug: 'north-bay-series-2025',
    name: 'North Bay Series',
    year: 2025,
    scoringRule: 'sum_of_net',
    bestOf: 1,
    events: [{ id: PAST_EVENT, slug: 'winter-cup-2024', name: 'Winter Cup 2024', startDate: ts('2024-12-01T08:00:00Z') }, { id: EVENT, slug: SLUG, name: 'Spring Cup 2025', startDate: ts('2025-06-01T08:00:00Z') }],
    entries: [
      {
        position: 1,
        fleet: 'Lasers',
        boatId: BOATS[0]!,
        boatName: 'Boat 1',
        sailNumber: 'ITA 101',
        sailorName: 'Ada Sailor',
        totalPoints: 7,
        netPoints: 4,
        eventsSailed: 1,
        cells: [
          { eventId: PAST_EVENT, eventSlug: 'winter-cup-2024', points: 3, dropped: true, absent: true },
          { eventId: EVENT, eventSlug: SLUG, points: 4, place: 1, dropped: false, absent: false },
        ],
      },
    ],
  },
  { producer: 'results-scoring', organizationId: ORG, occurredAt: new Date('2025-06-01T11:04:00Z') },
);

/** The change facts spectators follow, in the order they happen. */
const liveFacts: Fact[] = [...registrationFacts, raceStartedFact, raceCompletedFact, resultsFact, standingsFact, publishedFact];

// ---------------------------------------------------------------------------------------------
// Fakes of the database: the projection's writes are recorded; reads answer canned rows.

interface Recorded {
  sql: string;
  params: unknown[];
}

function recordingClient() {
  const queries: Recorded[] = [];
  const live: Array<{ seq: number; type: string; data: unknown }> = [];
  let seq = 0;
  const client = {
    async query(sql: string, params: unknown[] = []) {
      queries.push({ sql, params });
      if (sql.includes('INSERT INTO live_messages')) live.push({ seq: params[1] as number, type: params[2] as string, data: JSON.parse(params[3] as string) });
      if (sql.includes('RETURNING live_seq')) return { rows: [{ live_seq: String(++seq) }], rowCount: 1 };
      return { rows: [], rowCount: 1 };
    },
  };
  return { client: client as unknown as PoolClient, queries, live };
}

function fakeDb(answer: (sql: string, params: unknown[]) => unknown[] | undefined): Queryable {
  return {
    async query(sql: string, params: unknown[] = []) {
      const rows = answer(sql, params);
      if (!rows) throw new Error(`unexpected query: ${sql}`);
      return { rows, rowCount: rows.length };
    },
  } as unknown as Queryable;
}

/** As it travels: JSON text parsed again (no undefined, no Date objects). */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function assertValid(check: { ok: boolean; problems: string[] }, what: string): void {
  assert.ok(check.ok, `${what}:\n  ${check.problems.join('\n  ')}`);
}

/** Parses SSE text into messages (comments and `retry:` skipped). */
function parseFrames(text: string): Array<{ id: string | undefined; event: string; data: unknown }> {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '' && !frame.startsWith(':') && !frame.startsWith('retry:'))
    .map((frame) => {
      const fields = new Map(frame.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const));
      return { id: fields.get('id'), event: fields.get('event') ?? 'message', data: JSON.parse(fields.get('data') ?? 'null') };
    });
}

// ---------------------------------------------------------------------------------------------
// (a) live messages

test('x-live-messages names every live message type and both control messages, the same on both feeds', () => {
  const expected = [...LIVE_MESSAGE_TYPES, 'ready', 'reload'].sort();
  assert.deepEqual([...liveMessageNames()].sort(), expected);
  const paths = loadOpenApiDocument()['paths'] as Record<string, Record<string, Record<string, unknown>>>;
  assert.deepEqual(paths['/regattas/{eventSlug}/live']!['get']!['x-live-messages'], paths['/api/v1/events/{slug}/live']!['get']!['x-live-messages']);
});

test('the data the pure live builders make from facts matches each message schema', () => {
  const at = (fact: Fact) => liveMeta(timestampDate(fact.occurredAt!));
  const samples: Array<[string, unknown]> = [
    ...registrationFacts.map((fact) => [fact.type, liveData.registrationChanged(at(fact), publicEntry(factPayload(fact, 'registrationCreated')!.registration!))] as [string, unknown]),
    ['race.started', liveData.raceProgress(at(raceStartedFact), publicRaceProgress(factPayload(raceStartedFact, 'raceStarted')!, 'race.started'))],
    ['race.completed', liveData.raceProgress(at(raceCompletedFact), publicRaceProgress(factPayload(raceCompletedFact, 'raceCompleted')!, 'race.completed'))],
    ['results.updated', liveData.resultsUpdated(at(resultsFact), publicRaceResults(factPayload(resultsFact, 'resultsUpdated')!))],
    ['standings.updated', liveData.standingsUpdated(at(standingsFact), publicStandings(factPayload(standingsFact, 'standingsUpdated')!))],
    ['results.published', liveData.resultsPublished(at(publishedFact), factPayload(publishedFact, 'resultsPublished')!)],
  ];
  for (const [type, data] of samples) assertValid(checkLiveMessage(type, wire(data)), type);
  // The nullable corners are exercised: a non-finisher, an unnamed entry, a race without finish yet.
  const results = samples.find(([type]) => type === 'results.updated')![1] as { results: Array<{ position: number | null; finishTime: string | null }> };
  assert.deepEqual([results.results[2]!.position, results.results[2]!.finishTime], [null, null]);
  assert.equal((samples.find(([type]) => type === 'race.started')![1] as { finishedAt: unknown }).finishedAt, null);
  assert.equal((samples.find(([type]) => type === 'race.completed')![1] as { status: unknown }).status, 'finished');
});

test('projectFact appends exactly the pure builders\' data, and every appended message matches its schema', async () => {
  const { client, live } = recordingClient();
  for (const fact of liveFacts) await projectFact(client, fact);
  assert.deepEqual(
    live.map((message) => message.type),
    ['registration.created', 'registration.created', 'registration.created', 'registration.created', 'race.started', 'race.completed', 'results.updated', 'standings.updated', 'results.published'],
  );
  for (const message of live) assertValid(checkLiveMessage(message.type, message.data), `${message.type} #${message.seq}`);
  const results = live.find((message) => message.type === 'results.updated')!;
  assert.deepEqual(results.data, wire(liveData.resultsUpdated(liveMeta(new Date('2025-06-01T11:03:00Z')), publicRaceResults(factPayload(resultsFact, 'resultsUpdated')!))));
  assert.equal(JSON.stringify(live).includes('user-'), false, 'no user ids in live messages');
  assert.equal(JSON.stringify(live).includes('+39'), false, 'no emergency contacts in live messages');
});

test('the stream as openLiveStream writes it: ready, reload and replayed messages all match their schemas', async () => {
  const { client, live } = recordingClient();
  for (const fact of liveFacts) await projectFact(client, fact);
  const head: EventHead = { id: EVENT, slug: SLUG, status: 'published', organizationId: ORG, liveSeq: live.length };
  const db = fakeDb((sql, params) => {
    if (sql.includes('min(seq)')) return [{ seq: String(live[0]!.seq) }];
    if (sql.includes('FROM live_messages')) return live.filter((m) => m.seq > (params[1] as number)).map((m) => ({ seq: String(m.seq), type: m.type, data: m.data }));
    return undefined;
  });

  const fresh = parseFrames((await openLiveStream(db, head, undefined)).frames);
  assert.deepEqual(fresh.map((m) => [m.id, m.event]), [[String(live.length), 'ready']]);
  const reload = parseFrames((await openLiveStream(db, head, live.length + 50)).frames);
  assert.deepEqual(reload.map((m) => [m.id, m.event]), [[undefined, 'reload'], [String(live.length), 'ready']]);
  const replay = parseFrames((await openLiveStream(db, head, 0)).frames);
  // Every missed message, then ready (resumed) at the last one's id.
  assert.equal(replay.length, live.length + 1);
  assert.deepEqual([replay.at(-1)!.id, replay.at(-1)!.event, replay.at(-1)!.data.resumed], [String(live.length), 'ready', true]);

  for (const message of [...fresh, ...reload, ...replay]) assertValid(checkLiveMessage(message.event, message.data), `${message.event} ${message.id ?? ''}`);
});

test('checkLiveMessage names what is wrong: unknown events, missing fields, private extras, wrong types', () => {
  assert.equal(checkLiveMessage('results.deleted', {}).ok, false);
  assert.match(checkLiveMessage('results.deleted', {}).problems[0]!, /not documented/);
  const entry = publicEntry(factPayload(registrationFacts[0]!, 'registrationCreated')!.registration!);
  assert.equal(checkLiveMessage('registration.created', wire({ entry })).ok, false, 'occurredAt is required');
  assert.equal(checkLiveMessage('registration.created', wire({ occurredAt: '2025-06-01T10:00:00.000Z', entry: { ...entry, email: 'a@b.c' } })).ok, false, 'no extra fields');
  const standings = liveData.standingsUpdated(liveMeta(new Date()), publicStandings(factPayload(standingsFact, 'standingsUpdated')!));
  assert.equal(checkLiveMessage('standings.updated', wire({ ...standings, userId: 'user-0' })).ok, false, 'closed across allOf');
  assert.equal(checkLiveMessage('standings.updated', wire({ ...standings, entries: [{ ...standings.entries[0], userId: 'u' }] })).ok, false, 'entries closed');
  assert.equal(checkLiveMessage('ready', { event: SLUG, resumed: 'no' }).ok, false);
});

// ---------------------------------------------------------------------------------------------
// (b) JSON twins

function regattaParts(): EventPartsInput {
  const progress = publicRaceProgress(factPayload(raceCompletedFact, 'raceCompleted')!, 'race.completed');
  const race1 = publicRace(factPayload(raceFacts[0]!, 'raceScheduled')!.race!);
  return {
    event: publicEvent(factPayload(eventFact, 'eventCreated')!.event!),
    organization: publicOrganization(factPayload(organizationFact, 'organizationCreated')!.organization!),
    fleets: fleetFacts.map((fact) => publicFleet(factPayload(fact, 'fleetCreated')!.fleet!)),
    // The store merges race progress into the scheduled race.
    races: [{ ...race1, status: progress.status, actualStart: progress.actualStart, finishedAt: progress.finishedAt }, publicRace(factPayload(raceFacts[1]!, 'raceScheduled')!.race!)],
    documents: documentFacts.map((fact) => publicDocument(factPayload(fact, 'documentAdded')!.document!)),
    entries: registrationFacts.map((fact) => publicEntry(factPayload(fact, 'registrationCreated')!.registration!)),
    results: [{ ...publicRaceResults(factPayload(resultsFact, 'resultsUpdated')!), updatedAt: '2025-06-01T11:03:00.000Z' }],
    standings: [{ ...publicStandings(factPayload(standingsFact, 'standingsUpdated')!), updatedAt: '2025-06-01T11:03:01.000Z' }],
    // The notice board's cases are checked in notice-board.openapi.test.ts.
    cases: [],
    boats: [],
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';

test('the regatta JSON twins (overview, entries, results, standings) match their .json response schemas', () => {
  const parts = wire(regattaParts());
  const twins: Array<[string, unknown]> = [
    [`/regattas/${SLUG}.json`, regattaView(parts)],
    [`/regattas/${SLUG}/entries.json`, entriesView(parts)],
    [`/regattas/${SLUG}/results.json`, resultsView(parts)],
    [`/regattas/${SLUG}/standings.json`, standingsView(parts)],
  ];
  for (const [path, view] of twins) assertValid(checkResponse('GET', path, 200, JSON_TYPE, wire({ data: view })), path);

  // The sample covers ties (A8.1 between boats 1 and 2), boats without one, and the organizer's id-less form.
  const standings = standingsView(parts);
  assert.deepEqual(standings.fleets[0]!.entries.map((entry) => entry.tie?.rule ?? null), ['A8.1', 'A8.1', null]);
  const withoutOrganization = wire(regattaView({ ...parts, organization: null }));
  assert.equal(withoutOrganization.organization?.slug, 'north-bay-yc');
  assertValid(checkResponse('GET', `/regattas/${SLUG}.json`, 200, JSON_TYPE, { data: withoutOrganization }), 'regatta organized by the event snapshot');

  // The schemas are closed: a field the views do not have is refused.
  const view = wire(regattaView(parts));
  assert.equal(checkResponse('GET', `/regattas/${SLUG}.json`, 200, JSON_TYPE, { data: { ...view, fleets: [{ ...view.fleets[0], entryFee: '125.00' }] } }).ok, false);
  assert.equal(checkResponse('GET', `/regattas/${SLUG}/standings.json`, 200, JSON_TYPE, { data: { ...standings, fleets: [{ ...standings.fleets[0], entries: [{ ...standings.fleets[0]!.entries[0], tie: { tiedWith: [], rule: 'A8.3' } }] }] } }).ok, false);
});

test('the listing, club and series JSON twins, as the pages assemble them, match their .json response schemas', async () => {
  const events = [publicEvent(factPayload(eventFact, 'eventCreated')!.event!), publicEvent(factPayload(pastEventFact, 'eventCreated')!.event!)];
  const organization = publicOrganization(factPayload(organizationFact, 'organizationCreated')!.organization!);
  // The series as the projection stores it (captured from projectFact's write).
  const { client, queries } = recordingClient();
  await projectFact(client, seriesFact);
  const write = queries.find((query) => query.sql.includes('INSERT INTO series'))!;
  const series = { id: SERIES, organization_id: ORG, data: JSON.parse(write.params[3] as string), standings: JSON.parse(write.params[4] as string), updated_at: new Date('2025-06-01T11:04:00Z') };

  const db = fakeDb((sql) => {
    if (sql.includes('FROM events e LEFT JOIN organizations')) return events.map((data) => ({ data: wire(data) }));
    if (sql.includes('FROM organizations WHERE slug')) return [{ data: wire(organization) }];
    if (sql.includes('FROM series WHERE slug')) return [series];
    if (sql.includes('FROM events WHERE id = ANY')) return events.map((data) => ({ data: wire(data) }));
    return undefined;
  });
  const now = new Date('2025-05-15T00:00:00Z');
  const list = await regattaList(db, 'cup', now);
  const unfiltered = await regattaList(db, null, now);
  const club = await clubView(db, 'north-bay-yc', now);
  const seriesData = await seriesView(db, 'north-bay-series-2025');
  assert.deepEqual([list.upcoming.length, list.past.length], [1, 1]);
  assert.ok(seriesData && seriesData.standings.length === 1);

  assertValid(checkResponse('GET', '/regattas.json', 200, JSON_TYPE, wire({ data: list })), '/regattas.json?q=cup');
  assertValid(checkResponse('GET', '/regattas.json', 200, JSON_TYPE, wire({ data: unfiltered })), '/regattas.json');
  assertValid(checkResponse('GET', '/clubs/north-bay-yc.json', 200, JSON_TYPE, wire({ data: club })), '/clubs/north-bay-yc.json');
  assertValid(checkResponse('GET', '/series/north-bay-series-2025.json', 200, JSON_TYPE, wire({ data: seriesData })), '/series/north-bay-series-2025.json');
});

// ---------------------------------------------------------------------------------------------
// The response checker and the public paths

test('the contract checker finds the .json twins and takes pages, streams and 304s without choking', () => {
  assert.equal(findPathTemplate('/regattas'), '/regattas');
  assert.equal(findPathTemplate('/regattas.json'), '/regattas.json');
  assert.equal(findPathTemplate('/clubs/north-bay-yc'), '/clubs/{orgSlug}');
  assert.equal(findPathTemplate('/clubs/north-bay-yc.json'), '/clubs/{orgSlug}.json');
  assert.equal(findPathTemplate(`/regattas/${SLUG}`), '/regattas/{eventSlug}');
  assert.equal(findPathTemplate(`/regattas/${SLUG}.json`), '/regattas/{eventSlug}.json');
  assert.equal(findPathTemplate(`/regattas/${SLUG}/standings.json`), '/regattas/{eventSlug}/standings.json');
  assert.equal(findPathTemplate(`/regattas/${SLUG}/live`), '/regattas/{eventSlug}/live');
  assert.equal(findPathTemplate('/series/s-2025.json'), '/series/{seriesSlug}.json');
  assert.equal(findPathTemplate(`/api/v1/events/${SLUG}/live`), '/api/v1/events/{slug}/live');
  assert.equal(findPathTemplate('/api/v1/events/x/results/publish'), '/api/v1/events/{slug}/results/publish');

  const html = '<!doctype html><html lang="en"><body>ok</body></html>';
  const problem = { type: 'https://regatta.dev/problems/not-found', title: 'Not Found', status: 404, detail: 'Regatta not found.', code: 'not_found', requestId: 'req-1' };
  const limited = { ...problem, type: 'https://regatta.dev/problems/rate-limit-exceeded', title: 'Too Many Requests', status: 429, code: 'rate_limit_exceeded' };
  const stream = 'retry: 2000\n\nid: 3\nevent: ready\ndata: {"event":"x","resumed":false}\n\n: heartbeat\n\n';
  const checks: Array<[string, string, number, string | null, unknown]> = [
    ['GET', `/regattas/${SLUG}/standings`, 200, 'text/html; charset=utf-8', html],
    ['GET', `/regattas/${SLUG}/standings`, 304, null, ''],
    ['GET', `/regattas/${SLUG}/standings`, 404, 'text/html; charset=utf-8', html],
    ['GET', `/regattas/${SLUG}/standings`, 404, 'application/problem+json; charset=utf-8', problem],
    ['GET', `/regattas/${SLUG}/standings.json`, 404, 'application/problem+json; charset=utf-8', problem],
    ['GET', `/regattas/${SLUG}/standings.json`, 429, 'application/problem+json; charset=utf-8', limited],
    ['GET', '/regattas', 429, 'text/html; charset=utf-8', html],
    ['GET', `/regattas/${SLUG}/live`, 200, 'text/event-stream; charset=utf-8', stream],
    ['GET', `/regattas/${SLUG}/live`, 200, 'text/event-stream; charset=utf-8', undefined],
    ['GET', `/api/v1/events/${SLUG}/live`, 200, 'text/event-stream; charset=utf-8', stream],
    ['GET', `/api/v1/events/${SLUG}/live`, 404, 'application/problem+json; charset=utf-8', problem],
  ];
  for (const [method, path, status, type, body] of checks) assertValid(checkResponse(method, path, status, type, body), `${method} ${path} ${status} ${type}`);
  // A JSON twin never answers HTML, and a page is not JSON.
  assert.equal(checkResponse('GET', `/regattas/${SLUG}/standings.json`, 200, 'text/html; charset=utf-8', html).ok, false);
  assert.equal(checkResponse('GET', `/regattas/${SLUG}/standings`, 200, JSON_TYPE, {}).ok, false);
});
