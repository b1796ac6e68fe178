/**
 * The race a sheet is for, as a submission and its dry run both find it: the event (a member's only),
 * the race of that event and its fleet, waiting for lagging projections under the request's one budget.
 */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection, FleetProjection, RaceWithProgress } from '../../shared/domain/records.js';
import { findFleet, findRace } from '../../shared/store/projections/fleets.js';
import { assertMember } from '../../shared/app/access.js';
import { eventBySlug } from '../../shared/app/find-event.js';
import { awaitProjection, type WaitBudget } from '../../shared/app/projection-wait.js';

export async function raceToScore(
  context: ServiceContext,
  identity: Identity,
  request: { slug: string; raceId: string },
  budget: WaitBudget,
): Promise<{ event: EventProjection; race: RaceWithProgress; fleet: FleetProjection }> {
  const { pool } = context;
  const event = await eventBySlug(context, request.slug, budget.remaining());
  if (!event) throw notFound('Event');
  assertMember(identity, event);
  const race = await awaitProjection(context, () => findRace(pool, request.raceId), budget.remaining(), (found) => found.eventId === event.id);
  if (!race || race.eventId !== event.id) throw notFound('Race');
  const fleet = await awaitProjection(context, () => findFleet(pool, race.fleetId), budget.remaining());
  if (!fleet) throw notFound('Race');
  return { event, race, fleet };
}
