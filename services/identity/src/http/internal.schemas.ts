/** Bodies of the gateway-only routes. */
import { z } from '@regatta/config';

const hash = z.string().regex(/^[0-9a-f]{64}$/);

export const resolveBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('key'), hash }),
  z.object({ type: z.literal('embed'), hash }),
  z.object({ type: z.literal('session'), id: z.string().uuid() }),
]);

const uses = z.array(z.object({ id: z.string().uuid(), at: z.coerce.date() })).max(10_000).default([]);
export const lastUsedBody = z.object({ keys: uses, embedTokens: uses });

export const userIdParam = z.string().uuid();
export const awaitOrganizationQuery = z.string().uuid().optional();

export const contactsBody = z.object({ userIds: z.array(z.string().uuid()).min(1).max(1_000) });
export const linkIdParam = z.string().uuid();
