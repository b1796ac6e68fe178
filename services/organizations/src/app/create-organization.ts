/**
 * A new organization: slug from the name (first free one), the row and its organization.created
 * fact in one transaction. Identity consumes the fact and makes the creator the organization's admin.
 */
import { randomUUID } from 'node:crypto';
import { withTransaction } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { newOrganization, type NewOrganizationInput, type Organization } from '../domain/organization.js';
import { slugify } from '../domain/slug.js';
import { insertOrganization } from '../store/organizations.js';
import { organizationCreated } from '../facts/organizations.js';

export async function createOrganization(
  context: ServiceContext,
  request: { userId: string; requestId: string | undefined },
  input: NewOrganizationInput,
): Promise<Organization> {
  return withTransaction(context.pool, async (client) => {
    const created = await insertOrganization(client, newOrganization(input, randomUUID(), request.userId), slugify(input.name));
    await context.publish(client, organizationCreated(created, request.requestId));
    return created;
  });
}
