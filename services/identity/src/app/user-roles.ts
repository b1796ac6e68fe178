/**
 * Fresh roles of a user for the gateway. With `awaitOrganization`, first waits (<= 3 s) until the
 * creator's membership of a just-created organization has been projected from organizations.v1;
 * `projected` says whether it arrived in time.
 */
import type { MemberRole } from '@regatta/contracts';
import { roleIn, rolesOf } from '../store/memberships.js';
import type { IdentityContext } from './resources.js';

const AWAIT_ORGANIZATION_MS = 3_000;

export async function userRoles(
  context: IdentityContext,
  userId: string,
  awaitOrganization: string | undefined,
): Promise<{ roles: Record<string, MemberRole>; projected: boolean }> {
  const { pool } = context;
  let projected = true;
  if (awaitOrganization) {
    projected = await context.waitFor(async () => (await roleIn(pool, awaitOrganization, userId)) !== undefined, AWAIT_ORGANIZATION_MS);
  }
  return { roles: await rolesOf(pool, userId), projected };
}
