/**
 * The sailors service learns everything from Kafka facts; it never calls another service.
 * - identity.v1 user.registered -> sailor profile (name from the account)
 * - registrations.v1 registration.* -> registrations, boat registry (with ratings), sailor names
 * - events.v1 event.created/updated -> regatta names, slugs and dates for history entries
 * - results.v1 results.updated -> per-race results (races sailed); standings.updated -> final
 *   positions, net points and fleet sizes
 * One consumer (and Kafka group) per topic so a busy topic does not delay the others.
 */
import { factPayload, timestampDate, type Fact, type Registration } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import type { ConsumerDefinition } from '@regatta/runtime';
import { cleanRatings, isUuid } from '../domain/boats.js';
import {
  noteBoats,
  noteSailor,
  noteSailors,
  replaceRaceResults,
  replaceStandings,
  upsertBoat,
  upsertRegatta,
  upsertRegistration,
  upsertUser,
} from '../store/projections.js';

const orNull = (value: string | undefined | null): string | null => (value === undefined || value === null || value.trim() === '' ? null : value);

export async function applyUserFact(client: PoolClient, fact: Fact, logger: Logger): Promise<void> {
  const user = factPayload(fact, 'userRegistered');
  if (!user) return;
  if (!isUuid(user.userId)) {
    logger.warn({ factId: fact.id }, 'user.registered without a valid user id; skipped');
    return;
  }
  await upsertUser(client, {
    id: user.userId,
    name: orNull(user.name),
    email: orNull(user.email),
    registeredAt: user.registeredAt ? timestampDate(user.registeredAt) : null,
  });
}

export async function applyRegistrationFact(client: PoolClient, fact: Fact, logger: Logger): Promise<void> {
  const registration: Registration | undefined =
    factPayload(fact, 'registrationCreated')?.registration ??
    factPayload(fact, 'registrationUpdated')?.registration ??
    factPayload(fact, 'registrationCancelled')?.registration;
  if (!registration) return;
  if (!isUuid(registration.id) || !isUuid(registration.eventId) || !isUuid(registration.fleetId) || !isUuid(registration.userId)) {
    logger.warn({ factId: fact.id, type: fact.type }, 'registration fact with invalid ids; skipped');
    return;
  }
  const updatedAt = registration.updatedAt ? timestampDate(registration.updatedAt) : registration.registrationTime ? timestampDate(registration.registrationTime) : null;
  await noteSailor(client, registration.userId, orNull(registration.sailorName));
  const boat = registration.boat && isUuid(registration.boat.id) ? registration.boat : undefined;
  if (boat) {
    await upsertBoat(client, {
      id: boat.id,
      name: boat.name || orNull(boat.sailNumber) || 'Unnamed boat',
      sailNumber: orNull(boat.sailNumber),
      model: orNull(boat.model),
      ratings: cleanRatings(boat.ratings),
      ownerId: registration.userId,
      sourceUpdatedAt: updatedAt,
    });
  }
  await upsertRegistration(client, {
    id: registration.id,
    eventId: registration.eventId,
    fleetId: registration.fleetId,
    fleetName: orNull(registration.fleetName),
    userId: registration.userId,
    boatId: boat?.id ?? null,
    status: registration.status,
    registrationTime: registration.registrationTime ? timestampDate(registration.registrationTime) : null,
    sourceUpdatedAt: updatedAt,
  });
}

export async function applyEventFact(client: PoolClient, fact: Fact): Promise<void> {
  const event = factPayload(fact, 'eventCreated')?.event ?? factPayload(fact, 'eventUpdated')?.event;
  if (!event || !isUuid(event.id)) return;
  await upsertRegatta(client, {
    id: event.id,
    slug: event.slug,
    name: event.name,
    startDate: event.startDate ? timestampDate(event.startDate) : null,
    endDate: event.endDate ? timestampDate(event.endDate) : null,
    status: event.status,
    sourceUpdatedAt: event.updatedAt ? timestampDate(event.updatedAt) : null,
  });
}

/** Sailors and boats named in a results or standings fact, a statement each (not two per entry). */
async function noteEntries(
  client: PoolClient,
  entries: ReadonlyArray<{ boatId: string; userId?: string; sailorName?: string; boatName?: string; sailNumber?: string }>,
): Promise<void> {
  const userOf = (entry: (typeof entries)[number]) => (isUuid(entry.userId) ? (entry.userId as string) : null);
  await noteSailors(
    client,
    entries.flatMap((entry) => (userOf(entry) ? [{ id: userOf(entry)!, name: orNull(entry.sailorName) }] : [])),
  );
  await noteBoats(
    client,
    entries.map((entry) => ({ id: entry.boatId, name: entry.boatName || orNull(entry.sailNumber) || 'Unnamed boat', sailNumber: orNull(entry.sailNumber), ownerId: userOf(entry) })),
  );
}

export async function applyResultsFact(client: PoolClient, fact: Fact, logger: Logger): Promise<void> {
  const results = factPayload(fact, 'resultsUpdated');
  if (results) {
    if (!isUuid(results.raceId) || !isUuid(results.eventId) || !isUuid(results.fleetId)) {
      logger.warn({ factId: fact.id }, 'results.updated with invalid ids; skipped');
      return;
    }
    const entries = results.results.filter((entry) => isUuid(entry.boatId));
    await noteEntries(client, entries);
    await replaceRaceResults(
      client,
      { raceId: results.raceId, eventId: results.eventId, fleetId: results.fleetId, raceNumber: results.raceNumber, raceStatus: results.raceStatus },
      entries.map((entry) => ({
        boatId: entry.boatId,
        userId: isUuid(entry.userId) ? entry.userId : null,
        position: entry.position ?? null,
        points: entry.points,
        status: entry.status,
      })),
    );
    return;
  }
  const standings = factPayload(fact, 'standingsUpdated');
  if (standings) {
    if (!isUuid(standings.eventId) || !isUuid(standings.fleetId)) {
      logger.warn({ factId: fact.id }, 'standings.updated with invalid ids; skipped');
      return;
    }
    const entries = standings.entries.filter((entry) => isUuid(entry.boatId));
    await noteEntries(client, entries);
    await replaceStandings(
      client,
      { eventId: standings.eventId, fleetId: standings.fleetId, fleetName: orNull(standings.fleetName), boatsInFleet: standings.boatsInFleet },
      entries.map((entry) => ({
        boatId: entry.boatId,
        userId: isUuid(entry.userId) ? entry.userId : null,
        sailorName: orNull(entry.sailorName),
        boatName: entry.boatName || orNull(entry.sailNumber) || 'Unnamed boat',
        sailNumber: orNull(entry.sailNumber),
        position: entry.position,
        totalPoints: entry.totalPoints,
        netPoints: entry.netPoints,
        racesCompleted: entry.racesCompleted,
      })),
    );
  }
}

export function consumers(logger: Logger): ConsumerDefinition[] {
  return [
    { name: 'users', topics: ['identity.v1'], handle: (client, fact) => applyUserFact(client, fact, logger) },
    { name: 'registrations', topics: ['registrations.v1'], handle: (client, fact) => applyRegistrationFact(client, fact, logger) },
    { name: 'regattas', topics: ['events.v1'], handle: (client, fact) => applyEventFact(client, fact) },
    { name: 'results', topics: ['results.v1'], handle: (client, fact) => applyResultsFact(client, fact, logger) },
  ];
}
