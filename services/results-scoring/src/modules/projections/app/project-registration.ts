/**
 * A registration snapshot (created / updated / cancelled) into the projection. Entries count and
 * ratings feed the scores: for a fleet that already has results the copy is written in one unit of
 * work (unit-of-work/fleet-change.ts: the series and fleet locks taken there only, the copy under them
 * before the fleet is read) that re-scores the fleet, every race whose numbers moved getting a revision
 * ("rating of GBR 7 changed", "entries changed (…)"). An entry moved to another fleet re-scores the
 * fleet it left as well, in the same unit (both fleets locked once, in id order): the boat leaves the
 * old fleet's standings (shared/store/projections/registrations.ts fleetBoats) and its standings.updated
 * goes out. A fleet without results scores nothing: the copy is written alone.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { RegistrationProjection } from '../../shared/domain/records.js';
import { registrationChangeReason } from '../domain/rescore-reasons.js';
import { findEventsByIds } from '../../shared/store/projections/events.js';
import { findFleet } from '../../shared/store/projections/fleets.js';
import { projectedFleetOf, upsertRegistration } from '../../shared/store/projections/registrations.js';
import { fleetHasResults } from '../../results/store/results.js';
import { renderLockedFleetViews } from '../../results/app/render-views.js';
import { changeFleets } from '../../results/app/unit-of-work/fleet-change.js';
import { systemActor } from '../../results/app/unit-of-work/revision-builder.js';
import { rescoreKeepingCopy } from './rescore-keeping-copy.js';

export async function projectRegistration(
  context: ServiceContext,
  client: PoolClient,
  registration: RegistrationProjection,
  fact: { occurredAt: Date; requestId?: string | undefined; actorUserId?: string | null; changedFields?: readonly string[] },
): Promise<void> {
  const previousFleetId = await projectedFleetOf(client, registration.id);
  const touched = [...new Set([registration.fleetId, ...(previousFleetId ? [previousFleetId] : [])])];
  const [events, ...fleets] = await Promise.all([findEventsByIds(client, [registration.eventId]), ...touched.map((id) => findFleet(client, id))]);
  const event = events[0];
  const scored: string[] = [];
  for (const [i, fleetId] of touched.entries()) if (fleets[i] && (await fleetHasResults(client, fleetId))) scored.push(fleetId);
  if (!event || scored.length === 0) return upsertRegistration(client, registration, fact.occurredAt);
  const moved = previousFleetId !== null && previousFleetId !== registration.fleetId;
  const reason = registrationChangeReason(registration, registration.status, fact.changedFields ?? [], moved ? (registration.fleetName ?? registration.fleetId) : undefined);
  await rescoreKeepingCopy(
    client,
    async (askRescore) => {
      const scope = { event, fleetIds: scored, requestId: fact.requestId, beforeRead: (locked: PoolClient) => upsertRegistration(locked, registration, fact.occurredAt) };
      await changeFleets(context, client, scope, async (change) => {
        for (const fleetId of scored) await askRescore(change, fleetId, { revisions: 'moved-races', reason, actor: systemActor(fact.actorUserId ?? null) });
      });
    },
    {
      // The projection stands; the standings stay as they were until the next submission (the views
      // show the boat's new details).
      keeps: (error): error is Error => error instanceof Error,
      async then(error) {
        context.logger.warn({ err: error, fleetIds: scored }, 're-scoring after a registration change failed');
        for (const fleetId of [...scored].sort()) await renderLockedFleetViews(client, fleetId);
      },
    },
  );
}
