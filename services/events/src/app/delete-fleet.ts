/** DELETE /events/{slug}/fleets/{fleetId}: only a fleet with no entries and no races (409 fleet_in_use otherwise). */
import { withTransaction } from '@regatta/db';
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { fleetDeletionRefusal } from '../domain/resource-rules.js';
import { deleteFleet as deleteFleetRow, fleetUsage, lockFleetRow } from '../store/fleets.js';
import type { FleetRow } from '../store/rows.js';
import { isUuid } from '../store/sql.js';
import { writableEvent } from './access.js';
import { fleetDeletedFact } from './resource-facts.js';

export async function deleteFleet(context: ServiceContext, identity: Identity, slug: string, fleetId: string, requestId: string): Promise<FleetRow> {
  const event = await writableEvent(context.pool, slug, identity);
  return withTransaction(context.pool, async (client) => {
    const fleet = isUuid(fleetId) ? await lockFleetRow(client, fleetId) : undefined;
    if (!fleet || fleet.event_id !== event.id) throw notFound(`Fleet ${fleetId}`);
    const refusal = fleetDeletionRefusal(await fleetUsage(client, fleet.id));
    if (refusal) throw problem(refusal.code, refusal.detail);
    await deleteFleetRow(client, fleet.id);
    await context.publish(client, fleetDeletedFact(fleet, event.organization_id, requestId));
    return fleet;
  });
}
