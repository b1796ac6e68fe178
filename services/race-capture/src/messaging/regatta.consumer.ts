/**
 * Consumes events.v1 (regattas, fleets, races) and registrations.v1 (entries) into the projections
 * records are checked against, with one exhaustive switch over the facts of both topics.
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact, type Event, type Fact, type Race, type Registration } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { forgetEvent, forgetFleet, forgetRace, recordEntry, recordEvent, recordFleet, recordRace } from '../app/project-regatta.js';

const TOPICS_READ = [TOPICS.events, TOPICS.registrations] as const;

function applyEvent(client: PoolClient, fact: Fact, event: Event | undefined): Promise<void> | undefined {
  const organizationId = event?.organization?.id || fact.organizationId;
  if (!event || !organizationId || !event.startDate) return;
  const startDate = timestampDate(event.startDate);
  return recordEvent(client, {
    id: event.id,
    organizationId,
    slug: event.slug,
    name: event.name,
    timeZone: event.timeZone ?? null,
    startDate,
    endDate: event.endDate ? timestampDate(event.endDate) : startDate,
    status: event.status,
    sourceUpdatedAt: event.updatedAt ? timestampDate(event.updatedAt) : null,
  });
}

function applyRace(client: PoolClient, race: Race | undefined): Promise<void> | undefined {
  if (!race) return;
  return recordRace(client, {
    id: race.id,
    eventId: race.eventId,
    fleetId: race.fleetId,
    name: race.name,
    raceNumber: race.raceNumber,
    scheduledStart: race.scheduledStart ? timestampDate(race.scheduledStart) : null,
    status: race.status,
  });
}

function applyRegistration(client: PoolClient, registration: Registration | undefined): Promise<void> | undefined {
  if (!registration) return;
  return recordEntry(client, {
    registrationId: registration.id,
    boatId: registration.boat?.id || null,
    eventId: registration.eventId,
    fleetId: registration.fleetId,
    sailNumber: registration.boat?.sailNumber ?? null,
    boatName: registration.boat?.name ?? null,
    status: registration.status,
    sourceUpdatedAt: registration.updatedAt ? timestampDate(registration.updatedAt) : null,
    // The entrant signs her boat out and in (the safety tally); the contact is for the organizer only.
    entrant: {
      userId: registration.userId || null,
      sailorName: registration.sailorName ?? null,
      crew: registration.crew,
      emergencyContact: registration.emergencyContact ?? null,
    },
  });
}

async function applyFact(client: PoolClient, fact: Fact): Promise<void> {
  const payload = factPayloadOn(fact, TOPICS_READ);
  switch (payload.case) {
    case 'eventCreated':
    case 'eventUpdated':
    case 'eventCancelled':
      return applyEvent(client, fact, payload.value.event);
    case 'eventDeleted':
      return forgetEvent(client, payload.value.eventId);
    case 'fleetCreated':
    case 'fleetUpdated': {
      const fleet = payload.value.fleet;
      return fleet ? recordFleet(client, { id: fleet.id, eventId: fleet.eventId, name: fleet.name }) : undefined;
    }
    case 'fleetDeleted':
      return forgetFleet(client, payload.value.fleetId);
    case 'raceScheduled':
    case 'raceUpdated':
      return applyRace(client, payload.value.race);
    case 'raceDeleted':
      return forgetRace(client, payload.value.raceId);
    case 'registrationCreated':
    case 'registrationUpdated':
    case 'registrationCancelled':
      return applyRegistration(client, payload.value.registration);
    // Documents and series say nothing about who races when.
    case 'documentAdded':
    case 'documentAmended':
    case 'documentWithdrawn':
    case 'seriesCreated':
    case 'seriesUpdated':
    case 'seriesDeleted':
    case undefined:
      return;
    default:
      return unhandledFact(payload);
  }
}

export function regattaConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'regatta-projection',
    topics: [...TOPICS_READ],
    handle: (client, fact) => applyFact(client, fact),
  };
}
