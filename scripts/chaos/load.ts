/**
 * The chaos run's write load through the gateway (registrations and results submissions, every
 * answer kept as a sample), the regattas it writes to, and the webhook receiver that counts every
 * delivered message id.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DAY, PAUSE_MS, sleep } from './settings.js';

export type Outcome = '2xx' | '4xx' | '5xx' | 'err';
export interface Sample {
  start: number;
  end: number;
  outcome: Outcome;
  status: number;
  kind: string;
}
/** Every request of the load (and of the set-up and probes that name a kind). */
export const samples: Sample[] = [];
/** Cleared to stop the writers. */
export const load = { running: true };

function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 400 && status < 500) return '4xx';
  return '5xx';
}

export async function call(gatewayUrl: string, key: string, kind: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const start = Date.now();
  let status = 0;
  let json: any;
  try {
    const response = await fetch(gatewayUrl + path, {
      method,
      headers: { authorization: `Bearer ${key}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    status = response.status;
    const text = await response.text();
    json = text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
  } catch {
    status = 0;
  }
  if (kind) samples.push({ start, end: Date.now(), outcome: status === 0 ? 'err' : outcomeOf(status), status, kind });
  return { status, json };
}

/** Receipt times per message id (webhook-id). */
export const deliveries = new Map<string, number[]>();

export async function startReceiver(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      if (id) deliveries.set(id, [...(deliveries.get(id) ?? []), Date.now()]);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, close: () => server.close() };
}

export interface Regatta {
  slug: string;
  fleetId: string;
  raceIds: string[];
  boats: string[];
  start: Date;
}

async function ok(promise: Promise<{ status: number; json: any }>, expected: number, what: string): Promise<any> {
  const response = await promise;
  if (response.status !== expected) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.json).slice(0, 300)}`);
  return response.json;
}

export async function setUpRegatta(gatewayUrl: string, key: string, orgSlug: string, index: number): Promise<Regatta> {
  const post = (path: string, body: unknown) => call(gatewayUrl, key, '', 'POST', path, body);
  const start = new Date(Math.floor((Date.now() + (10 + index) * DAY) / DAY) * DAY);
  const created = await ok(post('/api/v1/events', { organization: orgSlug, name: `Chaos Cup ${index} ${randomUUID().slice(0, 6)}`, venue: 'Loopback Bay', startDate: start.toISOString(), endDate: new Date(start.getTime() + 2 * DAY).toISOString() }), 201, 'event');
  const slug = created.data.slug as string;
  await ok(call(gatewayUrl, key, '', 'PUT', `/api/v1/events/${slug}`, { status: 'published' }), 200, 'publish');
  const fleetId = (await ok(post(`/api/v1/events/${slug}/fleets`, { name: 'Lasers', maxBoats: 10_000 }), 201, 'fleet')).data.id as string;
  const raceIds: string[] = [];
  for (let number = 1; number <= 4; number += 1) {
    raceIds.push((await ok(post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: number, scheduledStart: new Date(start.getTime() + number * 3_600_000).toISOString() }), 201, 'race')).data.id);
  }
  const boats: string[] = [];
  for (let boat = 1; boat <= 5; boat += 1) {
    const body = { fleet: fleetId, boat: { name: `Setup ${boat}`, sailNumber: `SET ${index}${boat}` }, sailor: { name: `Skipper ${boat}`, email: `chaos-${randomUUID().slice(0, 8)}@example.org` } };
    boats.push((await ok(post(`/api/v1/events/${slug}/register`, body), 201, 'registration')).data.boatId);
  }
  return { slug, fleetId, raceIds, boats, start };
}

export function resultsBody(regatta: Regatta, race: number) {
  const start = new Date(regatta.start.getTime() + (race + 1) * 3_600_000);
  return {
    actualStart: start.toISOString(),
    status: 'finished',
    results: regatta.boats.map((boat) => ({ boat, finishTime: new Date(start.getTime() + (1_800 + Math.floor(Math.random() * 600)) * 1000).toISOString(), status: 'finished' })),
  };
}

let sailNumber = 0;
export async function worker(gatewayUrl: string, key: string, regattas: Regatta[], index: number): Promise<void> {
  for (let n = 0; load.running; n += 1) {
    const regatta = regattas[(index + n) % regattas.length]!;
    if (n % 2 === 0) {
      sailNumber += 1;
      await call(gatewayUrl, key, 'register', 'POST', `/api/v1/events/${regatta.slug}/register`, {
        fleet: regatta.fleetId,
        boat: { name: `Load ${sailNumber}`, sailNumber: `LD ${sailNumber}` },
        sailor: { name: `Sailor ${sailNumber}`, email: `load-${sailNumber}-${randomUUID().slice(0, 6)}@example.org` },
      });
    } else {
      const race = (index + n) % regatta.raceIds.length;
      await call(gatewayUrl, key, 'results', 'POST', `/api/v1/events/${regatta.slug}/races/${regatta.raceIds[race]}/results`, resultsBody(regatta, race));
    }
    await sleep(PAUSE_MS);
  }
}
