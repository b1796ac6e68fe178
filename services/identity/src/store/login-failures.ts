/**
 * Failed logins per e-mail + client address, counted in Redis so every identity replica sees them;
 * while Redis is down the counts fall back to process memory (a limit per replica beats none).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

const KEY_PREFIX = 'identity:login-failures';

export function createLoginLimiter(redis: Redis, options: { maxFailures: number; windowSeconds: number }): RateLimiterRedis {
  const limits = { points: options.maxFailures, duration: options.windowSeconds };
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: KEY_PREFIX,
    ...limits,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: KEY_PREFIX, ...limits }),
  });
}
