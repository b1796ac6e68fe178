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
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  BODY_LIMIT: z.string().default('1mb'),
  /** Comma-separated origins allowed to send cookie-authenticated state changes (besides same-origin). */
  TRUSTED_ORIGINS: z.string().default(''),
  PUBLIC_BASE_URL: z.string().url().optional(),
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
    } satisfies Record<ServiceName, string>,
  };
}

export type ServiceName = 'identity' | 'organizations' | 'events' | 'results-scoring' | 'sailors' | 'webhooks';
