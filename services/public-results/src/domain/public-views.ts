/**
 * The public views of a regatta, built from its read-model parts: what each page shows and what its
 * JSON twin answers. Pure: no I/O, no clock.
 */
import type { EventPartsInput } from './parts.js';
import type { PublicEntry, PublicEvent, PublicFleet, PublicRace, PublicRaceResults, PublicStandingEntry } from './model.js';
import { caseLookups, publicCases, type KnownBoat, type PublicCase } from './notice-board.js';
import { tieNotes, type TieNote } from './tie-breaks.js';
import { fleetPlaces, type FleetPlaces } from './entry-action.js';

export type ResultsStatus = 'provisional' | 'official' | 'none';

export interface FleetStatus {
  status: ResultsStatus;
  /** When results or standings of the fleet last changed. */
  lastChangedAt: string | null;
}

function fleetStatus(parts: EventPartsInput, fleetId: string): FleetStatus {
  const results = parts.results.filter((r) => r.fleetId === fleetId);
  const standings = parts.standings.find((s) => s.fleetId === fleetId);
  const times = [...results.map((r) => r.updatedAt), ...(standings ? [standings.updatedAt] : [])].filter(Boolean).sort();
  const lastChangedAt = times.length > 0 ? new Date(times[times.length - 1]!).toISOString() : null;
  if (results.length === 0) return { status: 'none', lastChangedAt };
  return { status: results.every((r) => r.published) ? 'official' : 'provisional', lastChangedAt };
}

export interface RegattaView {
  event: PublicEvent;
  organization: { slug: string; name: string } | null;
  documents: EventPartsInput['documents'];
  fleets: Array<PublicFleet & FleetStatus & FleetPlaces & { registered: number; waitlisted: number }>;
  schedule: Array<PublicRace & { fleetName: string }>;
  /** The protest room on the notice board: hearings and decisions, by case number. */
  cases: PublicCase[];
}

/** The notice board's cases with their boats and races named (registrations first, then results and standings). */
function noticeBoardCases(parts: EventPartsInput): PublicCase[] {
  if (parts.cases.length === 0) return [];
  const fromResults: KnownBoat[] = [
    ...parts.results.flatMap((race) => race.results.map((r) => ({ id: r.boatId, sailNumber: r.sailNumber, boatName: r.boatName }))),
    ...parts.standings.flatMap((s) => s.entries.map((e) => ({ id: e.boatId, sailNumber: e.sailNumber, boatName: e.boatName }))),
  ];
  return publicCases(parts.cases, caseLookups(parts.races, parts.fleets, [...parts.boats, ...fromResults]));
}

export function regattaView(parts: EventPartsInput): RegattaView {
  const fleetName = new Map(parts.fleets.map((f) => [f.id, f.name] as const));
  const inRegatta = parts.entries.filter((e) => e.status === 'registered').length;
  return {
    event: parts.event,
    organization: parts.organization ? { slug: parts.organization.slug, name: parts.organization.name } : parts.event.organization,
    documents: parts.documents,
    fleets: parts.fleets.map((fleet) => {
      const registered = parts.entries.filter((e) => e.fleetId === fleet.id && e.status === 'registered').length;
      return {
        ...fleet,
        ...fleetStatus(parts, fleet.id),
        registered,
        waitlisted: parts.entries.filter((e) => e.fleetId === fleet.id && e.status === 'waitlisted').length,
        ...fleetPlaces(parts.event, inRegatta, { maxBoats: fleet.maxBoats, registered }),
      };
    }),
    schedule: parts.races.map((race) => ({ ...race, fleetName: fleetName.get(race.fleetId) ?? '' })),
    cases: noticeBoardCases(parts),
  };
}

export interface EntriesView {
  event: PublicEvent;
  fleets: Array<{ id: string; name: string; entries: PublicEntry[]; waitlist: PublicEntry[] }>;
}

export function entriesView(parts: EventPartsInput): EntriesView {
  return {
    event: parts.event,
    fleets: parts.fleets.map((fleet) => ({
      id: fleet.id,
      name: fleet.name,
      entries: parts.entries.filter((e) => e.fleetId === fleet.id && e.status === 'registered'),
      // Waitlist in the order places are offered: first come, first served.
      waitlist: parts.entries.filter((e) => e.fleetId === fleet.id && e.status === 'waitlisted'),
    })),
  };
}

export interface ResultsView {
  event: PublicEvent;
  fleets: Array<{ id: string; name: string; handicapSystem: string } & FleetStatus & { races: PublicRaceResults[] }>;
}

export function resultsView(parts: EventPartsInput): ResultsView {
  return {
    event: parts.event,
    fleets: parts.fleets.map((fleet) => ({
      id: fleet.id,
      name: fleet.name,
      handicapSystem: fleet.handicapSystem,
      ...fleetStatus(parts, fleet.id),
      races: parts.results
        .filter((r) => r.fleetId === fleet.id)
        .sort((a, b) => a.raceNumber - b.raceNumber)
        .map(({ updatedAt: _updatedAt, ...race }) => race),
    })),
  };
}

export interface StandingsView {
  event: PublicEvent;
  fleets: Array<
    { id: string; name: string; scoringSystem: string; drops: number; appliedDrops: number; raceNumbers: number[] } & FleetStatus & {
        entries: Array<PublicStandingEntry & { tie: TieNote | null }>;
      }
  >;
}

export function standingsView(parts: EventPartsInput): StandingsView {
  return {
    event: parts.event,
    fleets: parts.fleets.map((fleet) => {
      const standings = parts.standings.find((s) => s.fleetId === fleet.id);
      const entries = standings?.entries ?? [];
      const notes = tieNotes(entries, (standings?.scoringSystem ?? fleet.scoringSystem) === 'high_point');
      const raceNumbers = [...new Set(entries.flatMap((e) => e.raceResults.map((r) => r.raceNumber)))].sort((a, b) => a - b);
      return {
        id: fleet.id,
        name: fleet.name,
        scoringSystem: standings?.scoringSystem ?? fleet.scoringSystem,
        drops: standings?.drops ?? fleet.dropRaces,
        appliedDrops: standings?.appliedDrops ?? 0,
        raceNumbers,
        ...fleetStatus(parts, fleet.id),
        entries: entries.map((entry) => ({ ...entry, tie: notes.get(entry.boatId) ?? null })),
      };
    }),
  };
}

/** Upcoming (not yet ended) and recent regattas, relative to `now`. */
export function splitByDate<T extends { endDate: string | null; startDate: string | null }>(events: T[], now: Date): { upcoming: T[]; past: T[] } {
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const event of events) {
    const end = event.endDate ?? event.startDate;
    if (end && new Date(end).getTime() < now.getTime()) past.push(event);
    else upcoming.push(event);
  }
  upcoming.sort((a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? ''));
  return { upcoming, past };
}
