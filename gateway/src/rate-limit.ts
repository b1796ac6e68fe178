/**
 * The per-key hourly limit: rate-limiter-flexible on Redis, points = the key's rateLimit, a fixed
 * window of RATE_LIMIT_WINDOW_SECONDS (3600) starting at the key's first request in the window, one
 * counter per key id shared by every gateway replica. Headers (IETF draft names) on every keyed
 * response: RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset (seconds until the window resets).
 *
 * Redis unreachable: ioredis runs with enableOfflineQueue:false and the limiter with
 * rejectIfRedisNotReady, so a call fails at once and the gateway counts in process instead. That
 * fallback must not grant a fresh hour: it starts from the last count (and window end) this gateway
 * saw from Redis for the key, kept in a small in-process map, so a key limited to 300/h that had used
 * 290 gets 10 more, not 300. When Redis answers again, the first request of such a key first adds
 * what the fallback granted to Redis's count; if Redis came back empty (a restart without
 * persistence) it restores at least the last known count with the rest of its window. Redis itself
 * should persist (appendonly, docs/identity-and-gateway.md) so counts of keys this gateway never saw
 * survive a restart too. A key the gateway never saw from Redis starts from zero in the fallback
 * (per gateway process), as before.
 */
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
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

/** What this gateway last knew of a key's window, and what it granted while Redis was away. */
interface KnownCount {
  /** Points consumed in the window (from Redis, plus what the fallback granted since). */
  consumed: number;
  /** When the window ends (ms since epoch). */
  resetAt: number;
  /** Points granted by the in-process fallback that Redis has not seen yet. */
  unsynced: number;
}

/**
 * Brings Redis's count of a key up to what this gateway knows: adds the points the fallback granted
 * while Redis was away (ARGV[1]) and never lets the count fall below the last known one (ARGV[2]),
 * which happens when Redis restarted without its data; the restored count then gets the rest of its
 * original window (ARGV[3] ms), not a fresh one. Returns {count, ttl ms}.
 */
const RESTORE_SCRIPT = `
local current = tonumber(redis.call('get', KEYS[1]) or '0')
local ttl = redis.call('pttl', KEYS[1])
local added = current + tonumber(ARGV[1])
local target = math.max(added, tonumber(ARGV[2]))
local left = tonumber(ARGV[3])
if ttl <= 0 or (target > added and ttl > left) then ttl = left end
redis.call('set', KEYS[1], target, 'PX', ttl)
return {target, ttl}
`;

/** Keys remembered at most (least recently used forgotten first); about 100 bytes each. */
const MAX_KNOWN = 100_000;

export class RedisKeyRateLimiter implements KeyRateLimiter {
  private readonly limiters = new Map<number, RateLimiterRedis>();
  private readonly known = new Map<string, KnownCount>();
  private redisDown = false;

  constructor(private readonly settings: RedisKeyRateLimiterSettings) {}

