/**
 * After an import's transaction: wait (bounded) until this service has projected the regatta the
 * events service created from regatta.imported (event, every fleet, race and registration), re-score
 * every fleet on what is stored (recomputeFleet: the numbers GET /standings then shows) and compare the
 * stored standings with Sailwave's. If the wait runs out (events lagging), the draft is scored the
 * same way without the database and the answer says so (`projected: false`); the projections' own
 * re-scoring completes the stored standings when the facts arrive.
 */
import { withTransaction } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { compareFleet, draftParity, platformStanding, type FleetParityReport } from '../domain/draft-parity.js';
import type { ImportDraft } from '../domain/draft.js';
import { projectedCounts } from '../store/imports.js';
import { findEventsByIds } from '../../shared/store/projections/events.js';
import { findFleet } from '../../shared/store/projections/fleets.js';
import { fleetStandings } from '../../results/store/standings.js';
import { awaitProjection } from '../../shared/app/projection-wait.js';
import { recomputeFleet } from '../../results/app/recompute-fleet.js';

/** How long the import waits for the events service and its projections (inside the gateway's 15 s). */
export const IMPORT_WAIT_MS = 10_000;

export type ImportedFleetParity = FleetParityReport;

export async function importParity(context: ServiceContext, draft: ImportDraft, requestId: string | undefined): Promise<{ fleets: ImportedFleetParity[]; projected: boolean; slug: string | null }> {
  const { pool } = context;
  const want = { fleets: draft.fleets.length, races: draft.races.length, registrations: draft.registrations.length };
  const counts = await awaitProjection(
    context,
    () => projectedCounts(pool, draft.event.id),
    IMPORT_WAIT_MS,
    (c) => c.event && c.fleets >= want.fleets && c.races >= want.races && c.registrations >= want.registrations,
  );
  const complete = counts !== undefined && counts.event && counts.fleets >= want.fleets && counts.races >= want.races && counts.registrations >= want.registrations;
  const [event] = await findEventsByIds(pool, [draft.event.id]);
  if (!complete || !event) return { fleets: draftParity(draft), projected: false, slug: event?.slug ?? null };

  const reports: ImportedFleetParity[] = [];
  for (const fleet of draft.fleets) {
    const projection = await findFleet(pool, fleet.id);
    if (!projection) return { fleets: draftParity(draft), projected: false, slug: event.slug };
    // Every fleet, raced or not: a fleet without a sailed race stands all equal (as Sailwave shows it).
    await withTransaction(pool, (client) => recomputeFleet(client, event, projection, { publish: (c, f) => context.publish(c, f), requestId, onlyIfChanged: true }));
    const stored = await fleetStandings(pool, fleet.id);
    const standings = new Map((stored?.entries ?? []).map((s) => [s.boatId, platformStanding(s)] as const));
    reports.push(compareFleet(fleet, draft.registrations.filter((g) => g.fleetId === fleet.id), standings));
  }
  return { fleets: reports, projected: true, slug: event.slug };
}
