/** Set-up for the notifications end-to-end tests: a club, a regatta, entrants who are real accounts. */
import assert from 'node:assert/strict';
import { apiClient, createOrganization, newActor, signUp, uniqueSuffix, type Actor, type ApiClient } from '@regatta/testing';
import pg from 'pg';

export const DAY = 86_400_000;

export interface Regatta {
  api: ApiClient;
  organizer: Actor;
  org: { id: string; slug: string };
  event: { id: string; slug: string; name: string };
  fleet: { id: string; name: string };
}

export async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

/** A published regatta (in Europe/Berlin) of a new club with one fleet. */
export async function newRegatta(options: { maxBoats?: number; api?: ApiClient } = {}): Promise<Regatta> {
  const api = options.api ?? apiClient();
  const organizer = await newActor(api);
  const org = await createOrganization(api, organizer);
  const start = Date.now() + 10 * DAY;
  const event = (
    await ok(
      api.post(
        '/api/v1/events',
        { organization: org.slug, name: `Notified Regatta ${uniqueSuffix()}`, venue: 'Kiel', timeZone: 'Europe/Berlin', startDate: new Date(start).toISOString(), endDate: new Date(start + 2 * DAY).toISOString() },
        { key: organizer.key },
      ),
      201,
    )
  ).data;
  const fleet = (await ok(api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'ILCA 7', ...(options.maxBoats ? { maxBoats: options.maxBoats } : {}) }, { key: organizer.key }), 201)).data;
  await ok(api.put(`/api/v1/events/${event.slug}`, { status: 'published' }, { key: organizer.key }));
  return { api, organizer, org: { id: org.id, slug: org.slug }, event, fleet };
}

export interface Entrant {
  userId: string;
  email: string;
  name: string;
  password: string;
  cookie: string;
  registrationId: string;
  boatId: string;
  sailNumber: string;
  status: string;
}

/** `count` new accounts, each entered by the organizer with a boat of their own (a few at a time). */
export async function enterSailors(regatta: Regatta, count: number, parallel = 8): Promise<Entrant[]> {
  const entrants: Entrant[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      const user = await signUp(regatta.api, { email: `entrant-${uniqueSuffix()}-${index}@example.org` });
      const entry = (
        await ok(
          regatta.api.post(
            `/api/v1/events/${regatta.event.slug}/register`,
            { fleet: regatta.fleet.id, boat: { name: `Boat ${index + 1}`, sailNumber: `GER ${1000 + index}` }, sailor: { userId: user.userId } },
            { key: regatta.organizer.key },
          ),
          201,
        )
      ).data;
      entrants.push({ ...user, registrationId: entry.id, boatId: entry.boat.id, sailNumber: `GER ${1000 + index}`, status: entry.status });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, lane));
  return entrants;
}

/** Reads the notifications service's own tables (its schema in the stack's database). */
export async function notificationsDb<T>(fn: (client: pg.Client) => Promise<T>, databaseUrl?: string): Promise<T> {
  const url = databaseUrl ?? process.env['E2E_DATABASE_URL'];
  if (!url) throw new Error('E2E_DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET search_path TO notifications');
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Waits until the service has projected `count` entries of the regatta (facts arrive asynchronously). */
export async function entriesProjected(eventId: string, count: number, timeoutMs = 30_000, databaseUrl?: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = 0;
  while (Date.now() < deadline) {
    seen = await notificationsDb(async (client) => Number((await client.query('SELECT count(*) FROM entries WHERE event_id = $1', [eventId])).rows[0].count), databaseUrl);
    if (seen >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`only ${seen} of ${count} entries projected by notifications`);
}
