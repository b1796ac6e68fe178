/** Event, fleet, race, document and result records to the public JSON shapes (camelCase, ISO date-times, explicit nulls). */
import { formatDuration } from '@regatta/contracts';
import type { OrgRef } from '../app/organizations.js';
import type { DocumentRow, EventDetailRows, EventRow, EventWithOrgRow, FleetRow, RaceResultsRow, RaceRow } from '../app/records.js';
import { orgRef } from '../app/organizations.js';
import { registrationWithDetailsJson } from './registrations.views.js';

export const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);
const money = (value: number | null): string | null => (value === null ? null : value.toFixed(2));

/** What an event shows first, in lists and in full. */
function eventHead(row: EventRow) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    venue: row.venue,
    address: row.address,
    startDate: iso(row.start_date),
    endDate: iso(row.end_date),
    timeZone: row.time_zone,
  };
}

/** The fields an event shows in lists. */
function eventSummaryFields(row: EventRow) {
  return Object.assign(eventHead(row), {
    status: row.status,
    entryFee: money(row.entry_fee),
    currency: row.currency,
    maxParticipants: row.max_participants,
    settings: row.settings,
  });
}

export function eventJson(row: EventRow, organization: OrgRef) {
  // Key order as the API has always written it (the head, then the registration window before the
  // status). Assigned onto the head rather than rest and spread of the summary: those showed in the
  // CPU profile of GET /events/{slug} as the costliest step of the view.
  return Object.assign(eventHead(row), {
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
  });
}

export function eventSummaryJson(row: EventWithOrgRow) {
  return { ...eventSummaryFields(row), organization: orgRef(row) };
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
    finishersPlus: row.finishers_plus ?? null,
    proportionalDiscards: row.proportional_discards ?? null,
    redress: row.redress ?? null,
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

/** The version in force and when it was posted: an amendment's time, else the first publication's. */
export function currentVersionOf(row: Pick<DocumentRow, 'version' | 'published_at' | 'updated_at'>): { currentVersion: number; currentVersionAt: string | null } {
  const version = row.version ?? 1;
  return { currentVersion: version, currentVersionAt: iso(version > 1 && row.updated_at ? row.updated_at : row.published_at) };
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
    ...currentVersionOf(row),
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

/** GET /events/{slug}: the event with what `include` asked for (waitlisted entries numbered in order). */
export function eventDetailJson(detail: EventDetailRows, include: ReadonlySet<string>) {
  const { event } = detail;
  const data: Record<string, unknown> = eventJson(event, orgRef(event));
  const fleets = detail.fleets ?? [];
  if (include.has('fleets')) data['fleets'] = fleets.map(fleetJson);
  if (include.has('races')) data['races'] = (detail.races ?? []).map(raceJson);
  if (include.has('registrations')) {
    let position = 0;
    data['registrations'] = (detail.registrations ?? []).map((row) => registrationWithDetailsJson(row, row.status === 'waitlisted' ? ++position : null));
  }
  if (include.has('results')) data['results'] = resultsJson(detail.results ?? [], new Map(fleets.map((fleet) => [fleet.id, fleet.name])));
  if (include.has('documents')) data['documents'] = (detail.documents ?? []).map(documentJson);
  return data;
}
