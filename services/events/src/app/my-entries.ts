/**
 * The signed-in sailor's own side: her entries in every regatta (status, waitlist position, fleet,
 * boat, waivers still to accept) and her boats with their ratings (GET /me/registrations, /me/boats).
 */
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { pendingWaivers, type Waiver } from '../domain/entry-form.js';
import { boatsOfOwner } from '../store/boats.js';
import { waiversOfEvents } from '../store/entry-form.js';
import { entriesOfUser, type MyEntryRow } from '../store/registrations.js';
import type { BoatRow } from '../store/rows.js';
import { actingUser } from './access.js';

export interface MyEntry {
  entry: MyEntryRow;
  pending: Waiver[];
}

export async function listMyEntries(
  context: ServiceContext,
  identity: Identity,
  page: { limit: number; offset: number },
): Promise<{ entries: MyEntry[]; hasMore: boolean }> {
  const userId = actingUser(identity);
  const rows = await entriesOfUser(context.pool, userId, page.limit, page.offset);
  const shown = rows.slice(0, page.limit);
  const waivers = await waiversOfEvents(context.pool, [...new Set(shown.map((row) => row.event_id))]);
  const entries = shown.map((entry) => ({
    entry,
    pending: entry.status === 'registered' || entry.status === 'waitlisted' ? pendingWaivers(waivers.get(entry.event_id) ?? [], entry.waiver_acceptances) : [],
  }));
  return { entries, hasMore: rows.length > page.limit };
}

export async function listMyBoats(context: ServiceContext, identity: Identity): Promise<BoatRow[]> {
  return boatsOfOwner(context.pool, actingUser(identity));
}
