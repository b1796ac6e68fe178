/** organizations.v1 → public club pages (the catalog changes with them). */
import type { PoolClient } from '@regatta/db';
import type { PublicOrganization } from '../../domain/model.js';
import { catalogChanged } from './changes.js';

export async function upsertOrganization(client: PoolClient, org: PublicOrganization): Promise<void> {
  await client.query(
    `INSERT INTO organizations (id, slug, name, data, updated_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, data = EXCLUDED.data, updated_at = now()`,
    [org.id, org.slug, org.name, JSON.stringify(org)],
  );
  await catalogChanged(client);
}
