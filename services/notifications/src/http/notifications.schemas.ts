/** Input of the notification routes. */
import { queryInt, queryOffset } from '@regatta/http';
import { z } from '@regatta/runtime';
import { DELIVERIES, OPTIONAL_KINDS } from '../domain/kinds.js';

const uuid = z.string().uuid();

export const preferencesBody = z
  .object({
    locale: z.enum(['en', 'de']).optional(),
    kinds: z
      .array(
        z
          .object({
            kind: z.enum(OPTIONAL_KINDS as unknown as [string, ...string[]]),
            enabled: z.boolean(),
            eventId: uuid.optional(),
            delivery: z.enum(DELIVERIES).optional(),
          })
          .strict(),
      )
      .max(200)
      .optional(),
  })
  .strict();

export const logQuery = z.object({
  limit: queryInt(1, 100).default(20),
  offset: queryOffset(),
});

export const unsubscribeQuery = z.object({ token: z.string().min(10).max(1_000).regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/) });

export const pushSubscriptionBody = z
  .object({
    endpoint: z.string().min(1).max(2_048).regex(/^https?:\/\/\S+$/),
    keys: z.object({ p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}$/), auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/) }).strict(),
  })
  .strict();

export const pushEndpointQuery = z.object({ endpoint: z.string().min(1).max(2_048).regex(/^https?:\/\/\S+$/) });

/** The internal digest run: as of an instant (default now), for one regatta or all. */
export const runDigestsBody = z.object({ at: z.string().datetime({ offset: true }).optional(), eventId: uuid.optional() }).strict();
