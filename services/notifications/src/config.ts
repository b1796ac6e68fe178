/** Notifications-specific environment (parsed once at start with the shared service variables). */
import { createECDH, createHash } from 'node:crypto';
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
  /** The local hour (0-23, in each regatta's time zone) at which the organizers' daily digests are due. */
  NOTIFY_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(18),
  /** How often the digest task looks for digests that fell due. */
  NOTIFY_DIGEST_POLL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** Where events answers the contact lookups of sailors entered without an account. */
  EVENTS_URL: z.string().url().default('http://127.0.0.1:4103'),
  /** Key of the unsubscribe links (>= 32 characters); derived from the assertion secret when unset. */
  NOTIFY_UNSUBSCRIBE_KEY: z.string().min(32, 'NOTIFY_UNSUBSCRIBE_KEY must be at least 32 characters').optional(),
  /** Web push (VAPID, RFC 8292): the key pair, base64url (`npx web-push generate-vapid-keys`); push is off in production without them. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'a base64url P-256 public key').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'a base64url P-256 private key').optional(),
  /** Who runs the sender, told to push services: a mailto: or https: address. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: address').default('mailto:notifications@regatta.invalid'),
};

/**
 * The VAPID key pair: the configured one; outside production, without one, a pair derived from the
 * assertion secret (stable across restarts, so browsers' subscriptions keep working); in production
 * without one, none (web push off).
 */
export function vapidKeys(config: { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined; NODE_ENV: string; assertionSecret: string }): { publicKey: string; privateKey: string } | undefined {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  if (config.NODE_ENV === 'production') return undefined;
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(createHash('sha256').update(`vapid:${config.assertionSecret}`).digest());
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
}
