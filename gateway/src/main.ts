import { Redis } from 'ioredis';
import { createLogger } from '@regatta/logging';
import { serve } from '@regatta/http';
import { loadOpenApiDocument } from '@regatta/openapi';
import { createGatewayListener } from './app.js';
import { startEdgeChangeFeed, type EdgeChangeFeed } from './edge-changes.js';
import { EdgeRevalidation } from './edge-revalidation.js';
import { consoleDirectory } from './console.js';
import { IdentityAuthenticator } from './auth.js';
import { readConfig } from './config.js';
import { createIdentityClient } from './identity-client.js';
import { LastUsedRecorder } from './last-used.js';
import { RedisKeyRateLimiter } from './rate-limit.js';
import { RedisAddressRateLimiter } from './public-limit.js';

const VERSION = process.env['npm_package_version'] ?? '0.1.0';
const config = readConfig();
const logger = createLogger({ service: 'gateway', version: VERSION, level: config.LOG_LEVEL });

function redisConnection(role: string, options: { enableOfflineQueue: boolean }): Redis {
  const redis = new Redis(config.REDIS_URL, {
    enableOfflineQueue: options.enableOfflineQueue,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(5_000, 100 * attempt),
  });
  let lastWarning = 0;
  redis.on('error', (error) => {
    if (Date.now() - lastWarning > 30_000) {
      lastWarning = Date.now();
      logger.warn({ err: error, role }, 'redis error');
    }
  });
  return redis;
}

// Counters fail fast while Redis is away (the insurance limiter takes over); the subscriber queues
// its SUBSCRIBE until connected.
const redis = redisConnection('rate-limit', { enableOfflineQueue: false });
const subscriber = redisConnection('invalidations', { enableOfflineQueue: true });
const limitSubscriber = redisConnection('rate-limit-announcements', { enableOfflineQueue: true });

const identity = createIdentityClient({ baseUrl: config.upstreams.identity, assertionSecret: config.assertionSecret, timeoutMs: config.IDENTITY_TIMEOUT_MS });
const lastUsed = new LastUsedRecorder(identity, config.LAST_USED_FLUSH_MS, logger);
lastUsed.start();
const authenticator = new IdentityAuthenticator({
  client: identity,
  sessionSecret: config.sessionSecret,
  cacheTtlMs: config.CREDENTIAL_CACHE_TTL_MS,
  negativeTtlMs: config.CREDENTIAL_NEGATIVE_TTL_MS,
  maxEntries: config.CREDENTIAL_CACHE_MAX,
  logger,
  lastUsed,
  subscriber,
  channel: config.INVALIDATION_CHANNEL,
});
const rateLimiter = new RedisKeyRateLimiter({
  redis,
  keyPrefix: config.RATE_LIMIT_KEY_PREFIX,
  windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
  logger,
  deviceLimit: config.DEVICE_RATE_LIMIT_PER_HOUR,
  subscriber: limitSubscriber,
  channel: config.RATE_LIMIT_CHANNEL,
});

// Revalidation at the edge, when the gateway is given the brokers of the facts that announce changes.
const edge = config.EDGE_KAFKA_BROKERS.length > 0 ? new EdgeRevalidation({ ttlMs: config.EDGE_REVALIDATION_TTL_MS }) : undefined;
let edgeFeed: EdgeChangeFeed | undefined;
let stopping = false;
async function startEdgeFeed(): Promise<void> {
  if (!edge || stopping) return;
  try {
    edgeFeed = await startEdgeChangeFeed({ brokers: config.EDGE_KAFKA_BROKERS, topicPrefix: config.KAFKA_TOPIC_PREFIX, logger, edge });
  } catch (error) {
    // Without the feed every request goes to its service, as without the edge; try again later.
    logger.warn({ err: error }, 'edge revalidation: change feed not started; retrying in 10 s');
    setTimeout(() => void startEdgeFeed(), 10_000).unref();
  }
}
void startEdgeFeed();

const app = createGatewayListener({
  edge,
  logger,
  authenticator,
  rateLimiter,
  assertionSecret: config.assertionSecret,
  upstreams: config.upstreams,
  upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
  trustedOrigins: config.trustedOrigins,
  openapiDocument: () => loadOpenApiDocument(),
  trustProxy: config.TRUST_PROXY,
  consoleDirectory: consoleDirectory(config.CONSOLE_DIR),
  ...(config.PUBLIC_RATE_LIMIT_PER_MINUTE > 0
    ? { publicLimiter: new RedisAddressRateLimiter({ redis, keyPrefix: config.PUBLIC_RATE_LIMIT_KEY_PREFIX, perMinute: config.PUBLIC_RATE_LIMIT_PER_MINUTE, logger }) }
    : {}),
  readiness: {
    redis: async () => {
      if (redis.status !== 'ready') throw new Error(`redis ${redis.status}`);
    },
  },
});

await serve({
  app,
  port: config.PORT,
  host: config.HOST,
  logger,
  onShutdown: [
    async () => {
      stopping = true;
      await edgeFeed?.stop();
    },
    async () => authenticator.close(), async () => rateLimiter.close(), async () => redis.disconnect()],
});
