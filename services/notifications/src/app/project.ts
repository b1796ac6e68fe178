/** Projections fed by facts: regattas, fleets, entries and organizers' memberships. */
import type { PoolClient } from '@regatta/db';
import { addCaseParties, deleteMember, upsertEntry, upsertMember, type ProjectedEntry } from '../store/projections/entries.js';
import { deleteFleet, deleteRegatta, upsertFleet, upsertRegatta, type ProjectedRegatta } from '../store/projections/regattas.js';

export const recordRegatta = (client: PoolClient, regatta: ProjectedRegatta) => upsertRegatta(client, regatta);
export const forgetRegatta = (client: PoolClient, eventId: string) => deleteRegatta(client, eventId);
export const recordFleet = (client: PoolClient, fleet: { id: string; eventId: string; name: string }) => upsertFleet(client, fleet);
export const forgetFleet = (client: PoolClient, fleetId: string) => deleteFleet(client, fleetId);
export const recordEntry = (client: PoolClient, entry: ProjectedEntry) => upsertEntry(client, entry);
export const recordMembership = (client: PoolClient, organizationId: string, userId: string, role: string) => upsertMember(client, organizationId, userId, role);
export const forgetMembership = (client: PoolClient, organizationId: string, userId: string) => deleteMember(client, organizationId, userId);
export const recordCaseParties = (client: PoolClient, protestId: string, eventId: string, boatIds: readonly string[]) => addCaseParties(client, protestId, eventId, boatIds);
