/** The signed-in person's membership of an organization (by slug), as the session names it. */
import type { Schemas } from '@regatta/client';
import { useSession } from '../../api/session';

export type Membership = Schemas['IdentityMembership'];

export function membershipOf(memberships: readonly Membership[] | undefined, slug: string | undefined): Membership | undefined {
  if (!slug) return undefined;
  return (memberships ?? []).find((m) => m.slug === slug);
}

/** The session query and, once it answered, the membership of `slug` (undefined when not a member). */
export function useMembership(slug: string | undefined): { session: ReturnType<typeof useSession>; membership: Membership | undefined; isAdmin: boolean } {
  const session = useSession();
  const membership = membershipOf(session.data?.memberships, slug);
  return { session, membership, isAdmin: membership?.role === 'admin' };
}
