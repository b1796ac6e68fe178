/**
 * Test support for results-scoring's service-level tests: plays the events service's part on Kafka
 * (events.v1 / registrations.v1 facts under the stack's topic prefix), speaks to the service directly
 * with a gateway-style signed identity assertion, and watches results.v1.
 */
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import { resolveSecret } from '@regatta/config';
import { decodeFact, encodeFact, factHeaders, factKey, factTopic, newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import { ASSERTION_HEADER, signAssertion, type Identity } from '@regatta/http';
import { ApiClient, type ApiPath, type ApiResponse, type MethodName, type RequestOptions } from '@regatta/testing';

export function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through scripts/with-stack.ts`);
  return value;
}

export const serviceUrl = () => (JSON.parse(env('E2E_SERVICE_URLS')) as Record<string, string>)['results-scoring']!;
const brokers = () => (process.env['KAFKA_BROKERS'] ?? '127.0.0.1:59092').split(',');
const secret = resolveSecret(process.env['IDENTITY_ASSERTION_SECRET'], 'test', 'assertion');

/** Calls the service as the gateway would, for `identity`; responses are checked against the OpenAPI document. */
export class ServiceClient {
  private readonly api = new ApiClient(serviceUrl());
  constructor(readonly identity: Identity) {}
  request<T = any, M extends MethodName = MethodName, P extends string = string>(method: M, path: ApiPath<P, Lowercase<M>>, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.api.request<T, M, P>(method, path, { ...options, headers: { ...options.headers, [ASSERTION_HEADER]: signAssertion(this.identity, secret) } });
  }
  get<T = any, P extends string = string>(path: ApiPath<P, 'get'>, query?: RequestOptions['query']) {
    return this.request<T, 'GET', P>('GET', path, query ? { query } : {});
  }
  post<T = any, P extends string = string>(path: ApiPath<P, 'post'>, body?: unknown) {
    return this.request<T, 'POST', P>('POST', path, body === undefined ? {} : { body });
  }
}

export const member = (organizationId: string): Identity => ({ userId: randomUUID(), keyId: randomUUID(), scopes: ['read', 'results'], roles: { [organizationId]: 'member' }, via: 'key' });
export const outsider = (): Identity => ({ userId: randomUUID(), keyId: randomUUID(), scopes: ['read', 'results'], roles: {}, via: 'key' });
export const embed = (organizationId: string): Identity => ({ embedTokenId: randomUUID(), embedOrganizationId: organizationId, scopes: ['read'], roles: {}, via: 'embed' });

let producer: Producer | undefined;
async function producerOf(): Promise<Producer> {
  if (!producer) {
    const kafka = new Kafka({ clientId: 'results-scoring-test', brokers: brokers(), logLevel: logLevel.NOTHING });
    producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
  }
  return producer;
}

export async function emit(...facts: Fact[]): Promise<void> {
  const p = await producerOf();
  const prefix = env('E2E_TOPIC_PREFIX');
  for (const fact of facts) {
    await p.send({
      topic: prefix + factTopic(fact.type as never),
      acks: -1,
      messages: [{ key: factKey(fact), value: Buffer.from(encodeFact(fact)), headers: factHeaders(fact) }],
    });
  }
}

export async function closeKafka(): Promise<void> {
  await producer?.disconnect();
  producer = undefined;
}

const meta = (eventId: string, organizationId: string) => ({ producer: 'events', eventId, organizationId });

export interface TestEvent {
  id: string;
  slug: string;
  name: string;
  organizationId: string;
}

export function newEvent(status = 'published', organizationId: string = randomUUID(), startDate = new Date('2025-06-01T00:00:00Z')): TestEvent & { fact: Fact; status: string; startDate: Date } {
  const id = randomUUID();
  const slug = `regatta-${id.slice(0, 8)}`;
  const name = `Regatta ${id.slice(0, 8)}`;
  const fact = newFact(
    'event.created',
    'eventCreated',
    {
      event: {
        id,
        organization: { id: organizationId, slug: `club-${organizationId.slice(0, 6)}`, name: 'Test Club' },
        name,
        slug,
        status,
        currency: 'USD',
        startDate: timestampFromDate(startDate),
        endDate: timestampFromDate(new Date(startDate.getTime() + 2 * 86_400_000)),
        createdAt: timestampFromDate(new Date()),
        updatedAt: timestampFromDate(new Date()),
      },
    },
    meta(id, organizationId),
  );
  return { id, slug, name, organizationId, fact, status, startDate };
}

export function eventUpdated(event: TestEvent, status: string): Fact {
  return newFact(
    'event.updated',
    'eventUpdated',
    {
      event: {
        id: event.id,
        organization: { id: event.organizationId, slug: 'club', name: 'Test Club' },
        name: event.name,
        slug: event.slug,
        status,
        currency: 'USD',
        updatedAt: timestampFromDate(new Date()),
      },
      previousStatus: 'draft',
      changedFields: ['status'],
    },
    meta(event.id, event.organizationId),
  );
}

export interface FleetInit {
  name: string;
  system?: string;
  params?: Record<string, number>;
  dropRaces?: number;
  discardThresholds?: number[];
  penaltyBasis?: string;
  scoringSystem?: string;
}

export function fleetCreated(event: TestEvent, init: FleetInit): { id: string; name: string; fact: Fact } {
  const id = randomUUID();
  const fact = newFact(
    'fleet.created',
    'fleetCreated',
    {
      fleet: {
        id,
        eventId: event.id,
        name: init.name,
        scoringSystem: init.scoringSystem ?? 'low_point',
        dropRaces: init.dropRaces ?? 0,
        handicap: { system: init.system ?? 'one_design', params: init.params ?? {} },
        penaltyBasis: init.penaltyBasis ?? 'series_entries',
        discardThresholds: init.discardThresholds ?? [],
        createdAt: timestampFromDate(new Date()),
      },
    },
    meta(event.id, event.organizationId),
  );
  return { id, name: init.name, fact };
}

export function raceScheduled(event: TestEvent, fleetId: string, number: number, extra: { distanceNm?: number; weight?: number } = {}): { id: string; number: number; fact: Fact } {
  const id = randomUUID();
  const fact = newFact(
    'race.scheduled',
    'raceScheduled',
    {
      race: {
        id,
        eventId: event.id,
        fleetId,
        name: `Race ${number}`,
        raceNumber: number,
        scheduledStart: timestampFromDate(new Date(Date.UTC(2025, 5, 1, 12, 0, 0) + (number - 1) * 86_400_000)),
        status: 'scheduled',
        weight: extra.weight ?? 1,
        mustCount: false,
        discardFirst: false,
        ...(extra.distanceNm !== undefined ? { courseDistanceNm: extra.distanceNm } : {}),
      },
    },
    meta(event.id, event.organizationId),
  );
  return { id, number, fact };
}

export function registrationCreated(
  event: TestEvent,
  fleet: { id: string; name: string },
  boat: { id?: string; name: string; sail: string; ratings?: Record<string, number>; skipper?: string },
  status = 'registered',
): { boatId: string; fact: Fact } {
  const boatId = boat.id ?? randomUUID();
  const fact = newFact(
    'registration.created',
    'registrationCreated',
    {
      registration: {
        id: randomUUID(),
        eventId: event.id,
        fleetId: fleet.id,
        userId: randomUUID(),
        sailorName: boat.skipper ?? `Skipper of ${boat.name}`,
        boat: { id: boatId, name: boat.name, sailNumber: boat.sail, ratings: boat.ratings ?? {} },
        status,
        paymentStatus: 'paid',
        registrationTime: timestampFromDate(new Date()),
        updatedAt: timestampFromDate(new Date()),
        fleetName: fleet.name,
      },
    },
    meta(event.id, event.organizationId),
  );
  return { boatId, fact };
}

export function seriesCreated(organizationId: string, eventIds: string[], scoringRule: string, bestOf?: number): { slug: string; fact: Fact } {
  const id = randomUUID();
  const slug = `series-${id.slice(0, 8)}`;
  const fact = newFact(
    'series.created',
    'seriesCreated',
    {
      series: { id, organizationId, slug, name: `Series ${id.slice(0, 8)}`, year: 2025, eventIds, scoringRule, ...(bestOf !== undefined ? { bestOf } : {}), createdAt: timestampFromDate(new Date()) },
    },
    { producer: 'events', organizationId },
  );
  return { slug, fact };
}

/** Collects results.v1 facts (from now on) for assertions. */
export class FactWatcher {
  readonly facts: Fact[] = [];
  private consumer: Consumer | undefined;

  async start(): Promise<void> {
    const kafka = new Kafka({ clientId: 'results-scoring-test-watch', brokers: brokers(), logLevel: logLevel.NOTHING });
    this.consumer = kafka.consumer({ groupId: `results-scoring-test-${randomUUID()}` });
    await this.consumer.connect();
    await this.consumer.subscribe({ topic: env('E2E_TOPIC_PREFIX') + 'results.v1', fromBeginning: true });
    await this.consumer.run({
      eachMessage: async ({ message }) => {
        if (message.value) this.facts.push(decodeFact(message.value));
      },
    });
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }

  /** Waits until `predicate` holds over the facts seen so far. */
  async waitFor<T>(probe: (facts: Fact[]) => T | undefined, timeoutMs = 10_000, what = 'facts'): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe(this.facts);
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; saw ${this.facts.map((f) => f.type).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