  /** One limiter per points value; all share the key prefix, so the counter is the key's alone. */
  private limiterFor(points: number): RateLimiterRedis {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.settings.redis,
        keyPrefix: this.settings.keyPrefix,
        points,
        duration: this.settings.windowSeconds,
        rejectIfRedisNotReady: true,
      });
      this.limiters.set(points, limiter);
    }
    return limiter;
  }

  async consume(principal: Principal, res: Response): Promise<void> {
    if (!principal.keyId) return;
    const keyId = principal.keyId;
    const limit = principal.rateLimit ?? DEFAULT_KEY_RATE_LIMIT;
    const limiter = this.limiterFor(limit);
    let consumed: number;
    let msBeforeNext: number;
    try {
      const result = await limiter.consume(keyId);
      ({ consumed, msBeforeNext } = await this.reconcile(limiter, keyId, result));
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        this.remember(keyId, error.consumedPoints, error.msBeforeNext);
        this.noteRedisUp();
        throw this.limited(res, limit, error.msBeforeNext);
      }
      this.noteRedisDown(error);
      this.fallback(res, keyId, limit);
      return;
    }
    this.remember(keyId, consumed, msBeforeNext);
    this.noteRedisUp();
    if (consumed > limit) throw this.limited(res, limit, msBeforeNext);
    setRateLimitHeaders(res, limit, limit - consumed, msBeforeNext);
  }

  /** The in-process count while Redis is away: continues the key's last known window. */
  private fallback(res: Response, keyId: string, limit: number): void {
    const now = Date.now();
    let entry = this.known.get(keyId);
    if (!entry || entry.resetAt <= now) entry = { consumed: 0, resetAt: now + this.settings.windowSeconds * 1000, unsynced: 0 };
    this.touch(keyId, entry);
    if (entry.consumed >= limit) throw this.limited(res, limit, entry.resetAt - now);
    entry.consumed += 1;
    entry.unsynced += 1;
    setRateLimitHeaders(res, limit, limit - entry.consumed, entry.resetAt - now);
  }

  /**
   * After a count in Redis: when the fallback granted points Redis has not seen, or Redis's count is
   * below the one this gateway last saw in the same window (Redis lost the key), bring Redis up to date.
   */
  private async reconcile(limiter: RateLimiterRedis, keyId: string, result: RateLimiterRes): Promise<{ consumed: number; msBeforeNext: number }> {
    const plain = { consumed: result.consumedPoints, msBeforeNext: result.msBeforeNext };
    const entry = this.known.get(keyId);
    const leftMs = entry ? entry.resetAt - Date.now() : 0;
    if (!entry || leftMs <= 1_000 || (entry.unsynced === 0 && result.consumedPoints > entry.consumed)) return plain;
    const unsynced = entry.unsynced;
    entry.unsynced = 0;
    try {
      const [count, ttl] = (await this.settings.redis.eval(
        RESTORE_SCRIPT,
        1,
        limiter.getKey(keyId),
        String(unsynced),
        String(entry.consumed + 1),
        String(Math.ceil(leftMs)),
      )) as [number, number];
      if (unsynced > 0 || count > result.consumedPoints) {
        this.settings.logger.info({ keyId, redisCount: result.consumedPoints, restoredCount: count, fallbackPoints: unsynced }, 'rate-limit count brought up to date in Redis');
      }
      return { consumed: Number(count), msBeforeNext: Number(ttl) };
    } catch {
      // Redis went away again: keep the points for the next attempt; this request counts as Redis said.
      entry.unsynced += unsynced;
      return plain;
    }
  }

  private remember(keyId: string, consumed: number, msBeforeNext: number): void {
    const entry = this.known.get(keyId);
    const resetAt = Date.now() + Math.max(0, msBeforeNext);
    if (entry) {
      entry.consumed = consumed + entry.unsynced;
      entry.resetAt = resetAt;
      this.touch(keyId, entry);
    } else {
      this.touch(keyId, { consumed, resetAt, unsynced: 0 });
    }
  }

  private touch(keyId: string, entry: KnownCount): void {
    this.known.delete(keyId);
    this.known.set(keyId, entry);
    if (this.known.size > MAX_KNOWN) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
  }

  private limited(res: Response, limit: number, msBeforeNext: number): HttpProblem {
    const retryAfter = Math.max(1, setRateLimitHeaders(res, limit, 0, msBeforeNext));
    return new HttpProblem(429, 'rate_limit_exceeded', `This API key used its ${limit} requests for this hour; retry in ${retryAfter} s.`, {
      headers: { 'Retry-After': String(retryAfter) },
      extensions: { limit, retryAfter },
    });
  }

  private noteRedisDown(error: unknown): void {
    if (this.redisDown) return;
    this.redisDown = true;
    this.settings.logger.warn({ err: error }, 'rate limits counted in process (Redis unavailable), continuing from the last known counts');
  }

  private noteRedisUp(): void {
    if (!this.redisDown) return;
    this.redisDown = false;
    this.settings.logger.info('rate limits counted in Redis again');
  }
}
