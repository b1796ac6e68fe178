/** Per-process resources shared by identity's routes and consumers (created once per context). */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { resolveSecret } from '@regatta/config';
import type { ServiceContext } from '@regatta/runtime';
import type { identityEnv } from './config.js';
import { Invalidator, createRedis } from './messaging/invalidation.js';

export type IdentityContext = ServiceContext<typeof identityEnv>;

export interface IdentityResources {
  redis: Redis;
  invalidator: Invalidator;
  sessionSecret: string;
  /** Failed logins per email + client address; falls back to process memory while Redis is down. */
  loginLimiter: RateLimiterRedis;
  cookieSecure: boolean;
}

const cache = new WeakMap<object, IdentityResources>();

export function resourcesOf(context: IdentityContext): IdentityResources {
  let resources = cache.get(context);
  if (!resources) {
    const { config, logger } = context;
    const redis = createRedis(config.REDIS_URL, logger);
    const limiterOptions = { points: config.LOGIN_MAX_FAILURES, duration: config.LOGIN_FAILURE_WINDOW_SECONDS };
    resources = {
      redis,
      invalidator: new Invalidator(redis, config.INVALIDATION_CHANNEL, logger),
      sessionSecret: resolveSecret(config.SESSION_JWT_SECRET, config.NODE_ENV, 'session'),
      loginLimiter: new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: 'identity:login-failures',
        ...limiterOptions,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: 'identity:login-failures', ...limiterOptions }),
      }),
      cookieSecure: config.NODE_ENV !== 'development',
    };
    cache.set(context, resources);
  }
  return resources;
}
