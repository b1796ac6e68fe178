/** Rows to the public JSON shapes of the contract (camelCase, ISO date-times, explicit nulls). */
import { formatDuration } from '../domain/events.js';
import type {
  DocumentRow,
  EventRow,
  EventWithOrgRow,
  FleetRow,
  OrganizationRow,
  RaceResultsRow,
  RaceRow,
  RegistrationDetailRow,
} from '../store/rows.js';
import type { SeriesListRow } from '../store/store.js';

const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);
const money = (value: number | null): string | null => (value === null ? null : value.toFixed(2));

export interface OrgRef {
  id: string;
  name: string;
  slug: string;
}

export function orgRef(row: { organization_id: string; org_slug: string | null; org_name: string | null }): OrgRef {
  return { id: row.organization_id, name: row.org_name ?? '', slug: row.org_slug ?? '' };
}

export function orgRefOf(org: OrganizationRow): OrgRef {
  return { id: org.id, name: org.name, slug: org.slug };
}

export function eventJson(row: EventRow, organization: OrgRef) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    venue: row.venue,
    address: row.address,
    startDate: iso(row.start_date),
    endDate: iso(row.end_date),
    registrationOpen: iso(row.registration_open),
    registrationClose: iso(row.registration_close),
    status: row.status,
    entryFee: money(row.entry_fee),
    currency: row.currency,
    maxParticipants: row.max_participants,
    nor: row.nor,
    sailingInstructions: row.sailing_instructions,
    settings: row.settings,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    organization,
  };
}

export function eventSummaryJson(row: EventWithOrgRow) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    venue: row.venue,
    address: row.address,
    startDate: iso(row.start_date),
    endDate: iso(row.end_date),
    status: row.status,
    entryFee: money(row.entry_fee),
    currency: row.currency,
    maxParticipants: row.max_participants,
    settings: row.settings,
    organization: orgRef(row),
  };
}

export function fleetJson(row: FleetRow) {
  return {
    id: row.id,
    eventId: row.event_id,
    classId: row.class_id,
    name: row.name,
    description: row.description,
    maxBoats: row.max_boats,
    scoringSystem: row.scoring_system,
    dropRaces: row.drop_races,
    handicap: { system: row.handicap_system, params: row.handicap_params },
    penaltyBasis: row.penalty_basis,
    discardThresholds: row.discard_thresholds,
    createdAt: iso(row.created_at),
  };
}

export function raceJson(row: RaceRow) {
  return {
    id: row.id,
    eventId: row.event_id,
    fleetId: row.fleet_id,
    name: row.name,
    raceNumber: row.race_number,
    scheduledStart: iso(row.scheduled_start),
    actualStart: iso(row.actual_start),
    status: row.status,
    courseDescription: row.course_description,
    courseDistanceNm: row.course_distance_nm,
    weight: row.weight,
    mustCount: row.must_count,
    discardFirst: row.discard_first,
    windDirection: row.wind_direction,
    windSpeed: row.wind_speed,
    conditions: row.conditions,
    notes: row.notes,
  };
}

export function documentJson(row: DocumentRow) {
  return {
    id: row.id,
    eventId: row.event_id,
    kind: row.kind,
    title: row.title,
    url: row.url,
    body: row.body,
    publishedAt: iso(row.published_at),
  };
}

function boatJson(row: RegistrationDetailRow) {
  return { id: row.boat_id, name: row.boat_name, sailNumber: row.boat_sail_number, model: row.boat_model, ratings: row.boat_ratings };
}

/** The typed Registration of the contract, plus sailor and boat details. */
export function registrationJson(row: RegistrationDetailRow) {
  return {
    id: row.id,
    eventId: row.event_id,
    fleetId: row.fleet_id,
    userId: row.user_id,
    boatId: row.boat_id,
    status: row.status,
    registrationTime: iso(row.registration_time),
    paymentStatus: row.payment_status,
    crew: row.crew,
    emergencyContact: row.emergency_contact,
    specialRequirements: row.special_requirements,
    fleetName: row.fleet_name,
    sailor: { userId: row.user_id, name: row.sailor_name },
    boat: boatJson(row),
    updatedAt: iso(row.updated_at),
  };
}

/** RegistrationWithDetails: the public view of an entry (no contacts, no payment). */
export function registrationWithDetailsJson(row: RegistrationDetailRow, waitlistPosition: number | null) {
  return {
    id: row.id,
    status: row.status,
    fleetId: row.fleet_id,
    fleetName: row.fleet_name,
    registrationTime: iso(row.registration_time),
    waitlistPosition,
    sailor: { userId: row.user_id, name: row.sailor_name },
    boat: boatJson(row),
  };
}

/** ResultWithDetails: one boat's result in one race, with the race and fleet it belongs to. */
export function resultsJson(rows: RaceResultsRow[], fleetNames: Map<string, string>) {
  return rows.flatMap((race) =>
    race.results.map((entry) => ({
      raceId: race.race_id,
      raceNumber: race.race_number,
      raceName: race.race_name,
      fleetId: race.fleet_id,
      fleetName: fleetNames.get(race.fleet_id) ?? null,
      published: race.published,
      position: entry.position,
      boat: { id: entry.boatId, name: entry.boatName, sailNumber: entry.sailNumber },
      sailor: { userId: entry.userId, name: entry.sailorName },
      finishTime: entry.finishTime,
      elapsedTime: formatDuration(entry.elapsedSeconds),
      correctedTime: formatDuration(entry.correctedSeconds),
      points: entry.points,
      status: entry.status,
      code: entry.code,
      notes: entry.notes,
    })),
  );
}

export function seriesSummaryJson(row: SeriesListRow, visibleEventIds: string[], span: { start: Date | null; end: Date | null }) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    year: row.year,
    organization: { id: row.organization_id, name: row.org_name ?? '', slug: row.org_slug ?? '' },
    scoringRule: row.scoring_rule,
    bestOf: row.best_of,
    eventCount: visibleEventIds.length,
    startDate: iso(span.start),
    endDate: iso(span.end),
    createdAt: iso(row.created_at),
  };
}
