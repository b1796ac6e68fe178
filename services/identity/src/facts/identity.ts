/** The identity.v1 facts this service publishes through its outbox (built here, published by use cases). */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { MemberRole } from '@regatta/contracts';

const producer = 'identity';

export function userRegistered(user: { id: string; email: string; name: string; createdAt: Date }, requestId?: string): Fact {
  return newFact(
    'user.registered',
    'userRegistered',
    { userId: user.id, email: user.email, name: user.name, registeredAt: timestampFromDate(user.createdAt) },
    { producer, requestId: requestId ?? null },
  );
}

export function membershipGranted(
  membership: { organizationId: string; userId: string; role: MemberRole; grantedBy: string | null; grantedAt: Date },
  requestId?: string,
): Fact {
  return newFact(
    'membership.granted',
    'membershipGranted',
    {
      organizationId: membership.organizationId,
      userId: membership.userId,
      role: membership.role,
      ...(membership.grantedBy ? { grantedBy: membership.grantedBy } : {}),
      grantedAt: timestampFromDate(membership.grantedAt),
    },
    { producer, organizationId: membership.organizationId, requestId: requestId ?? null },
  );
}

export function membershipRevoked(
  membership: { organizationId: string; userId: string; role: MemberRole; revokedBy: string | null },
  requestId?: string,
): Fact {
  return newFact(
    'membership.revoked',
    'membershipRevoked',
    {
      organizationId: membership.organizationId,
      userId: membership.userId,
      role: membership.role,
      ...(membership.revokedBy ? { revokedBy: membership.revokedBy } : {}),
      revokedAt: timestampFromDate(new Date()),
    },
    { producer, organizationId: membership.organizationId, requestId: requestId ?? null },
  );
}
