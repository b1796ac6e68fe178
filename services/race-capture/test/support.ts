/** A small regatta built through the gateway (as an organizer would) for the race capture tests. */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createOrganization, eventually, newActor, uniqueSuffix, type Actor, type ApiClient } from '@regatta/testing';

const DAY = 86_400_000;

export async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

export interface CaptureRegatta {
  organizer: Actor;
  org: { id: string; slug: string };
  slug: string;
  fleetId: string;
  raceIds: string[];
  entries: Array<{ registrationId: string; boatId: string; sailNumber: string }>;
}

/** A published regatta (days ahead, so entries are open) with one fleet, `races` races and `boats` entries "GBR 1".."GBR n". */
export async function buildRegatta(api: ApiClient, options: { boats?: number; races?: number; organizer?: Actor; timeZone?: string } = {}): Promise<CaptureRegatta> {
  const organizer = options.organizer ?? (await newActor(api));
  const org = await createOrganization(api, organizer);
  const key = organizer.key;
  const base = new Date(Math.floor((Date.now() + 10 * DAY) / DAY) * DAY);
  const created = await ok(api.post('/api/v1/events', { organization: org.slug, name: `Capture Cup ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + DAY).toISOString(), ...(options.timeZone ? { timeZone: options.timeZone } : {}) }, { key }), 201);
  const slug = created.data.slug as string;
  await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
  const boats = options.boats ?? 4;
  const fleetId = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'ILCA 7', maxBoats: boats + 5 }, { key }), 201)).data.id as string;
  const raceIds: string[] = [];
  for (let number = 1; number <= (options.races ?? 2); number += 1) {
    raceIds.push((await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: number }, { key }), 201)).data.id);
  }
  const entries: CaptureRegatta['entries'] = [];
  for (let i = 1; i <= boats; i += 1) {
    const sailNumber = `GBR ${i}`;
    const body = { fleet: fleetId, boat: { name: `Boat ${i}`, sailNumber }, sailor: { name: `Skipper ${i}`, email: `skipper-${i}-${uniqueSuffix()}@example.org` } };
    const registration = await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201);
    entries.push({ registrationId: registration.data.id, boatId: registration.data.boatId, sailNumber });
  }
  // Race capture knows the races and entries (from the events service's facts) a moment later.
  await eventually(async () => {
    const context = await api.get(`/api/v1/events/${slug}/capture/context`, { key });
    return context.status === 200 && context.body.data.races.length === raceIds.length && context.body.data.entries.length === boats ? true : undefined;
  }, 10_000, 'race capture projected the regatta');
  return { organizer, org, slug, fleetId, raceIds, entries };
}

/** Enrols a committee device for the regatta and redeems its code; returns the device token. */
export async function enrolDevice(api: ApiClient, regatta: CaptureRegatta, label = 'Phone 2'): Promise<{ token: string; deviceId: string }> {
  const enrolment = await ok(api.post(`/api/v1/events/${regatta.slug}/capture/enrolments`, { label }, { key: regatta.organizer.key }), 201);
  const code = new URL(enrolment.data.qrPayload, 'http://x').hash.replace('#enrol=', '');
  const redeemed = await ok(api.post('/api/v1/capture/devices', { code }), 201);
  return { token: redeemed.data.token, deviceId: redeemed.data.deviceId };
}

/** A signal or finish record body with a fresh client id. */
export const signal = (raceIds: string[], kind: string, at: Date, extra: Record<string, unknown> = {}) => ({ id: randomUUID(), startId: randomUUID(), raceIds, kind, at: at.toISOString(), ...extra });
export const finish = (raceId: string, sailNumber: string | undefined, at: Date, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  raceId,
  kind: 'finish',
  ...(sailNumber === undefined ? {} : { sailNumber }),
  at: at.toISOString(),
  ...extra,
});
