/**
 * GET /events/{slug}/exports/sailwave: the event as a Sailwave `.blw` file (domain/sailwave/write-blw.ts).
 * Same visibility as GET standings (a draft event only for its organization's members, else 404).
 * Everything is read in one read-only REPEATABLE READ transaction, so the file is one consistent
 * snapshot, and each fleet is scored by the engine exactly as recompute-fleet.ts does, so the ranks,
 * points and nett written are the standings the platform shows. Each boat carries her crew and class
 * (registrations) and, for an event imported from a file, the club and nationality the file gave.
 */
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { withClient } from '@regatta/db';
import { scoreFleet } from '../domain/fleet-scoring.js';
import { writeBlw, type BlwFleet, type BlwWriteOutcome } from '../domain/sailwave/write-blw.js';
import { listFleetRaces, listFleets } from '../store/projections/fleets.js';
import { fleetEntryDetails } from '../store/entry-details.js';
import { fleetBoats } from '../store/projections/registrations.js';
import { fleetEntries } from '../store/results.js';
import { visibleEvent } from './find-event.js';

export interface SailwaveExport extends BlwWriteOutcome {
  readonly fileName: string;
}

export async function exportSailwave(context: ServiceContext, identity: Identity, slug: string): Promise<SailwaveExport> {
  const event = await visibleEvent(context, identity, slug);
  const fleets = await withClient(context.pool, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const out: BlwFleet[] = [];
      for (const fleet of await listFleets(client, event.id)) {
        const [races, entries, boats, details] = await Promise.all([
          listFleetRaces(client, fleet.id),
          fleetEntries(client, fleet.id),
          fleetBoats(client, fleet.id),
          fleetEntryDetails(client, event.id, fleet.id),
        ]);
        const described = boats.map((b) => {
          const d = details.get(b.boatId);
          return d === undefined ? b : { ...b, crewName: d.crew.join(', ') || null, boatClass: d.boatModel, club: d.club, nationality: d.nationality };
        });
        out.push({ setup: fleet, races, boats: described, entries, score: scoreFleet({ fleet, races, entries, boats }) });
      }
      return out;
    } finally {
      await client.query('COMMIT');
    }
  });
  const written = writeBlw({ event: { name: event.name, slug: event.slug, startDate: event.startDate }, fleets });
  return { ...written, fileName: `${event.slug}.blw` };
}
