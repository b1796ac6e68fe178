/**
 * Consumes events.v1 (regattas, fleets, races) and registrations.v1 (entries) into the projections
 * records are checked against. Other fact types on these topics are not needed here and are skipped.
 */
import { TOPICS, factPayload, timestampDate, type Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { forgetEvent, forgetFleet, forgetRace, recordEntry, recordEvent, recordFleet, recordRace } from '../app/project-regatta.js';

async function applyEventsFact(client: PoolClient, fact: Fact): Promise<void> {
  const deleted = factPayload(fact, 'eventDeleted');
  if (deleted) return forgetEvent(client, deleted.eventId);
  const event = factPayload(fact, 'eventCreated')?.event ?? factPayload(fact, 'eventUpdated')?.event ?? factPayload(fact, 'eventCancelled')?.event;
  if (event) {
    const organizationId = event.organization?.id || fact.organizationId;
    if (!organizationId || !event.startDate) return;
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
  const fleet = factPayload(fact, 'fleetCreated')?.fleet ?? factPayload(fact, 'fleetUpdated')?.fleet;
  if (fleet) return recordFleet(client, { id: fleet.id, eventId: fleet.eventId, name: fleet.name });
  const fleetDeleted = factPayload(fact, 'fleetDeleted');
  if (fleetDeleted) return forgetFleet(client, fleetDeleted.fleetId);
  const race = factPayload(fact, 'raceScheduled')?.race ?? factPayload(fact, 'raceUpdated')?.race;
  if (race) {
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
  const raceDeleted = factPayload(fact, 'raceDeleted');
  if (raceDeleted) return forgetRace(client, raceDeleted.raceId);
}

async function applyRegistrationsFact(client: PoolClient, fact: Fact): Promise<void> {
  const registration =
    factPayload(fact, 'registrationCreated')?.registration ?? factPayload(fact, 'registrationUpdated')?.registration ?? factPayload(fact, 'registrationCancelled')?.registration;
  if (!registration) return;
  await recordEntry(client, {
    registrationId: registration.id,
    boatId: registration.boat?.id || null,
    eventId: registration.eventId,
    fleetId: registration.fleetId,
    sailNumber: registration.boat?.sailNumber ?? null,
    boatName: registration.boat?.name ?? null,
    status: registration.status,
    sourceUpdatedAt: registration.updatedAt ? timestampDate(registration.updatedAt) : null,
  });
}

export function regattaConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'regatta-projection',
    topics: [TOPICS.events, TOPICS.registrations],
    async handle(client, fact) {
      await applyEventsFact(client, fact);
      await applyRegistrationsFact(client, fact);
    },
  };
}
