/**
 * Fact snapshots (protobuf) to the public model: pure mapping, dropping everything private.
 */
import {
  timestampDate,
  type Document,
  type Event,
  type Fleet,
  type Organization,
  type Race,
  type Registration,
  type ResultsUpdated,
  type StandingsUpdated,
} from '@regatta/contracts';
import type {
  PublicDocument,
  PublicEntry,
  PublicEvent,
  PublicFleet,
  PublicOrganization,
  PublicRace,
  PublicRaceResults,
  PublicStandings,
} from './model.js';

type Timestamp = Parameters<typeof timestampDate>[0];
export const iso = (value: Timestamp | undefined): string | null => (value ? timestampDate(value).toISOString() : null);
const opt = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

export function publicOrganization(org: Organization): PublicOrganization {
  return {
    id: org.id,
    slug: org.slug,
    name: org.name,
    type: org.type,
    description: opt(org.description),
    city: opt(org.address?.city),
    country: opt(org.address?.country),
    website: opt(org.contact?.website),
  };
}

export function publicEvent(event: Event): PublicEvent {
  return {
    id: event.id,
    slug: event.slug,
    name: event.name,
    description: opt(event.description),
    venue: opt(event.venue),
    address: opt(event.address),
    startDate: iso(event.startDate),
    endDate: iso(event.endDate),
    registrationOpen: iso(event.registrationOpen),
    registrationClose: iso(event.registrationClose),
    status: event.status,
    organization: event.organization ? { id: event.organization.id, slug: event.organization.slug, name: event.organization.name } : null,
    maxParticipants: opt(event.maxParticipants),
    noticeOfRace: opt(event.nor),
    sailingInstructions: opt(event.sailingInstructions),
  };
}

export function publicFleet(fleet: Fleet): PublicFleet {
  return {
    id: fleet.id,
    name: fleet.name,
    description: opt(fleet.description),
    scoringSystem: fleet.scoringSystem,
    dropRaces: fleet.dropRaces,
    handicapSystem: fleet.handicap?.system ?? 'one_design',
    discardThresholds: [...fleet.discardThresholds],
    maxBoats: opt(fleet.maxBoats),
  };
}

/** A scheduled race; progress (actual start, finish) comes later from results.v1 and is merged by the store. */
export function publicRace(race: Race): PublicRace {
  return {
    id: race.id,
    fleetId: race.fleetId,
    name: race.name,
    raceNumber: race.raceNumber,
    scheduledStart: iso(race.scheduledStart),
    status: race.status,
    actualStart: null,
    finishedAt: null,
    courseDescription: opt(race.courseDescription),
    courseDistanceNm: opt(race.courseDistanceNm),
  };
}

export function publicDocument(document: Document): PublicDocument {
  return {
    id: document.id,
    kind: document.kind,
    title: document.title,
    url: opt(document.url),
    body: opt(document.body),
    publishedAt: iso(document.publishedAt),
  };
}

/** The events service's order of entries (the waitlist's), or null when the fact did not carry it ("0"). */
export function entryOrderOf(registration: Pick<Registration, 'entryOrder'>): number | null {
  const order = Number(registration.entryOrder || 0);
  return Number.isSafeInteger(order) && order > 0 ? order : null;
}

export function publicEntry(registration: Registration): PublicEntry {
  return {
    id: registration.id,
    fleetId: registration.fleetId,
    fleetName: registration.fleetName,
    sailorName: opt(registration.sailorName),
    boatName: registration.boat?.name ?? '',
    sailNumber: opt(registration.boat?.sailNumber),
    boatModel: opt(registration.boat?.model),
    status: registration.status,
    registeredAt: iso(registration.registrationTime),
  };
}

export function publicRaceResults(results: ResultsUpdated): PublicRaceResults {
  return {
    raceId: results.raceId,
    fleetId: results.fleetId,
    raceNumber: results.raceNumber,
    raceName: results.raceName,
    raceStatus: results.raceStatus,
    actualStart: iso(results.actualStart),
    published: results.published,
    results: results.results.map((entry) => ({
      position: opt(entry.position),
      boatId: entry.boatId,
      boatName: entry.boatName,
      sailNumber: opt(entry.sailNumber),
      sailorName: opt(entry.sailorName),
      finishTime: iso(entry.finishTime),
      elapsedSeconds: opt(entry.elapsedSeconds),
      correctedSeconds: opt(entry.correctedSeconds),
      points: entry.points,
      status: entry.status,
      code: opt(entry.code),
    })),
  };
}

export function publicStandings(standings: StandingsUpdated): PublicStandings {
  return {
    fleetId: standings.fleetId,
    fleetName: standings.fleetName,
    scoringSystem: standings.scoringSystem,
    drops: standings.drops,
    appliedDrops: standings.appliedDrops,
    boatsInFleet: standings.boatsInFleet,
    entries: standings.entries.map((entry) => ({
      position: entry.position,
      boatId: entry.boatId,
      boatName: entry.boatName,
      sailNumber: opt(entry.sailNumber),
      sailorName: opt(entry.sailorName),
      totalPoints: entry.totalPoints,
      netPoints: entry.netPoints,
      racesCompleted: entry.racesCompleted,
      raceResults: entry.raceResults.map((race) => ({ raceNumber: race.raceNumber, points: race.points, dropped: race.dropped, code: opt(race.code) })),
    })),
  };
}
