/**
 * The jury room of the regatta racing today (Severn Summer Series, Thistle fleet, results provisional):
 * a protest lodged on a sailor's behalf waiting for its hearing, and a race committee protest whose
 * hearing is on today's board at 18:00 at the venue (America/New_York), so the demo organizer finds
 * the console's jury room and its clubhouse display populated. Idempotent: each case is found again
 * by its incident text; a hearing left on an earlier day by an earlier run is moved to today.
 */
import { call, expect, log, warn } from './http.js';
import type { EventState } from './events.js';

export const JURY_ROOM = {
  event: 'severn-summer-series',
  fleet: 'Thistle',
  timeZone: 'America/New_York',
  room: 'Race office, first floor',
  lodged: {
    raceNumber: 1,
    /** Protestor and protestee: the n-th Thistle entries in sail number order. */
    protestorIndex: 0,
    protesteeIndex: 1,
    incident: 'Approaching the windward mark of race 1 on port, the protestee tacked inside the zone and the protestor had to luff to avoid contact.',
    rules: ['13', '18.3'],
  },
  heard: {
    raceNumber: 2,
    protesteeIndex: 2,
    incident: 'The race committee saw the protestee touch the leeward mark of race 2 and sail on without taking a penalty.',
    rules: ['31'],
  },
};

interface Case {
  id: string;
  status: 'lodged' | 'scheduled' | 'decided' | 'withdrawn';
  incident: string | null;
  hearing: { startsAt: string } | null;
}

/** The calendar day at the venue, and 18:00 of that day as an instant. */
export function venueEvening(now: Date, timeZone: string): { day: string; startsAt: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', timeZoneName: 'longOffset' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return { day, startsAt: new Date(`${day}T18:00:00${offset}`).toISOString() };
}

const dayAt = (iso: string, timeZone: string) => venueEvening(new Date(iso), timeZone).day;

export async function ensureJuryRoom(event: EventState, now = new Date()): Promise<void> {
  const plan = JURY_ROOM;
  const base = `/api/v1/events/${plan.event}/protests`;
  const fleet = event.fleets.find((candidate) => candidate.name === plan.fleet);
  const raceOf = (number: number) => fleet && event.races.find((race) => race.fleetId === fleet.id && race.raceNumber === number && race.status === 'finished');
  const lodgedRace = raceOf(plan.lodged.raceNumber);
  const heardRace = raceOf(plan.heard.raceNumber);
  if (!fleet || !lodgedRace || !heardRace) {
    warn(`jury room: ${plan.event} has no scored races ${plan.lodged.raceNumber} and ${plan.heard.raceNumber} of ${plan.fleet}; skipped`);
    return;
  }
  const entries = expect(await call('GET', `/api/v1/events/${plan.event}/registrations?limit=100&status=registered`), [200], 'list entries').body.data as { fleetId: string; boat: { id: string; sailNumber: string | null } }[];
  const boats = entries.filter((entry) => entry.fleetId === fleet.id).sort((a, b) => (a.boat.sailNumber ?? '').localeCompare(b.boat.sailNumber ?? '', 'en', { numeric: true })).map((entry) => entry.boat.id);
  const cases = expect(await call('GET', base), [200], 'list protests').body.data as Case[];

  if (!cases.some((candidate) => candidate.incident === plan.lodged.incident)) {
    const body = { type: 'boat', raceIds: [lodgedRace.id], protestorBoat: boats[plan.lodged.protestorIndex], protesteeBoats: [boats[plan.lodged.protesteeIndex]], incident: plan.lodged.incident, rulesAlleged: plan.lodged.rules };
    expect(await call('POST', base, body), [201], 'lodge the jury room demo protest');
    log(`jury room: a protest lodged at ${plan.event}`);
  }

  let heard = cases.find((candidate) => candidate.incident === plan.heard.incident);
  if (!heard) {
    const body = { type: 'race_committee', raceIds: [heardRace.id], protesteeBoats: [boats[plan.heard.protesteeIndex]], incident: plan.heard.incident, rulesAlleged: plan.heard.rules };
    heard = expect(await call('POST', base, body), [201], 'lodge the jury room demo committee protest').body.data as Case;
  }
  const evening = venueEvening(now, plan.timeZone);
  const onToday = heard.hearing !== null && dayAt(heard.hearing.startsAt, plan.timeZone) === evening.day;
  if ((heard.status === 'lodged' || heard.status === 'scheduled') && !onToday) {
    expect(await call('POST', `${base}/${heard.id}/hearing`, { startsAt: evening.startsAt, room: plan.room }), [200], 'schedule the jury room demo hearing');
    log(`jury room: a hearing at ${plan.event} today ${evening.startsAt}`);
  }
}
