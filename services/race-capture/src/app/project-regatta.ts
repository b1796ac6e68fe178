/** Applies the regatta facts race capture keeps (events.v1, registrations.v1) to its projections. */
import type { Queryable } from '@regatta/db';
import { sailKey } from '../domain/records.js';
import type { CaptureEntry, CaptureEvent, CaptureFleet, CaptureRace } from '../domain/regatta.js';
import { deleteEvent, deleteFleet, deleteRace, upsertEntry, upsertEvent, upsertFleet, upsertRace, type EntrantDetails } from '../store/projections/regatta.js';

export const recordEvent = (client: Queryable, event: CaptureEvent & { sourceUpdatedAt: Date | null }) => upsertEvent(client, event);
export const forgetEvent = (client: Queryable, eventId: string) => deleteEvent(client, eventId);
export const recordFleet = (client: Queryable, fleet: CaptureFleet & { eventId: string }) => upsertFleet(client, fleet);
export const forgetFleet = (client: Queryable, fleetId: string) => deleteFleet(client, fleetId);
export const recordRace = (client: Queryable, race: CaptureRace & { eventId: string }) => upsertRace(client, race);
export const forgetRace = (client: Queryable, raceId: string) => deleteRace(client, raceId);

export async function recordEntry(client: Queryable, entry: CaptureEntry & { eventId: string; status: string; sourceUpdatedAt: Date | null; entrant: EntrantDetails }): Promise<void> {
  await upsertEntry(client, { ...entry, sailKey: entry.sailNumber ? sailKey(entry.sailNumber) : null });
}
