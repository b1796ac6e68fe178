/** Builds a small regatta through the gateway (as an organizer would) for the public-results tests. */
import assert from 'node:assert/strict';
import { createOrganization, newActor, uniqueSuffix, type Actor, type ApiClient } from '@regatta/testing';

const DAY = 86_400_000;

export async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

export interface TestRegatta {
  organizer: Actor;
  org: { id: string; slug: string; name: string };
  slug: string;
  name: string;
  fleetId: string;
  raceIds: string[];
  boats: Array<{ name: string; id: string; sailNumber: string; status: string }>;
  startOf(race: number): Date;
  submit(race: number, finishes: Array<[boat: number, seconds: number]>): Promise<any>;
}

/** A published regatta with one one-design fleet of `places` places, `boats` registrations (the rest waitlisted) and `races` races. */
export async function buildRegatta(api: ApiClient, options: { places?: number; boats?: number; races?: number; status?: string; organizer?: Actor; org?: { id: string; slug: string; name: string } } = {}): Promise<TestRegatta> {
  const organizer = options.organizer ?? (await newActor(api));
  const org = options.org ?? (await createOrganization(api, organizer));
  const key = organizer.key;
  const base = new Date(Math.floor((Date.now() + 10 * DAY) / DAY) * DAY);
  const startOf = (race: number) => new Date(base.getTime() + (race - 1) * 3 * 3_600_000 + 10 * 3_600_000);
  const name = `Harbour Cup ${uniqueSuffix()}`;
  const created = await ok(api.post('/api/v1/events', { organization: org.slug, name, venue: 'North Bay', startDate: base.toISOString(), endDate: new Date(base.getTime() + 2 * DAY).toISOString() }, { key }), 201);
  const slug = created.data.slug as string;
  if ((options.status ?? 'published') !== 'draft') await ok(api.put(`/api/v1/events/${slug}`, { status: options.status ?? 'published' }, { key }));
  const fleetId = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'Lasers', dropRaces: 1, maxBoats: options.places ?? 3 }, { key }), 201)).data.id as string;
  const raceIds: string[] = [];
  for (let number = 1; number <= (options.races ?? 3); number += 1) {
    raceIds.push((await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: number, scheduledStart: startOf(number).toISOString() }, { key }), 201)).data.id);
  }
  const boats: TestRegatta['boats'] = [];
  for (let i = 1; i <= (options.boats ?? 4); i += 1) {
    const sailNumber = `ITA ${100 + i}`;
    const body = { fleet: fleetId, boat: { name: `Boat ${i}`, sailNumber }, sailor: { name: `Skipper ${i}`, email: `skipper-${i}-${uniqueSuffix()}@example.org` } };
    const registration = await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201);
    boats.push({ name: `Boat ${i}`, id: registration.data.boatId, sailNumber, status: registration.data.status });
  }
  const submit = (race: number, finishes: Array<[number, number]>) =>
    ok(
      api.post(
        `/api/v1/events/${slug}/races/${raceIds[race - 1]}/results`,
        {
          actualStart: startOf(race).toISOString(),
          status: 'finished',
          results: finishes.map(([boat, seconds]) => ({ boat: boats[boat - 1]!.id, finishTime: new Date(startOf(race).getTime() + seconds * 1000).toISOString(), status: 'finished' })),
        },
        { key },
      ),
    );
  return { organizer, org, slug, name, fleetId, raceIds, boats, startOf, submit };
}
