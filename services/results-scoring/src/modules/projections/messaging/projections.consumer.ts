/**
 * Consumes events.v1 and registrations.v1 into the projections (events, fleets, races, series,
 * registrations; their changes and deletions too): one exhaustive switch over the payload case decodes
 * each snapshot into its record and calls its use case (app/project-*.ts), which also re-scores,
 * re-renders the read views and queues the series facts the change calls for. The consumer keeps the
 * name "projections" (its Kafka group and inbox namespace: results-scoring.projections).
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact, type Event, type Fact, type Fleet, type Race, type Registration, type Series } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectEvent } from '../app/project-event.js';
import { projectFleet, projectFleetChange, projectFleetDeleted } from '../app/project-fleet.js';
import { projectRace, projectRaceChange } from '../app/project-race.js';
import { projectRegistration } from '../app/project-registration.js';
import { projectEventDeleted, projectRaceDeleted, projectSeriesDeleted } from '../app/project-removals.js';
import { projectSeries } from '../app/project-series.js';

const date = (value: Parameters<typeof timestampDate>[0] | undefined): Date | null => (value ? timestampDate(value) : null);

export function projectionsConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'projections',
    topics: [TOPICS.events, TOPICS.registrations],
    handle: (client, fact) => applyFact(context, client, fact),
  };
}

async function applyFact(context: ServiceContext, client: PoolClient, fact: Fact): Promise<void> {
  const payload = factPayloadOn(fact, [TOPICS.events, TOPICS.registrations]);
  const meta = { occurredAt: date(fact.occurredAt) ?? new Date(), requestId: fact.requestId, actorUserId: fact.actorUserId ?? null };
  switch (payload.case) {
    // event.cancelled carries the same snapshot as an update: applied alike.
    case 'eventCreated':
    case 'eventUpdated':
    case 'eventCancelled':
      return payload.value.event ? projectEvent(context, client, eventRecord(payload.value.event, fact), meta) : undefined;
    case 'fleetCreated': {
      const fleet = payload.value.fleet;
      return fleet ? projectFleet(context, client, fleetRecord(fleet, fact), { createdAt: date(fleet.createdAt), occurredAt: meta.occurredAt }) : undefined;
    }
    case 'fleetUpdated': {
      const { fleet, setupChanged, changedBy, changedByName } = payload.value;
      if (!fleet) return;
      const change = { setupChanged, by: changedBy ?? null, byName: changedByName ?? null, requestId: meta.requestId };
      return projectFleetChange(context, client, fleetRecord(fleet, fact), { createdAt: date(fleet.createdAt), occurredAt: meta.occurredAt, ...change });
    }
    case 'raceScheduled':
      return payload.value.race ? projectRace(context, client, raceRecord(payload.value.race, fact), meta) : undefined;
    case 'raceUpdated': {
      const { race, changedFields } = payload.value;
      return race ? projectRaceChange(context, client, raceRecord(race, fact), { ...meta, changedFields }) : undefined;
    }
    case 'seriesCreated':
    case 'seriesUpdated':
      return payload.value.series ? projectSeries(context, client, seriesRecord(payload.value.series, fact), meta) : undefined;
    case 'registrationCreated':
    case 'registrationCancelled':
    case 'registrationUpdated': {
      const { registration } = payload.value;
      const changedFields = payload.case === 'registrationUpdated' ? payload.value.changedFields : [];
      return registration ? applyRegistration(context, client, registration, fact, { ...meta, changedFields }) : undefined;
    }
    // Deletions of the events service: ids only, the things themselves are gone.
    case 'fleetDeleted':
      return projectFleetDeleted(client, payload.value.fleetId, payload.value.eventId || fact.eventId || '');
    case 'raceDeleted':
      return projectRaceDeleted(context, client, { id: payload.value.raceId, eventId: payload.value.eventId || fact.eventId || '', fleetId: payload.value.fleetId }, meta);
    case 'seriesDeleted':
      return projectSeriesDeleted(client, payload.value.seriesId);
    case 'eventDeleted':
      return projectEventDeleted(client, payload.value.eventId);
    // Documents have no bearing on scores; a fact type newer than this build is skipped.
    case 'documentAdded':
    case 'documentAmended':
    case 'documentWithdrawn':
    case undefined:
      return;
    default:
      return unhandledFact(payload);
  }
}

function eventRecord(event: Event, fact: Fact): Parameters<typeof projectEvent>[2] {
  return {
    id: event.id,
    slug: event.slug,
    name: event.name,
    organizationId: event.organization?.id || fact.organizationId || null,
    organizationSlug: event.organization?.slug || null,
    organizationName: event.organization?.name || null,
    status: event.status || 'draft',
    startDate: date(event.startDate),
    sourceUpdatedAt: date(event.updatedAt),
  };
}

function fleetRecord(fleet: Fleet, fact: Fact): Parameters<typeof projectFleet>[2] {
  return {
    id: fleet.id,
    eventId: fleet.eventId || fact.eventId || '',
    name: fleet.name,
    scoringSystem: fleet.scoringSystem,
    dropRaces: fleet.dropRaces,
    handicapSystem: fleet.handicap?.system || 'one_design',
    handicapParams: { ...(fleet.handicap?.params ?? {}) },
    penaltyBasis: fleet.penaltyBasis,
    discardThresholds: [...fleet.discardThresholds],
    ...fleetOptionsOf(fleet),
  };
}

function raceRecord(race: Race, fact: Fact): Parameters<typeof projectRace>[2] {
  return {
    id: race.id,
    eventId: race.eventId || fact.eventId || '',
    fleetId: race.fleetId,
    name: race.name,
    number: race.raceNumber,
    scheduledStart: date(race.scheduledStart),
    scheduledStatus: race.status || 'scheduled',
    distanceNm: race.courseDistanceNm ?? null,
    weight: race.weight > 0 ? race.weight : 1,
    mustCount: race.mustCount,
    discardFirst: race.discardFirst,
  };
}

function seriesRecord(series: Series, fact: Fact): Parameters<typeof projectSeries>[2] {
  return {
    id: series.id,
    organizationId: series.organizationId || fact.organizationId || null,
    slug: series.slug,
    name: series.name,
    year: series.year || null,
    eventIds: [...series.eventIds],
    scoringRule: series.scoringRule,
    bestOf: series.bestOf ?? null,
    createdAt: date(series.createdAt),
  };
}

async function applyRegistration(
  context: ServiceContext,
  client: PoolClient,
  registration: Registration,
  fact: Fact,
  meta: { occurredAt: Date; requestId: string | undefined; actorUserId: string | null; changedFields: readonly string[] },
): Promise<void> {
  const boat = registration.boat;
  if (!boat?.id) {
    context.logger.warn({ registrationId: registration.id, messageId: fact.id }, 'registration without a boat ignored');
    return;
  }
  const record = {
    id: registration.id,
    eventId: registration.eventId || fact.eventId || '',
    fleetId: registration.fleetId,
    fleetName: registration.fleetName || null,
    userId: registration.userId || null,
    sailorName: registration.sailorName ?? null,
    boatId: boat.id,
    boatName: boat.name || boat.sailNumber || boat.id,
    sailNumber: boat.sailNumber ?? null,
    ratings: { ...boat.ratings },
    ratingChanges: registration.ratingChanges.map((c) => ({ key: c.key, value: c.value, fromRace: c.fromRace })),
    crew: [...registration.crew],
    boatModel: boat.model ?? null,
    status: registration.status || 'registered',
    sourceUpdatedAt: date(registration.updatedAt),
  };
  await projectRegistration(context, client, record, meta);
}

interface FleetOptions {
  finishersPlus?: { dnf: number; dnc: number };
  proportionalDiscards?: { firstAt: number; everyRaces: number };
  redress?: { defaultMethod: 'average_all' | 'average_before'; excludeDnc: boolean };
}

/** The fleet's engine options (finishers + N, proportional discards, redress defaults), when set. */
function fleetOptionsOf(fleet: Fleet): { options?: FleetOptions } {
  const options: FleetOptions = {};
  if (fleet.finishersPlus) options.finishersPlus = { dnf: fleet.finishersPlus.dnf, dnc: fleet.finishersPlus.dnc };
  if (fleet.proportionalDiscards) options.proportionalDiscards = { firstAt: fleet.proportionalDiscards.firstAt, everyRaces: fleet.proportionalDiscards.everyRaces };
  if (fleet.redress) {
    const method = fleet.redress.defaultMethod;
    options.redress = { defaultMethod: method === 'average_before' ? 'average_before' : 'average_all', excludeDnc: fleet.redress.excludeDnc };
  }
  return Object.keys(options).length > 0 ? { options } : {};
}
