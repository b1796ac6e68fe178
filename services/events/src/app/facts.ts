/** Builds the facts the events service publishes through its outbox (full snapshots; see docs/messages.md). */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { DocumentRow, EventRow, FleetRow, RaceRow, RegistrationDetailRow, SeriesRow } from '../store/rows.js';

const PRODUCER = 'events';
const ts = (value: Date | null | undefined) => (value ? timestampFromDate(value) : undefined);
const opt = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

export interface OrgSnapshot {
  id: string;
  slug: string;
  name: string;
}

export function eventMessage(row: EventRow, org: OrgSnapshot) {
  return {
    id: row.id,
    organization: { id: org.id, slug: org.slug, name: org.name },
    name: row.name,
    slug: row.slug,
    description: opt(row.description),
    venue: opt(row.venue),
    address: opt(row.address),
    startDate: ts(row.start_date),
    endDate: ts(row.end_date),
    registrationOpen: ts(row.registration_open),
    registrationClose: ts(row.registration_close),
    status: row.status,
    entryFee: row.entry_fee === null ? undefined : row.entry_fee.toFixed(2),
    currency: row.currency,
    maxParticipants: opt(row.max_participants),
    nor: opt(row.nor),
    sailingInstructions: opt(row.sailing_instructions),
    settingsJson: row.settings === null ? undefined : JSON.stringify(row.settings),
    timeZone: opt(row.time_zone),
    createdAt: ts(row.created_at),
    updatedAt: ts(row.updated_at),
  };
}

export function eventCreatedFact(row: EventRow, org: OrgSnapshot, requestId: string): Fact {
  return newFact('event.created', 'eventCreated', { event: eventMessage(row, org) }, meta(row.id, row.organization_id, requestId, row.updated_at));
}

export function eventUpdatedFact(row: EventRow, org: OrgSnapshot, previousStatus: string, changedFields: string[], requestId: string): Fact {
  return newFact(
    'event.updated',
    'eventUpdated',
    { event: eventMessage(row, org), previousStatus, changedFields },
    meta(row.id, row.organization_id, requestId, row.updated_at),
  );
}

export function fleetMessage(row: FleetRow) {
  return {
    id: row.id,
    eventId: row.event_id,
    name: row.name,
    classId: opt(row.class_id),
    description: opt(row.description),
    maxBoats: opt(row.max_boats),
    scoringSystem: row.scoring_system,
    dropRaces: row.drop_races,
    handicap: { system: row.handicap_system, params: row.handicap_params },
    penaltyBasis: row.penalty_basis,
    discardThresholds: row.discard_thresholds,
    ...(row.finishers_plus ? { finishersPlus: row.finishers_plus } : {}),
    ...(row.proportional_discards ? { proportionalDiscards: row.proportional_discards } : {}),
    ...(row.redress ? { redress: row.redress } : {}),
    createdAt: ts(row.created_at),
  };
}

export function fleetCreatedFact(row: FleetRow, organizationId: string, requestId: string): Fact {
  return newFact('fleet.created', 'fleetCreated', { fleet: fleetMessage(row) }, meta(row.event_id, organizationId, requestId, row.created_at));
}

export function raceMessage(row: RaceRow) {
  return {
    id: row.id,
    eventId: row.event_id,
    fleetId: row.fleet_id,
    name: row.name,
    raceNumber: row.race_number,
    scheduledStart: ts(row.scheduled_start),
    status: row.status,
    courseDescription: opt(row.course_description),
    courseDistanceNm: opt(row.course_distance_nm),
    weight: row.weight,
    mustCount: row.must_count,
    discardFirst: row.discard_first,
    windDirection: opt(row.wind_direction),
    windSpeed: opt(row.wind_speed),
    conditions: opt(row.conditions),
    notes: opt(row.notes),
  };
}

