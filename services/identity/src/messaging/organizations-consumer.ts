/**
 * organizations.v1 -> the slug/id projection, and the creator of a new organization becomes its
 * admin (membership.granted published in the same transaction). Once the grant is visible (after
 * commit) gateways are told to drop the creator's cached roles.
 */
import { TOPICS, factPayload, timestampDate } from '@regatta/contracts';
import type { ConsumerDefinition } from '@regatta/runtime';
import type { IdentityContext } from '../resources.js';
import { resourcesOf } from '../resources.js';
import { roleIn, upsertMembership, upsertOrganization } from '../store/organizations.js';
import { findUserById } from '../store/users.js';
import { membershipGranted } from './facts.js';

export function organizationsConsumer(context: IdentityContext): ConsumerDefinition {
  return {
    name: 'organizations',
    topics: [TOPICS.organizations],
    async handle(client, fact) {
      const created = factPayload(fact, 'organizationCreated');
      const updated = factPayload(fact, 'organizationUpdated');
      const organization = created?.organization ?? updated?.organization;
      if (!organization) return;
      const updatedAt = organization.updatedAt ? timestampDate(organization.updatedAt) : fact.occurredAt ? timestampDate(fact.occurredAt) : new Date();
      await upsertOrganization(client, {
        id: organization.id,
        slug: organization.slug,
        name: organization.name,
        created_by: organization.createdBy || null,
        updatedAt,
      });
      const creator = organization.createdBy;
      if (!created || !creator) return;
      if (!(await findUserById(client, creator))) {
        context.logger.warn({ organizationId: organization.id, creator }, 'organization creator is not a known user; no admin granted');
        return;
      }
      if (await roleIn(client, organization.id, creator)) return;
      const { row } = await upsertMembership(client, { organizationId: organization.id, userId: creator, role: 'admin', grantedBy: null });
      await context.publish(
        client,
        membershipGranted({ organizationId: organization.id, userId: creator, role: 'admin', grantedBy: null, grantedAt: row.granted_at }, fact.requestId),
      );
      // This runs inside the consumer's transaction: announce once the grant is visible to others.
      void context
        .waitFor(async () => (await roleIn(context.pool, organization.id, creator)) === 'admin', 10_000)
        .then((visible) => (visible ? resourcesOf(context).invalidator.publish([`user:${creator}`]) : undefined))
        .catch(() => undefined);
    },
  };
}
