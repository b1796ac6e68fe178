/** Bodies and queries of the API key routes. */
import { SCOPES } from '@regatta/contracts';
import { z } from '@regatta/config';

export const createKeyBody = z.object({
  name: z.string().trim().min(1, 'must be 1-100 characters').max(100, 'must be 1-100 characters'),
  scopes: z
    .array(z.enum(SCOPES, { message: `must be one of ${SCOPES.join(', ')}` }))
    .min(1, 'must hold at least one scope')
    .default(['read'])
    // Stored in the contract's order, whatever order the caller sent.
    .transform((scopes) => SCOPES.filter((scope) => scopes.includes(scope))),
  expiresInDays: z.number().min(1, 'must be 1-365').max(365, 'must be 1-365').optional(),
});

export const deleteKeyQuery = z.object({ id: z.string({ message: 'is required' }).min(1, 'is required') });
