/** organizations.v1 → the organizations projection (newest snapshot wins, so replays change nothing). */
import type { PoolClient } from '@regatta/db';
import { upsertOrganization } from '../store/projections/organizations.js';

export interface OrganizationSnapshot {
  id: string;
  slug: string;
  name: string;
  createdBy: string | null;
  updatedAt: Date;
}

export async function projectOrganization(client: PoolClient, organization: OrganizationSnapshot): Promise<void> {
  await upsertOrganization(client, organization);
}
