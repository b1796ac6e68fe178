/** Notifications-specific environment (parsed once at start with the shared service variables). */
import { z } from '@regatta/runtime';

const delayList = z
  .string()
  .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'a comma-separated list of milliseconds, e.g. "5000,30000"')
  .default('5000,30000,120000,600000,3600000')
  .transform((value) => value.split(',').map((part) => Number(part.trim())));

export const notificationsEnv = {
  /** The SMTP server messages are handed to: smtp://[user:password@]host:port (smtps:// for TLS). */
  SMTP_URL: z.string().regex(/^smtps?:\/\/\S+$/, 'an smtp:// or smtps:// URL').default('smtp://127.0.0.1:51025'),
  /** The sender of every message. */
  SMTP_FROM: z.string().min(3).max(200).default('Regatta <notifications@regatta.invalid>'),
  /** Where identity answers the address lookups. */
  IDENTITY_URL: z.string().url().default('http://127.0.0.1:4101'),
  /** The public address of the site (gateway) that links in messages start with. */
  NOTIFY_LINK_BASE_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** SMTP connections (and hand-overs in flight) per process. */
  NOTIFY_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  /** How long a leased message is left to its worker before another takes it up (the worker died). */
  NOTIFY_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** Waits before retry 1, 2, 3 ... of a temporary refusal; its length is the number of retries. */
  NOTIFY_RETRY_DELAYS_MS: delayList,
  /** Key of the unsubscribe links (>= 32 characters); derived from the assertion secret when unset. */
  NOTIFY_UNSUBSCRIBE_KEY: z.string().min(32, 'NOTIFY_UNSUBSCRIBE_KEY must be at least 32 characters').optional(),
};
