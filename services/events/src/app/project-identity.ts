/**
 * identity.v1 → users (sailor names and emails) and whether an organization's creator still belongs
 * to it (the creator-as-admin rule of domain/visibility.ts ends when their membership is revoked).
 */
import type { PoolClient } from '@regatta/db';
import { markCreatorRevoked, upsertUser } from '../store/projections/identity.js';

export async function projectUser(client: PoolClient, user: { id: string; email: string; name: string }): Promise<void> {
  await upsertUser(client, user);
}

export async function projectMembership(client: PoolClient, membership: { organizationId: string; userId: string; revoked: boolean }): Promise<void> {
  await markCreatorRevoked(client, membership.organizationId, membership.userId, membership.revoked);
}
