/**
 * The per-key hourly limit: points = the key's rateLimit, a fixed window of RATE_LIMIT_WINDOW_SECONDS
 * (3600) starting at the key's first request in the window, one counter per key id in Redis shared by
 * every gateway replica (`<prefix>:<keyId>`, the key and value rate-limiter-flexible used, so replicas
 * of either version share counts). Headers (IETF draft names) on every keyed response:
 * RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset (seconds until the window resets).
 *
 * One Redis round trip per request, with plain commands instead of a Lua script (a CPU profile showed
 * rate-limiter-flexible's script call and its promise chain at about 10 % of the gateway's busy time):
 * INCR counts exactly and atomically across replicas; the window's end is read with PTTL in the same
 * round trip the first time this gateway sees a key in a window (and in its last second), then
 * remembered, so a steady key costs one INCR. A new key (INCR answered 1 or PTTL -1) gets its window
 * with PEXPIRE ... NX (only the first setter wins, so concurrent replicas agree on the window). The
 * INCRs of concurrent requests share socket writes (incr-batcher.ts).
 *
 * Redis unreachable: ioredis runs with enableOfflineQueue:false and the limiter checks the connection
 * first, so a call fails at once and the gateway counts in process instead. That
 * fallback must not grant a fresh hour: it starts from the last count (and window end) this gateway
 * saw from Redis for the key, kept in a small in-process map, so a key limited to 300/h that had used
 * 290 gets 10 more, not 300. When Redis answers again, the first request of such a key first adds
 * what the fallback granted to Redis's count; if Redis came back empty (a restart without
 * persistence) it restores at least the last known count with the rest of its window. Redis itself
 * should persist (appendonly, docs/identity-and-gateway.md) so counts of keys this gateway never saw
 * survive a restart too. A key the gateway never saw from Redis starts from zero in the fallback
 * (per gateway process), as before.
 */
import type { ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import { HttpProblem } from '@regatta/http';
import type { Logger } from '@regatta/logging';
import type { KeyRateLimiter } from './app.js';
import type { Principal } from './auth.js';
import { IncrBatcher } from './incr-batcher.js';

export const DEFAULT_KEY_RATE_LIMIT = 1000;

export interface RedisKeyRateLimiterSettings {
  redis: Redis;
  keyPrefix: string;
  windowSeconds: number;
  logger: Logger;
}

export function setRateLimitHeaders(res: ServerResponse, limit: number, remaining: number, msBeforeNext: number): number {
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
  /** resetAt is Redis's window end (read with PTTL), not one the fallback started while Redis was away. */
  fromRedis: boolean;
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

/** Within this much of a remembered window's end, the window is read again (PTTL) rather than assumed. */
const WINDOW_END_MARGIN_MS = 1_000;

export class RedisKeyRateLimiter implements KeyRateLimiter {
  private readonly known = new Map<string, KnownCount>();
  private readonly windowMs: number;
  private readonly counters: IncrBatcher;
  private redisDown = false;

  constructor(private readonly settings: RedisKeyRateLimiterSettings) {
    this.windowMs = settings.windowSeconds * 1000;
    this.counters = new IncrBatcher(settings.redis);
  }

  private redisKey(keyId: string): string {
    return `${this.settings.keyPrefix}:${keyId}`;
  }

  async consume(principal: Principal, res: ServerResponse): Promise<void> {
    if (!principal.keyId) return;
    const keyId = principal.keyId;
    const limit = principal.rateLimit ?? DEFAULT_KEY_RATE_LIMIT;
    const { redis } = this.settings;
    let consumed: number;
    let msBeforeNext: number;
    try {
      if (redis.status !== 'ready') throw new Error(`redis ${redis.status}`);
      // Counted inline (no helper promise): this runs for every key-authenticated request.
      const key = this.redisKey(keyId);
      const entry = this.known.get(keyId);
      const leftMs = entry?.fromRedis ? entry.resetAt - Date.now() : 0;
      if (leftMs > WINDOW_END_MARGIN_MS) {
        consumed = await this.counters.incr(key);
        // 1: the key is new in Redis although this gateway saw its window running (Redis lost it): read its window.
        msBeforeNext = consumed > 1 ? leftMs : await this.windowOf(key);
      } else {
        // The first request of a key in this gateway (or near its window's end): count and read the window in one write.
        const replies = await redis.pipeline().incr(key).pttl(key).exec();
        const [[countError, count], [ttlError, ttl]] = (replies ?? [[new Error('no reply from Redis')], [null]]) as [[Error | null, number], [Error | null, number]];
        if (countError || ttlError) throw countError ?? ttlError;
        consumed = Number(count);
        msBeforeNext = ttl >= 0 ? ttl : await this.windowOf(key, ttl);
      }
      // Over the limit the count stands as Redis has it (points granted in process wait for the next success).
      if (consumed <= limit && this.behindRedis(keyId, consumed)) ({ consumed, msBeforeNext } = await this.reconcile(keyId, consumed, msBeforeNext));
    } catch (error) {
      this.noteRedisDown(error);
      this.fallback(res, keyId, limit);
      return;
    }
    this.remember(keyId, consumed, msBeforeNext);
    this.noteRedisUp();
    if (consumed > limit) throw this.limited(res, limit, msBeforeNext);
    setRateLimitHeaders(res, limit, limit - consumed, msBeforeNext);
  }

  /** The ms left in a key's window; a key without one (just created) gets a full window, first setter wins. */
  private async windowOf(key: string, knownTtl?: number): Promise<number> {
    const ttl = knownTtl ?? (await this.settings.redis.pttl(key));
    if (ttl >= 0) return ttl;
    await this.settings.redis.pexpire(key, this.windowMs, 'NX');
    return this.windowMs;
  }

  /** The in-process count while Redis is away: continues the key's last known window. */
  private fallback(res: ServerResponse, keyId: string, limit: number): void {
    const now = Date.now();
    let entry = this.known.get(keyId);
    if (!entry || entry.resetAt <= now) entry = { consumed: 0, resetAt: now + this.windowMs, unsynced: 0, fromRedis: false };
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
  private behindRedis(keyId: string, consumed: number): boolean {
    const entry = this.known.get(keyId);
    return entry !== undefined && entry.resetAt - Date.now() > 1_000 && (entry.unsynced > 0 || consumed <= entry.consumed);
  }

  private async reconcile(keyId: string, consumed: number, msBeforeNext: number): Promise<{ consumed: number; msBeforeNext: number }> {
    const plain = { consumed, msBeforeNext };
    const entry = this.known.get(keyId);
    if (!entry || !this.behindRedis(keyId, consumed)) return plain;
    const leftMs = entry.resetAt - Date.now();
    const unsynced = entry.unsynced;
    entry.unsynced = 0;
    try {
      const [count, ttl] = (await this.settings.redis.eval(
        RESTORE_SCRIPT,
        1,
        this.redisKey(keyId),
        String(unsynced),
        String(entry.consumed + 1),
        String(Math.ceil(leftMs)),
      )) as [number, number];
      if (unsynced > 0 || count > consumed) {
        this.settings.logger.info({ keyId, redisCount: consumed, restoredCount: count, fallbackPoints: unsynced }, 'rate-limit count brought up to date in Redis');
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
      entry.fromRedis = true;
      this.touch(keyId, entry);
    } else {
      this.touch(keyId, { consumed, resetAt, unsynced: 0, fromRedis: true });
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

  private limited(res: ServerResponse, limit: number, msBeforeNext: number): HttpProblem {
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
