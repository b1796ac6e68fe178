/**
 * A registration snapshot (created / updated / cancelled) into the projection. Entries count and
 * ratings feed the scores: a fleet that already has results is re-scored in the same transaction, and
 * every race whose numbers moved gets a revision ("rating of GBR 7 changed", "entries changed (…)").
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { RegistrationProjection } from '../../shared/domain/records.js';
import { registrationChangeReason } from '../domain/rescore-reasons.js';
import { findEventsByIds } from '../../shared/store/projections/events.js';
import { findFleet } from '../../shared/store/projections/fleets.js';
import { upsertRegistration } from '../../shared/store/projections/registrations.js';
import { fleetHasResults } from '../../results/store/results.js';
import { renderFleetViews } from '../../results/app/render-views.js';
import { rescoreRecorded } from '../../results/app/rescore-setup.js';

export async function projectRegistration(
  context: ServiceContext,
  client: PoolClient,
  registration: RegistrationProjection,
  fact: { occurredAt: Date; requestId?: string | undefined; actorUserId?: string | null; changedFields?: readonly string[] },
): Promise<void> {
  await upsertRegistration(client, registration, fact.occurredAt);
  if (!(await fleetHasResults(client, registration.fleetId))) return;
  const [fleet, events] = await Promise.all([findFleet(client, registration.fleetId), findEventsByIds(client, [registration.eventId])]);
  const event = events[0];
  if (!fleet || !event) return;
  await client.query('SAVEPOINT rescore');
  try {
    const reason = registrationChangeReason(registration, registration.status, fact.changedFields ?? []);
    await rescoreRecorded(context, client, event, fleet, { reason, by: fact.actorUserId ?? null, requestId: fact.requestId, everyRace: false });
    await client.query('RELEASE SAVEPOINT rescore');
  } catch (error) {
    // The projection stands; the standings stay as they were until the next submission (the views
    // show the boat's new details).
    await client.query('ROLLBACK TO SAVEPOINT rescore');
    context.logger.warn({ err: error, fleetId: fleet.id }, 're-scoring after a registration change failed');
    await renderFleetViews(client, fleet.id);
  }
}
