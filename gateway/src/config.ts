import { loadConfig, port, resolveSecret, sessionSecret, baseEnvShape, z } from '@regatta/config';

const upstream = (fallbackPort: number) => z.string().url().default(`http://127.0.0.1:${fallbackPort}`);

const schema = z.object({
  ...baseEnvShape,
  PORT: port(8080),
  HOST: z.string().default('127.0.0.1'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:56379/0'),
  SESSION_JWT_SECRET: sessionSecret,
  IDENTITY_URL: upstream(4101),
  ORGANIZATIONS_URL: upstream(4102),
  EVENTS_URL: upstream(4103),
  RESULTS_SCORING_URL: upstream(4104),
  SAILORS_URL: upstream(4105),
  WEBHOOKS_URL: upstream(4106),
  PUBLIC_RESULTS_URL: upstream(4107),
  RACE_CAPTURE_URL: upstream(4108),
  NOTIFICATIONS_URL: upstream(4109),
  /** Requests per client address per minute on the public pages, feeds and widget (0 = no limit). */
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  PUBLIC_RATE_LIMIT_KEY_PREFIX: z.string().min(1).default('gateway:addr-minute'),
  /**
   * Whose X-Forwarded-For to believe when telling clients apart (per-address limit, logs): a number
   * of hops ("1" behind one ingress) or addresses/CIDRs/loopback,linklocal,uniquelocal (express rules).
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d+|[0-9A-Za-z.:/, ]+)$/, 'a hop count or a comma-separated list of addresses, CIDRs or loopback/linklocal/uniquelocal')
    .default('loopback'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  BODY_LIMIT: z.string().default('1mb'),
  /** Comma-separated origins allowed to send cookie-authenticated state changes (besides same-origin). */
  TRUSTED_ORIGINS: z.string().default(''),
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** The built console (index.html and assets/) served at /console/; default: the @regatta/console package's dist/. */
  CONSOLE_DIR: z.string().min(1).optional(),
  /** How long a resolved credential (key, session, embed token) is reused without asking identity. */
  CREDENTIAL_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** How long an unknown credential's refusal is remembered (cheap rejection of repeated junk). */
  CREDENTIAL_NEGATIVE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  CREDENTIAL_CACHE_MAX: z.coerce.number().int().min(100).max(10_000_000).default(100_000),
  /** Timeout of the gateway's calls to identity's internal endpoints. */
  IDENTITY_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(3_000),
  /** Redis pub/sub channel on which identity announces revocations, logouts and role changes. */
  INVALIDATION_CHANNEL: z.string().min(1).default('regatta:identity:invalidate'),
  /** How often batched lastUsedAt times are sent to identity. */
  LAST_USED_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  /** Key prefix of the hourly per-key counters in Redis. */
  RATE_LIMIT_KEY_PREFIX: z.string().min(1).default('gateway:key-hour'),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  /** Requests per hour of one committee device's token (race capture), counted like a key's. */
  DEVICE_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000_000).default(3_600),
  /** Redis pub/sub channel on which gateway replicas announce a key nearing its limit (blocks given back). */
  RATE_LIMIT_CHANNEL: z.string().min(1).default('gateway:key-hour:near'),
  // Revalidation at the edge (edge-revalidation.ts): on when the gateway is given the Kafka brokers
  // whose facts announce the views' changes; empty turns it off (every request goes to the service).
  EDGE_KAFKA_BROKERS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((broker) => broker.trim()).filter(Boolean)),
  KAFKA_TOPIC_PREFIX: z.string().regex(/^[a-z0-9._-]*$/, 'only a-z, 0-9, ".", "_" and "-"').default(''),
  // How long a learned tag is trusted without being seen again, for changes no fact announces.
  EDGE_REVALIDATION_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
});

export type GatewayConfig = ReturnType<typeof readConfig>;

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const raw = loadConfig(schema, env);
  return {
    ...raw,
    assertionSecret: resolveSecret(raw.IDENTITY_ASSERTION_SECRET, raw.NODE_ENV, 'assertion'),
    sessionSecret: resolveSecret(raw.SESSION_JWT_SECRET, raw.NODE_ENV, 'session'),
    trustedOrigins: raw.TRUSTED_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean),
    upstreams: {
      identity: raw.IDENTITY_URL,
      organizations: raw.ORGANIZATIONS_URL,
      events: raw.EVENTS_URL,
      'results-scoring': raw.RESULTS_SCORING_URL,
      sailors: raw.SAILORS_URL,
      webhooks: raw.WEBHOOKS_URL,
      'public-results': raw.PUBLIC_RESULTS_URL,
      'race-capture': raw.RACE_CAPTURE_URL,
      notifications: raw.NOTIFICATIONS_URL,
    } satisfies Record<ServiceName, string>,
  };
}

/** The services behind the gateway; the OpenAPI document names one per operation (`x-service`). */
export const SERVICE_NAMES = ['identity', 'organizations', 'events', 'results-scoring', 'sailors', 'webhooks', 'public-results', 'race-capture', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
