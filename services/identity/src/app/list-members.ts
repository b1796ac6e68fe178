/** The members of an organization and their roles: for its members only. */
import { membersOf, type MemberDetail } from '../store/memberships.js';
import { organizationBySlug, requireMember } from './access.js';
import type { IdentityContext } from './resources.js';

export async function listMembers(context: IdentityContext, slug: string, callerId: string): Promise<MemberDetail[]> {
  const org = await organizationBySlug(context.pool, slug);
  await requireMember(context.pool, org.id, callerId, 'Only members of this organization may list its members.');
  return membersOf(context.pool, org.id);
}
