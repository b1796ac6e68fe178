/**
 * Fresh roles of a user for the gateway. With `awaitOrganization`, first waits (<= 3 s) until the
 * creator's membership of a just-created organization has been projected from organizations.v1;
 * `projected` says whether it arrived in time.
 */
import type { MemberRole } from '@regatta/contracts';
import { roleIn, rolesOf } from '../store/memberships.js';
import { PROJECTION_WAITS } from './projection-wait.js';
import type { IdentityContext } from './resources.js';


export async function userRoles(
  context: IdentityContext,
  userId: string,
  awaitOrganization: string | undefined,
): Promise<{ roles: Record<string, MemberRole>; projected: boolean }> {
  const { pool } = context;
  let projected = true;
  if (awaitOrganization) {
    projected = await context.waitFor(async () => (await roleIn(pool, awaitOrganization, userId)) !== undefined, PROJECTION_WAITS.creatorMembership);
  }
  return { roles: await rolesOf(pool, userId), projected };
}
