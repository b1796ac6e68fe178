/**
 * Test helpers: a local receiver, a fact publisher onto the stack's Kafka topics (as the outbox does:
 * key, message-id and fact-type headers), direct calls to the webhooks service with a signed identity
 * assertion, and the OpenAPI schemas of delivered events.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { WEBHOOK_EVENT_TYPES, encodeFact, factHeaders, factKey, factTopic, newFact, type Fact, type FactType } from '@regatta/contracts';
import { signAssertion, type Identity } from '@regatta/http';
import { loadOpenApiDocument } from '@regatta/openapi';
import { ApiClient, type Actor, type ApiResponse, type RequestOptions } from '@regatta/testing';

export const DEV_ASSERTION_SECRET = 'dev-only-identity-assertion-secret-0123456789abcdef';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; event: string; createdAt: string; data: Record<string, unknown> };
  at: number;
  path: string;
}

/** How the receiver answers: a status, optionally late, optionally with a body and its content type. */
export type Behaviour = (request: Received) => { status: number; delayMs?: number; body?: string | Uint8Array; contentType?: string } | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  setBehaviour(behaviour: Behaviour): void;
  close(): Promise<void>;
  waitFor(predicate: (all: Received[]) => boolean, timeoutMs?: number, what?: string): Promise<Received[]>;
}

