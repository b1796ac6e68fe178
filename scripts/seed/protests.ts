/**
 * The protest room of the completed demo regatta: a race committee protest is lodged, its hearing
 * scheduled and a DSQ decided, so the public notice board shows the hearing schedule and the
 * decision (and the standings show the DSQ); a second case is heard and then withdrawn (rule 63.1);
 * the protest time limit counts days at the venue (America/New_York). Idempotent: the case is found again by its incident
 * text and taken on from where it stands (lodged, scheduled or decided).
 */
import { call, expect, log } from './http.js';
import { PROTEST_CASE, WITHDRAWN_CASE } from './plan.js';
import type { EventState } from './events.js';

interface Case {
  id: string;
  number: number;
  status: 'lodged' | 'scheduled' | 'decided' | 'withdrawn';
  protestees: string[];
  incident: string | null;
}

const DAY = 86_400_000;

export async function ensureProtestCase(event: EventState): Promise<void> {
  await ensureDecidedCase(event);
  await ensureWithdrawnCase(event);
  // The decision's revision made the fleet's results provisional again; with no case open, the
  // committee makes them official (a no-op when they already are).
  const fleet = event.fleets.find((candidate) => candidate.name === PROTEST_CASE.fleet)!;
  expect(await call('POST', `/api/v1/events/${PROTEST_CASE.event}/fleets/${fleet.id}/results/official`, { reason: 'Protests heard; results official' }), [200], 'make the protested fleet official');
}

/** Lodges the case if no case of the race has its incident text yet, and schedules its hearing. */
async function heardCase(event: EventState, plan: { event: string; fleet: string; raceNumber: number; protesteeIndex: number; incident: string; rules: string[]; room: string }): Promise<{ found: Case; raceId: string }> {
  const base = `/api/v1/events/${plan.event}/protests`;
  const fleet = event.fleets.find((candidate) => candidate.name === plan.fleet);
  const race = fleet && event.races.find((candidate) => candidate.fleetId === fleet.id && candidate.raceNumber === plan.raceNumber);
  if (!fleet || !race) throw new Error(`protest case: ${plan.event} has no race ${plan.raceNumber} of ${plan.fleet}`);

  const cases = expect(await call('GET', `${base}?race=${race.id}`), [200], 'list protests').body.data as Case[];
  let found = cases.find((candidate) => candidate.incident === plan.incident);
  if (!found) {
    const entries = expect(await call('GET', `/api/v1/events/${plan.event}/registrations?limit=100&status=registered`), [200], 'list entries').body.data as {
      fleetId: string;
      boat: { id: string; sailNumber: string | null };
    }[];
    const boats = entries.filter((entry) => entry.fleetId === fleet.id).sort((a, b) => (a.boat.sailNumber ?? '').localeCompare(b.boat.sailNumber ?? '', 'en', { numeric: true }));
    const protestee = boats[plan.protesteeIndex]?.boat.id;
    if (!protestee) throw new Error(`protest case: ${plan.fleet} of ${plan.event} has fewer than ${plan.protesteeIndex + 1} boats`);
    const lodged = expect(
      await call('POST', base, { type: 'race_committee', raceIds: [race.id], protesteeBoats: [protestee], incident: plan.incident, rulesAlleged: plan.rules }),
      [201],
      'lodge a demo protest',
    );
    found = lodged.body.data as Case;
    log(`lodged protest case ${found.number} at ${plan.event}`);
  }
  if (found.status === 'lodged') {
    // The evening of the race's day, as a protest committee sits after racing.
    const startsAt = new Date(Math.floor(Date.parse(event.startDate) / DAY) * DAY + 18 * 3_600_000).toISOString();
    found = expect(await call('POST', `${base}/${found.id}/hearing`, { startsAt, room: plan.room }), [200], 'schedule a demo hearing').body.data as Case;
    log(`scheduled the hearing of protest case ${found.number}`);
  }
  return { found, raceId: race.id };
}

async function ensureWithdrawnCase(event: EventState): Promise<void> {
  const plan = WITHDRAWN_CASE;
  expect(await call('PUT', `/api/v1/events/${plan.event}/results/protest-time-limit`, { minutes: 90, timeZone: plan.timeZone }), [200], 'set the protest time limit');
  const { found } = await heardCase(event, plan);
  if (found.status === 'scheduled') {
    expect(await call('POST', `/api/v1/events/${plan.event}/protests/${found.id}/withdrawal`, { reason: plan.reason }), [200], 'withdraw the demo protest');
    log(`protest case ${found.number} withdrawn`);
  }
}

async function ensureDecidedCase(event: EventState): Promise<void> {
  const plan = PROTEST_CASE;
  const base = `/api/v1/events/${plan.event}/protests`;
  const { found, raceId } = await heardCase(event, plan);
  if (found.status === 'scheduled') {
    expect(
      await call('POST', `${base}/${found.id}/decision`, {
        factsFound: plan.factsFound,
        conclusions: plan.conclusions,
        rulesApplied: plan.rules,
        consequences: found.protestees.map((boat) => ({ boat, race: raceId, action: 'dsq' })),
      }),
      [200],
      'decide the demo protest',
    );
    log(`decided protest case ${found.number}: DSQ`);
  }
}
