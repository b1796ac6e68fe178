/** The organizations.v1 facts this service publishes through its outbox (built here, published by use cases). */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { Organization } from '../domain/organization.js';

function snapshot(org: Organization) {
  const optional = <T>(value: T | null): T | undefined => (value === null ? undefined : value);
  return {
    id: org.id,
    slug: org.slug,
    name: org.name,
    description: optional(org.description),
    type: org.type,
    founded: optional(org.founded),
    address: {
      street: optional(org.address.street),
      city: optional(org.address.city),
      state: optional(org.address.state),
      postalCode: optional(org.address.postalCode),
      country: optional(org.address.country),
    },
    contact: { email: optional(org.contact.email), phone: optional(org.contact.phone), website: optional(org.contact.website) },
    socialMedia: { facebook: optional(org.socialMedia.facebook), instagram: optional(org.socialMedia.instagram) },
    createdBy: org.createdBy,
    createdAt: timestampFromDate(org.createdAt),
    updatedAt: timestampFromDate(org.updatedAt),
  };
}

export function organizationCreated(org: Organization, requestId: string | undefined): Fact {
  return newFact('organization.created', 'organizationCreated', { organization: snapshot(org) }, {
    producer: 'organizations',
    organizationId: org.id,
    requestId: requestId ?? null,
    occurredAt: org.createdAt,
  });
}

export function organizationUpdated(org: Organization, changedFields: string[], requestId: string | undefined): Fact {
  return newFact('organization.updated', 'organizationUpdated', { organization: snapshot(org), changedFields }, {
    producer: 'organizations',
    organizationId: org.id,
    requestId: requestId ?? null,
    occurredAt: org.updatedAt,
  });
}
