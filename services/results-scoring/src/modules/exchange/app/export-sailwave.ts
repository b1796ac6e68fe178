/**
 * GET /events/{slug}/exports/sailwave: the event as a Sailwave `.blw` file (domain/sailwave/write-blw.ts).
 * Same visibility as GET standings (a draft event only for its organization's members, else 404).
 * Everything is read in one read-only REPEATABLE READ transaction, so the file is one consistent
 * snapshot, and each fleet is scored by the engine exactly as recompute-fleet.ts does, so the ranks,
 * points and nett written are the standings the platform shows. Each boat carries her class (the boat's
 * model, public in GET registrations) and, for those who may see them, her crew and, for an event
 * imported from a file, the club and nationality the file gave.
 *
 * The file shows no more than GET registrations shows the same caller (services/events
 * app/list-registrations.ts): sail number, boat, helm (sailor name), class and rating are public; the
 * crew only for members of the event's organization and the entry's own sailor; club and nationality
 * (which no JSON read shows) only for members, whose import they came from. Payment, contacts and
 * special requirements are never written.
 */
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { withClient } from '@regatta/db';
import { scoreFleet } from '../../shared/domain/fleet-scoring.js';
import { writeBlw, type BlwBoat, type BlwFleet, type BlwWriteOutcome } from '../domain/write-blw.js';
import { listFleetRaces, listFleets } from '../../shared/store/projections/fleets.js';
import { fleetEntryDetails, type EntryDetails } from '../../shared/store/entry-details.js';
import { fleetBoats } from '../../shared/store/projections/registrations.js';
import { fleetEntries } from '../../results/store/results.js';
import { isMember } from '../../shared/app/access.js';
import { visibleEvent } from '../../shared/app/find-event.js';

export interface SailwaveExport extends BlwWriteOutcome {
  readonly fileName: string;
}

/**
 * The details of one boat the caller may see: class always; crew for members and the entry's own
 * sailor; club and nationality for members only.
 */
export function visibleDetails(details: EntryDetails, caller: { member: boolean; userId: string | undefined }): Pick<BlwBoat, 'boatClass' | 'crewName' | 'club' | 'nationality'> {
  const ownEntry = caller.userId !== undefined && details.userId !== null && details.userId === caller.userId;
  return {
    boatClass: details.boatModel,
    ...(caller.member || ownEntry ? { crewName: details.crew.join(', ') || null } : {}),
    ...(caller.member ? { club: details.club, nationality: details.nationality } : {}),
  };
}

export async function exportSailwave(context: ServiceContext, identity: Identity, slug: string): Promise<SailwaveExport> {
  const event = await visibleEvent(context, identity, slug);
  const caller = { member: isMember(identity, event.organizationId), userId: identity.userId };
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
          return d === undefined ? b : { ...b, ...visibleDetails(d, caller) };
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