export function raceScheduledFact(row: RaceRow, organizationId: string, requestId: string): Fact {
  return newFact('race.scheduled', 'raceScheduled', { race: raceMessage(row) }, meta(row.event_id, organizationId, requestId, row.created_at));
}

export function documentMessage(row: DocumentRow) {
  return {
    id: row.id,
    eventId: row.event_id,
    kind: row.kind,
    title: row.title,
    url: opt(row.url),
    body: opt(row.body),
    publishedAt: ts(row.published_at),
  };
}

export function documentAddedFact(row: DocumentRow, organizationId: string, requestId: string): Fact {
  return newFact('document.added', 'documentAdded', { document: documentMessage(row) }, meta(row.event_id, organizationId, requestId, row.published_at));
}

export function seriesMessage(row: SeriesRow, eventIds: string[]) {
  return {
    id: row.id,
    organizationId: row.organization_id,
    slug: row.slug,
    name: row.name,
    year: row.year,
    eventIds,
    scoringRule: row.scoring_rule,
    bestOf: opt(row.best_of),
    createdAt: ts(row.created_at),
  };
}

export function seriesCreatedFact(row: SeriesRow, eventIds: string[], requestId: string): Fact {
  return newFact('series.created', 'seriesCreated', { series: seriesMessage(row, eventIds) }, { producer: PRODUCER, organizationId: row.organization_id, requestId, occurredAt: row.created_at });
}

function registrationMessage(row: RegistrationDetailRow) {
  return {
    id: row.id,
    eventId: row.event_id,
    fleetId: row.fleet_id,
    userId: row.user_id,
    sailorName: opt(row.sailor_name),
    boat: {
      id: row.boat_id,
      name: row.boat_name,
      sailNumber: opt(row.boat_sail_number),
      model: opt(row.boat_model),
      ratings: row.boat_ratings,
    },
    status: row.status,
    paymentStatus: row.payment_status,
    crew: row.crew,
    emergencyContact: opt(row.emergency_contact),
    specialRequirements: opt(row.special_requirements),
    registrationTime: ts(row.registration_time),
    updatedAt: ts(row.updated_at),
    fleetName: row.fleet_name,
    // The waitlist's order (a move onto a waitlist takes a new one): consumers list entries by it.
    entryOrder: row.sequence != null ? String(row.sequence) : '0',
    ratingChanges: (row.rating_changes ?? []).map((change) => ({
      system: change.system,
      key: change.key,
      value: change.value,
      fromRace: change.fromRace,
      recordedAt: ts(new Date(change.recordedAt)),
    })),
  };
}

export function registrationCreatedFact(row: RegistrationDetailRow, organizationId: string, requestId: string): Fact {
  return newFact('registration.created', 'registrationCreated', { registration: registrationMessage(row) }, meta(row.event_id, organizationId, requestId, row.updated_at));
}

export function registrationUpdatedFact(
  row: RegistrationDetailRow,
  organizationId: string,
  previousStatus: string,
  changedFields: string[],
  requestId: string,
  actorUserId: string | null = null,
): Fact {
  return newFact(
    'registration.updated',
    'registrationUpdated',
    {
      registration: registrationMessage(row),
      previousStatus,
      promotedFromWaitlist: previousStatus === 'waitlisted' && row.status === 'registered',
      changedFields,
    },
    meta(row.event_id, organizationId, requestId, row.updated_at, actorUserId),
  );
}

export function registrationCancelledFact(row: RegistrationDetailRow, organizationId: string, previousStatus: string, requestId: string, actorUserId: string | null = null): Fact {
  return newFact(
    'registration.cancelled',
    'registrationCancelled',
    { registration: registrationMessage(row), previousStatus },
    meta(row.event_id, organizationId, requestId, row.updated_at, actorUserId),
  );
}

export function meta(eventId: string, organizationId: string, requestId: string, occurredAt: Date, actorUserId: string | null = null) {
  return { producer: PRODUCER, eventId, organizationId, requestId, occurredAt, actorUserId };
}
