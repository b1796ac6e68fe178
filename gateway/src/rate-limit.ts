/**
 * The per-key hourly limit: rate-limiter-flexible on Redis, points = the key's rateLimit, a fixed
 * window of RATE_LIMIT_WINDOW_SECONDS (3600) starting at the key's first request in the window, one
 * counter per key id shared by every gateway replica. Headers (IETF draft names) on every keyed
 * response: RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset (seconds until the window resets).
 *
 * Redis unreachable: ioredis runs with enableOfflineQueue:false and the limiter with
 * rejectIfRedisNotReady, so a call fails at once and rate-limiter-flexible falls over to an
 * in-process RateLimiterMemory "insurance" limiter with the same points and window. Keys stay limited
 * (per gateway process) instead of the gateway failing open or closed; counts return to Redis's when
 * it is back.
 */
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpProblem } from '@regatta/http';
import type { Logger } from '@regatta/logging';
import type { KeyRateLimiter } from './app.js';
import type { Principal } from './auth.js';

export const DEFAULT_KEY_RATE_LIMIT = 1000;

export interface RedisKeyRateLimiterSettings {
  redis: Redis;
  keyPrefix: string;
  windowSeconds: number;
  logger: Logger;
}

export function setRateLimitHeaders(res: Response, limit: number, remaining: number, msBeforeNext: number): number {
  const reset = Math.max(0, Math.ceil(msBeforeNext / 1000));
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, remaining)));
  res.setHeader('RateLimit-Reset', String(reset));
  return reset;
}

export class RedisKeyRateLimiter implements KeyRateLimiter {
  private readonly limiters = new Map<number, RateLimiterRedis>();

  constructor(private readonly settings: RedisKeyRateLimiterSettings) {}

  /** One limiter per points value; all share the key prefix, so the counter is the key's alone. */
  private limiterFor(points: number): RateLimiterRedis {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      const options = { keyPrefix: this.settings.keyPrefix, points, duration: this.settings.windowSeconds };
      limiter = new RateLimiterRedis({
        storeClient: this.settings.redis,
        ...options,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      });
      this.limiters.set(points, limiter);
    }
    return limiter;
  }

  async consume(principal: Principal, res: Response): Promise<void> {
    if (!principal.keyId) return;
    const limit = principal.rateLimit ?? DEFAULT_KEY_RATE_LIMIT;
    try {
      const result = await this.limiterFor(limit).consume(principal.keyId);
      setRateLimitHeaders(res, limit, result.remainingPoints, result.msBeforeNext);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        const retryAfter = Math.max(1, setRateLimitHeaders(res, limit, 0, error.msBeforeNext));
        throw new HttpProblem(429, 'rate_limit_exceeded', `This API key used its ${limit} requests for this hour; retry in ${retryAfter} s.`, {
          headers: { 'Retry-After': String(retryAfter) },
          extensions: { limit, retryAfter },
        });
      }
      // Both Redis and the insurance limiter failed: let the request through rather than fail it.
      this.settings.logger.error({ err: error }, 'rate limiter failed; request not counted');
    }
  }
}
