/**
 * A registration snapshot (created / updated / cancelled) into the projection. Entries count and
 * ratings feed the scores: a fleet that already has results is re-scored in the same transaction.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { RegistrationProjection } from '../domain/records.js';
import { findEventsByIds } from '../store/projections/events.js';
import { findFleet } from '../store/projections/fleets.js';
import { upsertRegistration } from '../store/projections/registrations.js';
import { fleetHasResults } from '../store/results.js';
import { recomputeFleet } from './recompute-fleet.js';
import { renderFleetViews } from './render-views.js';

export async function projectRegistration(
  context: ServiceContext,
  client: PoolClient,
  registration: RegistrationProjection,
  fact: { occurredAt: Date; requestId?: string | undefined },
): Promise<void> {
  await upsertRegistration(client, registration, fact.occurredAt);
  if (!(await fleetHasResults(client, registration.fleetId))) return;
  const [fleet, events] = await Promise.all([findFleet(client, registration.fleetId), findEventsByIds(client, [registration.eventId])]);
  const event = events[0];
  if (!fleet || !event) return;
  await client.query('SAVEPOINT rescore');
  try {
    await recomputeFleet(client, event, fleet, { publish: (c, f) => context.publish(c, f), requestId: fact.requestId, onlyIfChanged: true });
    await client.query('RELEASE SAVEPOINT rescore');
  } catch (error) {
    // The projection stands; the standings stay as they were until the next submission (the views
    // show the boat's new details).
    await client.query('ROLLBACK TO SAVEPOINT rescore');
    context.logger.warn({ err: error, fleetId: fleet.id }, 're-scoring after a registration change failed');
    await renderFleetViews(client, fleet.id);
  }
}
