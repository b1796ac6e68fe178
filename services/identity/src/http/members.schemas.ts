/** The body of a membership grant. */
import { MEMBER_ROLES } from '@regatta/contracts';
import { z } from '@regatta/config';

export const grantBody = z.object({
  email: z.string().trim().toLowerCase().email(),
  role: z.enum(MEMBER_ROLES, { message: `must be one of ${MEMBER_ROLES.join(', ')}` }),
});

/** The body of a role change (PATCH .../members/{userId}). */
export const roleBody = z.object({ role: grantBody.shape.role });
