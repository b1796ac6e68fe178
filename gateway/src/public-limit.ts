/**
 * The anonymous limit of the public pages, live feeds and widget: requests per client address per
 * minute, one counter per address in Redis shared by every gateway replica (rate-limiter-flexible,
 * fixed window). Redis unreachable: an in-process limiter with the same numbers takes over, per
 * replica, so the pages stay protected rather than open or closed.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '@regatta/logging';

export interface AddressLimitOutcome {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface AddressRateLimiter {
  consume(address: string): Promise<AddressLimitOutcome>;
}

export interface RedisAddressRateLimiterSettings {
  redis: Redis;
  keyPrefix: string;
  perMinute: number;
  logger: Logger;
}

export class RedisAddressRateLimiter implements AddressRateLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(private readonly settings: RedisAddressRateLimiterSettings) {
    const options = { keyPrefix: settings.keyPrefix, points: settings.perMinute, duration: 60 };
    this.limiter = new RateLimiterRedis({ storeClient: settings.redis, ...options, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) });
  }

  async consume(address: string): Promise<AddressLimitOutcome> {
    const limit = this.settings.perMinute;
    try {
      const result = await this.limiter.consume(address);
      return { allowed: true, limit, remaining: result.remainingPoints, resetSeconds: Math.ceil(result.msBeforeNext / 1000) };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { allowed: false, limit, remaining: 0, resetSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      this.settings.logger.error({ err: error }, 'address limiter failed; request not counted');
      return { allowed: true, limit, remaining: limit, resetSeconds: 60 };
    }
  }
}
