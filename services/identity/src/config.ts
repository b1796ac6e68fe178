import { sessionSecret, z } from '@regatta/config';

/** Identity's settings beyond the shared service ones (see docs/identity-and-gateway.md). */
export const identityEnv = {
  REDIS_URL: z.string().url().default('redis://127.0.0.1:56379/0'),
  SESSION_JWT_SECRET: sessionSecret,
  /** Requests per hour given to new API keys (stored per key at creation). */
  RATE_LIMIT_DEFAULT: z.coerce.number().int().min(1).max(100_000_000).default(1000),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 14),
  /** Failed logins per email + client address before 429, and the window they count in. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Redis pub/sub channel on which identity tells gateways to drop cached credentials. */
  INVALIDATION_CHANNEL: z.string().min(1).default('regatta:identity:invalidate'),
};
