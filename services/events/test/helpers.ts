/** Shared set-up for the events service's end-to-end tests (through the gateway). */
import assert from 'node:assert/strict';
import { apiClient, createOrganization, newActor, uniqueSuffix, type Actor, type ApiClient } from '@regatta/testing';

export const DAY = 86_400_000;

export interface Club {
  api: ApiClient;
  organizer: Actor;
  org: { id: string; slug: string; name: string };
}

/** A new user with every scope and a new organization they created (so they are its admin). */
export async function newClub(name?: string): Promise<Club> {
  const api = apiClient();
  const organizer = await newActor(api);
  const org = await createOrganization(api, organizer, name ? { name: `${name} ${uniqueSuffix()}` } : {});
  return { api, organizer, org };
}

export interface EventOptions {
  name?: string;
  startInDays?: number;
  lengthDays?: number;
  maxParticipants?: number | null;
  registrationOpen?: string | null;
  registrationClose?: string | null;
  extra?: Record<string, unknown>;
}

/** Creates a draft event (201) and returns its data. */
export async function createEvent(club: Club, options: EventOptions = {}) {
  const start = Date.now() + (options.startInDays ?? 30) * DAY;
  const response = await club.api.post(
    '/api/v1/events',
    {
      organization: club.org.slug,
      name: options.name ?? `Regatta ${uniqueSuffix()}`,
      venue: 'Annapolis Harbor',
      description: 'Round the buoys racing for keelboats.',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + (options.lengthDays ?? 2) * DAY).toISOString(),
      ...(options.maxParticipants !== undefined ? { maxParticipants: options.maxParticipants } : {}),
      ...(options.registrationOpen !== undefined ? { registrationOpen: options.registrationOpen } : {}),
      ...(options.registrationClose !== undefined ? { registrationClose: options.registrationClose } : {}),
      ...options.extra,
    },
    { key: club.organizer.key },
  );
  assert.equal(response.status, 201, response.text);
  return response.body.data as { id: string; slug: string; name: string; status: string; startDate: string; endDate: string };
}

export async function setStatus(club: Club, slug: string, ...statuses: string[]) {
  for (const status of statuses) {
    const response = await club.api.put(`/api/v1/events/${slug}`, { status }, { key: club.organizer.key });
    assert.equal(response.status, 200, response.text);
  }
}

/** A published event with one fleet; returns both. */
export async function openEvent(club: Club, options: EventOptions & { fleet?: Record<string, unknown> } = {}) {
  const event = await createEvent(club, options);
  const fleet = await club.api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'J/70', ...options.fleet }, { key: club.organizer.key });
  assert.equal(fleet.status, 201, fleet.text);
  await setStatus(club, event.slug, 'published');
  return { event, fleet: fleet.body.data as { id: string; name: string; maxBoats: number | null } };
}

/** The body of a response that has the expected status (200 unless told). */
export async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

/** A published event of the club that started two days ago (results may be posted); returns its slug. */
export async function publishedEvent(club: Club, name: string): Promise<string> {
  const base = new Date(Math.floor((Date.now() - 2 * DAY) / DAY) * DAY);
  const created = await ok(
    club.api.post('/api/v1/events', { organization: club.org.slug, name: `${name} ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 3 * DAY).toISOString() }, { key: club.organizer.key }),
    201,
  );
  await setStatus(club, created.data.slug, 'published');
  return created.data.slug;
}
