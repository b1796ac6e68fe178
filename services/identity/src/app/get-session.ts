/** The signed-in user and their memberships; a session whose user is gone has expired. */
import { problem } from '@regatta/http';
import { membershipsOf, type MembershipDetail } from '../store/memberships.js';
import { findUserById, type UserRow } from '../store/users.js';
import type { IdentityContext } from './resources.js';

export async function getSession(context: IdentityContext, userId: string): Promise<{ user: UserRow; memberships: MembershipDetail[] }> {
  const user = await findUserById(context.pool, userId);
  if (!user) throw problem('session_expired', 'The session no longer exists; sign in again.');
  return { user, memberships: await membershipsOf(context.pool, user.id) };
}
