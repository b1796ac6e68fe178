/**
 * registrations.v1 registration.created/updated/cancelled → the sailor's name, the boat as entered
 * (with its ratings) in the registry, and the registration (history entries before any standings).
 */
import { timestampDate, type Registration } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { cleanRatings, isUuid } from '../domain/boats.js';
import { upsertBoat } from '../store/boats.js';
import { upsertRegistration } from '../store/projections/registrations.js';
import { noteSailor } from '../store/sailors.js';
import { orNull } from './fact-values.js';

export async function projectRegistration(
  context: ServiceContext,
  client: PoolClient,
  fact: { id: string; type: string },
  registration: Registration,
): Promise<void> {
  if (!isUuid(registration.id) || !isUuid(registration.eventId) || !isUuid(registration.fleetId) || !isUuid(registration.userId)) {
    context.logger.warn({ factId: fact.id, type: fact.type }, 'registration fact with invalid ids; skipped');
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
