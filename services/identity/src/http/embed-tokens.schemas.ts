/** Bodies and queries of the embed token routes. */
import { z } from '@regatta/config';

const origin = z
  .string()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
    } catch {
      return false;
    }
  }, 'must be a web origin such as https://club.example.org (scheme, host and optional port; no path)');

export const createEmbedTokenBody = z.object({
  organizationId: z.string().uuid(),
  name: z.string().trim().min(1).max(100),
  allowedOrigins: z.array(origin).min(1).max(20),
});

export const listEmbedTokensQuery = z.object({ organizationId: z.string({ message: 'is required' }).uuid() });

export const deleteEmbedTokenQuery = z.object({ id: z.string({ message: 'is required' }).min(1, 'is required') });