export async function startReceiver(behaviour: Behaviour = () => ({ status: 204 })): Promise<Receiver> {
  const received: Received[] = [];
  let current = behaviour;
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Received['json'];
      try {
        json = JSON.parse(body) as Received['json'];
      } catch {
        json = { id: '', event: '', createdAt: '', data: {} };
      }
      const entry: Received = { headers: req.headers, body, json, at: Date.now(), path: req.url ?? '/' };
      received.push(entry);
      const answer = current(entry);
      if (answer === 'hang') return;
      const headers = answer.contentType ? { 'content-type': answer.contentType } : {};
      setTimeout(() => res.writeHead(answer.status, headers).end(answer.body), answer.delayMs ?? 0);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    setBehaviour(next) {
      current = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async waitFor(predicate, timeoutMs = 10_000, what = 'deliveries') {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; got ${received.length}: ${received.map((r) => r.json.event).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
  };
}

/** Creates a webhook (for every event type unless told) through the gateway; retries while the creator's admin role is on its way. */
export async function subscribe(
  api: ApiClient,
  actor: Actor,
  organizationId: string,
  url: string,
  events: readonly string[] = WEBHOOK_EVENT_TYPES,
): Promise<{ id: string; secret: string }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await api.post('/api/v1/webhooks', { url, events: [...events], organizationId }, { key: actor.key });
    if (response.status === 201) return { id: response.body.data.id, secret: response.body.data.secret };
    // 403 until identity has consumed organization.created and granted the creator the admin role.
    assert.equal(response.status, 403, response.text);
    if (Date.now() > deadline) assert.fail(`webhook creation still refused after 15 s: ${response.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A port nothing listens on (connection refused). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export class FactPublisher {
  private readonly producer: Producer;
  constructor(private readonly prefix: string, brokers = process.env['KAFKA_BROKERS'] ?? '127.0.0.1:59092') {
    this.producer = new Kafka({ clientId: 'webhooks-test', brokers: brokers.split(','), logLevel: logLevel.NOTHING }).producer({ idempotent: true, maxInFlightRequests: 1 });
  }
  connect() {
    return this.producer.connect();
  }
  disconnect() {
    return this.producer.disconnect();
  }
  async publish(...facts: Fact[]): Promise<void> {
    const byTopic = new Map<string, Array<{ key: string; value: Buffer; headers: Record<string, string> }>>();
    for (const fact of facts) {
      const topic = this.prefix + factTopic(fact.type as FactType);
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), { key: factKey(fact), value: Buffer.from(encodeFact(fact)), headers: factHeaders(fact) }]);
    }
    await this.producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
  }
}

/** A client that talks to the webhooks service directly, as the gateway would for `identity`. */
export function serviceClient(baseUrl: string, identity: Partial<Identity> & { roles: Identity['roles'] }): ApiClient {
  const full: Identity = { scopes: ['read', 'write', 'admin'], via: 'key', userId: randomUUID(), keyId: randomUUID(), ...identity };
  const client = new ApiClient(baseUrl);
  const request = client.request.bind(client) as (method: string, path: string, options: RequestOptions) => Promise<ApiResponse>;
  client.request = ((method: string, path: string, options: RequestOptions = {}) =>
    request(method, path, { ...options, headers: { 'x-identity-assertion': signAssertion(full, DEV_ASSERTION_SECRET), ...options.headers } })) as ApiClient['request'];
  return client;
}

export function webhooksUrlFromEnv(): string {
  const urls = JSON.parse(process.env['E2E_SERVICE_URLS'] ?? '{}') as Record<string, string>;
  const url = urls['webhooks'];
  if (!url) throw new Error('E2E_SERVICE_URLS is not set: run through scripts/with-stack.ts');
  return url;
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();
/** Validates a delivered envelope against the OpenAPI document's `webhooks.<event>` request body. */
export function validateDelivery(event: string, envelope: unknown): string[] {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema({ ...loadOpenApiDocument(), $id: 'https://regatta.dev/openapi.json' });
  }
  let validate = validators.get(event);
  if (!validate) {
    validate = ajv.compile({ $ref: `https://regatta.dev/openapi.json#/webhooks/${event}/post/requestBody/content/application~1json/schema` });
    validators.set(event, validate);
  }
  return validate(envelope) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
}

/** One realistic fact of each public webhook type (WEBHOOK_EVENT_TYPES) for one regatta. */
export function publicFacts(organizationId: string, eventId: string, options: { withOrganization?: boolean } = {}): Fact[] {
  const org = options.withOrganization === false ? {} : { organizationId };
  const meta = { producer: 'test', eventId, ...org };
  const ts = (iso: string) => ({ seconds: BigInt(Math.floor(Date.parse(iso) / 1000)), nanos: 0 });
  const fleetId = randomUUID();
  const raceId = randomUUID();
  const userId = randomUUID();
  const boatId = randomUUID();
  const otherBoatId = randomUUID();
  const protestId = randomUUID();
  const event = {
    id: eventId,
    organization: { id: organizationId, slug: 'test-yc', name: 'Test YC' },
    name: 'Spring Regatta',
    slug: `spring-${eventId.slice(0, 8)}`,
    venue: 'Annapolis',
    startDate: ts('2025-05-01T09:00:00Z'),
    endDate: ts('2025-05-03T17:00:00Z'),
    status: 'published',
    currency: 'USD',
    entryFee: '125.00',
    maxParticipants: 40,
    createdAt: ts('2025-01-01T00:00:00Z'),
    updatedAt: ts('2025-01-01T00:00:00Z'),
  };
  const registration = {
    id: randomUUID(),
    eventId,
    fleetId,
    userId,
    sailorName: 'Ann Sailor',
    boat: { id: boatId, name: 'Blue Moon', sailNumber: 'USA 123', ratings: { phrf_tot: 132 } },
    status: 'registered',
    paymentStatus: 'pending',
    crew: ['Bob'],
    registrationTime: ts('2025-02-01T10:00:00Z'),
    updatedAt: ts('2025-02-01T10:00:00Z'),
    fleetName: 'PHRF A',
  };
  const entry = {
    boatId,
    userId,
    sailorName: 'Ann Sailor',
    boatName: 'Blue Moon',
    sailNumber: 'USA 123',
    position: 1,
    finishTime: ts('2025-05-01T11:02:03Z'),
    elapsedSeconds: 7323,
    correctedSeconds: 7001.5,
    points: 1,
    status: 'finished',
  };
  return [
    newFact('event.created', 'eventCreated', { event }, { ...meta, organizationId }),
    newFact('event.updated', 'eventUpdated', { event: { ...event, status: 'ongoing' }, previousStatus: 'published', changedFields: ['status'] }, { ...meta, organizationId }),
    newFact('race.scheduled', 'raceScheduled', { race: { id: raceId, eventId, fleetId, name: 'Race 1', raceNumber: 1, status: 'scheduled', weight: 1, scheduledStart: ts('2025-05-01T09:00:00Z') } }, meta),
    newFact('registration.created', 'registrationCreated', { registration }, meta),
    newFact('registration.updated', 'registrationUpdated', { registration: { ...registration, paymentStatus: 'paid' }, previousStatus: 'registered', changedFields: ['payment_status'] }, meta),
    newFact('registration.cancelled', 'registrationCancelled', { registration: { ...registration, status: 'cancelled' }, previousStatus: 'registered' }, meta),
    newFact('race.started', 'raceStarted', { raceId, eventId, fleetId, raceNumber: 1, actualStart: ts('2025-05-01T09:00:00Z'), status: 'started' }, meta),
    newFact('results.updated', 'resultsUpdated', { eventId, raceId, fleetId, raceNumber: 1, raceName: 'Race 1', raceStatus: 'finished', actualStart: ts('2025-05-01T09:00:00Z'), published: false, results: [entry] }, meta),
    newFact('race.completed', 'raceCompleted', { raceId, eventId, fleetId, raceNumber: 1, actualStart: ts('2025-05-01T09:00:00Z'), status: 'finished', finishedAt: ts('2025-05-01T11:30:00Z') }, meta),
    newFact('standings.updated', 'standingsUpdated', {
      eventId,
      fleetId,
      fleetName: 'PHRF A',
      scoringSystem: 'low_point',
      drops: 0,
      appliedDrops: 0,
      boatsInFleet: 1,
      entries: [{ position: 1, boatId, userId, boatName: 'Blue Moon', totalPoints: 1, netPoints: 1, racesCompleted: 1, raceResults: [{ raceNumber: 1, points: 1, dropped: false }] }],
    }, meta),
    newFact('results.published', 'resultsPublished', { eventId, publishedAt: ts('2025-05-01T12:00:00Z'), raceIds: [raceId], fleetIds: [fleetId] }, meta),
    // Revisions and publication per fleet.
    newFact('results.revised', 'resultsRevised', {
      eventId, raceId, fleetId, revisionId: randomUUID(), seq: 1, kind: 'submission', via: 'key', userId, revisedAt: ts('2025-05-01T11:35:00Z'),
      changes: [{ boatId, after: { status: 'finished', position: 1, points: 1, finishTime: ts('2025-05-01T11:02:03Z') } }],
    }, meta),
    newFact('results.posted', 'resultsPosted', { eventId, fleetId, postedAt: ts('2025-05-01T11:40:00Z'), races: [{ raceId, raceNumber: 1, protestDeadline: ts('2025-05-01T13:30:00Z') }] }, meta),
    newFact('results.official', 'resultsOfficial', { eventId, fleetId, officialAt: ts('2025-05-01T13:30:01Z'), raceIds: [raceId], reason: 'time_limit' }, meta),
    // The protest room.
    newFact('protest.lodged', 'protestLodged', {
      protestId, eventId, number: 1, type: 'boat', raceIds: [raceId], protestorParty: 'boat', protestorBoatId: boatId, protesteeBoatIds: [otherBoatId],
      rulesAlleged: ['10'], lodgedAt: ts('2025-05-01T12:10:00Z'), deadline: ts('2025-05-01T13:30:00Z'), late: false,
    }, meta),
    newFact('hearing.scheduled', 'hearingScheduled', {
      protestId, eventId, number: 1, type: 'boat', raceIds: [raceId], startsAt: ts('2025-05-01T18:00:00Z'), room: 'Jury room', partyBoatIds: [boatId, otherBoatId],
    }, meta),
    newFact('decision.published', 'decisionPublished', {
      decisionId: randomUUID(), protestId, eventId, number: 1, type: 'boat', raceIds: [raceId], factsFound: 'On port tack, B did not keep clear of A on starboard.',
      conclusions: 'B broke rule 10.', rulesApplied: ['10'], consequences: [{ boatId: otherBoatId, raceId, action: 'dsq' }], revisionIds: [randomUUID()], decidedAt: ts('2025-05-01T18:40:00Z'),
    }, meta),
    newFact('protest.withdrawn', 'protestWithdrawn', { protestId: randomUUID(), eventId, number: 2, type: 'redress', raceIds: [raceId], withdrawnAt: ts('2025-05-01T17:05:00Z') }, meta),
    // A split series' final fleets.
    newFact('fleet.split', 'fleetSplit', {
      eventId, stage: 'final', method: 'by_rank', fleets: [{ fleetId, boatIds: [boatId] }, { fleetId: randomUUID(), boatIds: [otherBoatId] }], assignedAt: ts('2025-05-02T18:00:00Z'),
    }, meta),
    // Complete resources (changes and removals of the events service).
    newFact('event.cancelled', 'eventCancelled', { event: { ...event, status: 'cancelled' }, previousStatus: 'ongoing', reason: 'Storm warning' }, meta),
    newFact('fleet.updated', 'fleetUpdated', {
      fleet: { id: fleetId, eventId, name: 'PHRF A', scoringSystem: 'low_point', dropRaces: 1, handicap: { system: 'phrf_tot', params: { a: 650, b: 550 } }, penaltyBasis: 'series_entries', discardThresholds: [], createdAt: ts('2025-01-02T00:00:00Z') },
      changedFields: ['drop_races'], setupChanged: true, changedBy: userId, changedByName: 'Ann Officer',
    }, meta),
    newFact('fleet.deleted', 'fleetDeleted', { fleetId: randomUUID(), eventId, name: 'Spare fleet' }, meta),
    newFact('race.updated', 'raceUpdated', {
      race: { id: raceId, eventId, fleetId, name: 'Race 1', raceNumber: 1, status: 'postponed', weight: 1, scheduledStart: ts('2025-05-01T13:00:00Z') },
      previousStatus: 'scheduled', changedFields: ['scheduled_start', 'status'],
    }, meta),
    newFact('race.deleted', 'raceDeleted', { raceId: randomUUID(), eventId, fleetId, raceNumber: 2 }, meta),
    newFact('document.amended', 'documentAmended', {
      document: { id: randomUUID(), eventId, kind: 'si', title: 'Sailing Instructions', body: 'SI 11: course area Alpha.', publishedAt: ts('2025-04-01T09:00:00Z') }, version: 2, note: 'Amendment 1',
    }, meta),
    newFact('document.withdrawn', 'documentWithdrawn', { documentId: randomUUID(), eventId, title: 'Old notice', withdrawnAt: ts('2025-04-02T09:00:00Z') }, meta),
    newFact('series.updated', 'seriesUpdated', {
      series: { id: randomUUID(), organizationId, slug: 'club-series-2025', name: 'Club Series', year: 2025, eventIds: [eventId], scoringRule: 'sum_of_net', bestOf: 1, createdAt: ts('2025-01-03T00:00:00Z') },
      changedFields: ['best_of'],
    }, { producer: 'test', organizationId }),
    newFact('series.deleted', 'seriesDeleted', { seriesId: randomUUID(), organizationId, slug: 'old-series-2025' }, { producer: 'test', organizationId }),
    newFact('event.deleted', 'eventDeleted', { eventId, organizationId, slug: event.slug, name: event.name }, meta),
    // A national ranking edition (sailors service): an organization's fact, about no regatta.
    newFact('ranking.published', 'rankingPublished', {
      organizationId, listId: randomUUID(), listName: 'National ranking', edition: 1, publishedAt: ts('2025-06-01T09:00:00Z'), asOf: ts('2025-05-31T23:59:59Z'),
      visibility: 'public', entries: [{ rank: 1, sailorId: userId, sailorName: 'Ann Berg', points: 196, countedResults: 2 }],
    }, { producer: 'test', organizationId }),
  ];
}

export function resultsFact(organizationId: string, eventId: string): Fact {
  return newFact(
    'results.updated',
    'resultsUpdated',
    { eventId, raceId: randomUUID(), fleetId: randomUUID(), raceNumber: 1, raceName: 'Race 1', raceStatus: 'finished', published: false, results: [] },
    { producer: 'test', eventId, organizationId },
  );
}
