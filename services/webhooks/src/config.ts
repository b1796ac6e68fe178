/** Webhooks-specific environment (parsed once at start with the shared service variables). */
import { z } from '@regatta/runtime';

const DEV_SECRET_KEY = 'dev-only-webhook-secret-encryption-key-0123456789';

const delayList = z
  .string()
  .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'a comma-separated list of milliseconds, e.g. "1000,5000,30000"')
  .default('1000,5000,30000')
  .transform((value) => value.split(',').map((part) => Number(part.trim())));

export const webhooksEnv = {
  /** Waits before retry 1, 2, 3 ... (the contract: 1 s, 5 s, 30 s). Its length is the number of retries. */
  WEBHOOK_RETRY_DELAYS_MS: delayList,
  /** A delivery succeeds on a 2xx received within this time (the contract: 10 s). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(10_000),
  /** Key material for AES-256-GCM encryption of signing secrets at rest (>= 32 chars); required in production. */
  WEBHOOK_SECRET_KEY: z.string().min(32, 'WEBHOOK_SECRET_KEY must be at least 32 characters').optional(),
  /** Deliveries in flight at once per process. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(64),
  /** Consecutive failures that disable a webhook (the contract: 10). */
  WEBHOOK_MAX_CONSECUTIVE_FAILURES: z.coerce.number().int().min(1).max(1_000).default(10),
  /** Messages, delivery tasks and attempts older than this many days are deleted (pending retries are kept). */
  WEBHOOK_RETENTION_DAYS: z.coerce.number().min(0.001).max(3_650).default(30),
  /** How often the retention pass runs (the first one a minute after start). */
  WEBHOOK_PRUNE_INTERVAL_MS: z.coerce.number().int().min(1_000).max(7 * 86_400_000).default(3_600_000),
};

export function resolveSecretKey(value: string | undefined, env: 'development' | 'test' | 'production'): string {
  if (value) return value;
  if (env === 'production') {
    process.stderr.write('invalid configuration: WEBHOOK_SECRET_KEY: required in production\n');
    process.exit(1);
  }
  return DEV_SECRET_KEY;
}
