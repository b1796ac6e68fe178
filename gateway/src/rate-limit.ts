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
 * Counted in blocks: a steady key far from its limit does not cost a Redis round trip per request.
 * This gateway reserves a block of the key's points with one INCRBY (a sixteenth of what the key has
 * left, at most MAX_BLOCK) and grants from it in process; the count in Redis already holds the whole
 * block, so no replica can grant more than the limit. The blocks shrink as the key nears its limit
 * and within NEAR_LIMIT points of it every replica counts one by one again (INCR per request, as
 * above), so the first request over the limit is refused whichever replica it reaches. For that the
 * points other replicas hold must not stand in the way: the replica whose count first enters the
 * near zone announces it on a Redis channel, and every replica gives back (DECRBY) what it holds of
 * that key and counts one by one for the rest of the window; a replica shutting down gives its
 * unused points back too. What a replica holds when the window ends is simply dropped (the window's
 * count expires with it). Committee devices (race capture's device tokens) get the same limit
 * mechanism, per device token, with the device limit of the settings.
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
/** Requests per hour of one committee device's token (DEVICE_RATE_LIMIT_PER_HOUR). */
export const DEFAULT_DEVICE_RATE_LIMIT = 3600;

/** A block is at most this many points, and a sixteenth of what the key has left. */
const MAX_BLOCK = 64;
const BLOCK_DIVISOR = 16;
/** Within this many points of the limit every replica counts one by one. */
export const NEAR_LIMIT = 2 * MAX_BLOCK;

export interface RedisKeyRateLimiterSettings {
  redis: Redis;
  keyPrefix: string;
  windowSeconds: number;
  logger: Logger;
  /** Requests per hour of a committee device's token (default DEFAULT_DEVICE_RATE_LIMIT). */
  deviceLimit?: number;
  /**
   * A dedicated (subscriber-mode) connection and the channel on which replicas announce a key
   * entering its last NEAR_LIMIT points (each then gives back the points it holds of it). Without
   * one, a replica still counts one by one near the limit, but others' blocks are not given back.
   */
  subscriber?: Redis;
  channel?: string;
}

/** The counter of a principal: its key, or its committee device; undefined for the rest. */
function counterOf(principal: Principal, deviceLimit: number): { id: string; limit: number; what: string } | undefined {
  if (principal.keyId) return { id: principal.keyId, limit: principal.rateLimit ?? DEFAULT_KEY_RATE_LIMIT, what: 'This API key' };
  if (principal.via === 'device' && principal.deviceTokenHash) return { id: `device:${principal.deviceTokenHash}`, limit: deviceLimit, what: 'This committee device' };
  return undefined;
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
  /** Points this gateway reserved in Redis (a block) and has not granted yet (not in `consumed`). */
  held: number;
  /** The key is within NEAR_LIMIT of its limit in this window: count one by one. */
  near: boolean;
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

/** The points to reserve at once of a key with `left` points left: a sixteenth, at most MAX_BLOCK, one near the limit. */
export function blockSize(left: number): number {
  if (left < NEAR_LIMIT) return 1;
  return Math.max(1, Math.min(MAX_BLOCK, Math.floor(left / BLOCK_DIVISOR)));
}

export class RedisKeyRateLimiter implements KeyRateLimiter {
  private readonly known = new Map<string, KnownCount>();
  private readonly windowMs: number;
  private readonly counters: IncrBatcher;
  private redisDown = false;

  private readonly deviceLimit: number;
  /** The block reservation in flight per counter, if any. */
  private readonly reserving = new Map<string, Promise<void>>();

  constructor(private readonly settings: RedisKeyRateLimiterSettings) {
    this.windowMs = settings.windowSeconds * 1000;
    this.counters = new IncrBatcher(settings.redis);
    this.deviceLimit = settings.deviceLimit ?? DEFAULT_DEVICE_RATE_LIMIT;
    const { subscriber, channel } = settings;
    if (subscriber && channel) {
      const prefix = `${settings.keyPrefix}:`;
      subscriber.on('message', (from: string, message: string) => {
        if (from === channel && message.startsWith(prefix)) this.giveBack(message.slice(prefix.length), true);
      });
      subscriber.subscribe(channel).catch((error: unknown) => settings.logger.warn({ err: error }, 'could not subscribe to rate-limit announcements'));
    }
  }

  /**
   * Grants a request from the block this gateway holds for the principal's counter, without I/O;
   * false when it holds none (then `consume` counts in Redis). The API door tries this first.
   */
  consumeNow(principal: Principal, res: ServerResponse): boolean {
    const counter = counterOf(principal, this.deviceLimit);
    if (!counter) return true;
    const entry = this.known.get(counter.id);
    if (!entry || entry.held <= 0 || entry.near || !entry.fromRedis) return false;
    const leftMs = entry.resetAt - Date.now();
    if (leftMs <= WINDOW_END_MARGIN_MS) return false;
    entry.held -= 1;
    entry.consumed += 1;
    setRateLimitHeaders(res, counter.limit, counter.limit - entry.consumed, leftMs);
    return true;
  }

  /** Gives back (DECRBY) the points this gateway holds of a counter; `near`: count it one by one from now on. */
  private giveBack(id: string, near: boolean): void {
    const entry = this.known.get(id);
    if (!entry) return;
    if (near) entry.near = true;
    const held = entry.held;
    if (held <= 0) return;
    entry.held = 0;
    // Within the window's last second the count expires anyway (and a DECRBY could land in the next window).
    if (!entry.fromRedis || entry.resetAt - Date.now() <= WINDOW_END_MARGIN_MS) return;
    this.settings.redis.decrby(this.redisKey(id), held).catch(() => undefined);
  }

  /** Gives back every point this gateway holds (shutdown). */
  async close(): Promise<void> {
    const pending: Promise<unknown>[] = [];
    const now = Date.now();
    for (const [id, entry] of this.known) {
      if (entry.held <= 0 || !entry.fromRedis || entry.resetAt - now <= WINDOW_END_MARGIN_MS) continue;
      pending.push(this.settings.redis.decrby(this.redisKey(id), entry.held).catch(() => undefined));
      entry.held = 0;
    }
    await Promise.all(pending);
    this.settings.subscriber?.disconnect();
  }

  private redisKey(keyId: string): string {
    return `${this.settings.keyPrefix}:${keyId}`;
  }

  async consume(principal: Principal, res: ServerResponse): Promise<void> {
    const counter = counterOf(principal, this.deviceLimit);
    if (!counter) return;
    if (this.consumeNow(principal, res)) return;
    const { id: keyId, limit } = counter;
    // One block reservation of a key at a time: concurrent requests wait for it and take from it
    // (each reserving its own would leave all but one block unused, counted against the key).
    for (let pending = this.reserving.get(keyId); pending; pending = this.reserving.get(keyId)) {
      await pending;
      if (this.consumeNow(principal, res)) return;
    }
    const { redis } = this.settings;
    let consumed: number;
    let msBeforeNext: number;
    let block = 1;
    let reserved: (() => void) | undefined;
    try {
      if (redis.status !== 'ready') throw new Error(`redis ${redis.status}`);
      // Counted inline (no helper promise): this runs for every request that holds no block.
      const key = this.redisKey(keyId);
      const entry = this.known.get(keyId);
      const leftMs = entry?.fromRedis ? entry.resetAt - Date.now() : 0;
      if (leftMs > WINDOW_END_MARGIN_MS) {
        block = entry && !entry.near && entry.unsynced === 0 ? blockSize(limit - entry.consumed - entry.held) : 1;
        if (block > 1) this.reserving.set(keyId, new Promise<void>((resolve) => (reserved = resolve)));
        const count = block === 1 ? await this.counters.incr(key) : await redis.incrby(key, block);
        // The block alone: the key is new in Redis although this gateway saw its window running (Redis lost it): read its window.
        msBeforeNext = count > block ? leftMs : await this.windowOf(key);
        consumed = count - block + 1;
      } else {
        // The first request of a key in this gateway (or near its window's end): count and read the window in one write.
        const replies = await redis.pipeline().incr(key).pttl(key).exec();
        const [[countError, count], [ttlError, ttl]] = (replies ?? [[new Error('no reply from Redis')], [null]]) as [[Error | null, number], [Error | null, number]];
        if (countError || ttlError) throw countError ?? ttlError;
        consumed = Number(count);
        msBeforeNext = ttl >= 0 ? ttl : await this.windowOf(key, ttl);
      }
      // Over the limit the count stands as Redis has it (points granted in process wait for the next success).
      if (consumed <= limit && this.behindRedis(keyId, consumed)) ({ consumed, msBeforeNext } = await this.reconcile(keyId, consumed, msBeforeNext, block));
    } catch (error) {
      this.reserved(keyId, reserved);
      this.noteRedisDown(error);
      this.fallback(res, keyId, counter);
      return;
    }
    const { held, near } = this.keepBlock(keyId, consumed, block, limit);
    this.remember(keyId, consumed, msBeforeNext, held, near);
    this.reserved(keyId, reserved);
    this.noteRedisUp();
    if (consumed > limit) throw this.limited(res, counter, msBeforeNext);
    setRateLimitHeaders(res, limit, limit - consumed, msBeforeNext);
  }

  /** A block reservation is over: the requests waiting for it go on. */
  private reserved(keyId: string, release: (() => void) | undefined): void {
    if (!release) return;
    this.reserving.delete(keyId);
    release();
  }

  /**
   * Of a block whose first point went to this request (the request's count `consumed`), the points
   * this gateway keeps: none over the limit (those are given back at once), and none once the key is
   * within NEAR_LIMIT of its limit (then given back, and the other replicas are told to do the same).
   */
  private keepBlock(keyId: string, consumed: number, block: number, limit: number): { held: number; near: boolean } {
    const entry = this.known.get(keyId);
    // Already near in this window (this gateway's own count, or another replica's announcement).
    const wasNear = entry !== undefined && entry.fromRedis && entry.resetAt > Date.now() && entry.near;
    const near = wasNear || limit - (consumed + block - 1) < NEAR_LIMIT;
    const held = near ? 0 : Math.max(0, Math.min(block - 1, limit - consumed));
    const giveBack = block - 1 - held;
    if (giveBack > 0) this.settings.redis.decrby(this.redisKey(keyId), giveBack).catch(() => undefined);
    const { channel } = this.settings;
    if (near && !wasNear && channel) this.settings.redis.publish(channel, this.redisKey(keyId)).catch(() => undefined);
    return { held, near };
  }

  /** The ms left in a key's window; a key without one (just created) gets a full window, first setter wins. */
  private async windowOf(key: string, knownTtl?: number): Promise<number> {
    const ttl = knownTtl ?? (await this.settings.redis.pttl(key));
    if (ttl >= 0) return ttl;
    await this.settings.redis.pexpire(key, this.windowMs, 'NX');
    return this.windowMs;
  }

  /** The in-process count while Redis is away: continues the key's last known window. */
  private fallback(res: ServerResponse, keyId: string, counter: { limit: number; what: string }): void {
    const { limit } = counter;
    const now = Date.now();
    let entry = this.known.get(keyId);
    if (!entry || entry.resetAt <= now) entry = { consumed: 0, resetAt: now + this.windowMs, unsynced: 0, fromRedis: false, held: 0, near: false };
    this.touch(keyId, entry);
    if (entry.consumed >= limit) throw this.limited(res, counter, entry.resetAt - now);
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
    if (entry === undefined || entry.resetAt - Date.now() <= 1_000) return false;
    if (entry.unsynced > 0) return true;
    // Near the limit the count also falls when replicas give their blocks back: there only a key
    // Redis created afresh (this request's count is its first) is a lost count.
    return consumed <= entry.consumed && (consumed === 1 || !entry.near);
  }

  private async reconcile(keyId: string, consumed: number, msBeforeNext: number, block: number): Promise<{ consumed: number; msBeforeNext: number }> {
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
        String(entry.consumed + entry.held + block),
        String(Math.ceil(leftMs)),
      )) as [number, number];
      if (unsynced > 0 || count > consumed) {
        this.settings.logger.info({ keyId, redisCount: consumed, restoredCount: count, fallbackPoints: unsynced }, 'rate-limit count brought up to date in Redis');
      }
      return { consumed: Number(count) - block + 1, msBeforeNext: Number(ttl) };
    } catch {
      // Redis went away again: keep the points for the next attempt; this request counts as Redis said.
      entry.unsynced += unsynced;
      return plain;
    }
  }

  private remember(keyId: string, consumed: number, msBeforeNext: number, held: number, near: boolean): void {
    const entry = this.known.get(keyId);
    const resetAt = Date.now() + Math.max(0, msBeforeNext);
    if (entry) {
      entry.consumed = consumed + entry.unsynced;
      entry.resetAt = resetAt;
      entry.fromRedis = true;
      // Near the limit what this gateway still holds goes back; else a new block adds to it.
      if (near) this.giveBack(keyId, true);
      entry.held += held;
      entry.near = near;
      this.touch(keyId, entry);
    } else {
      this.touch(keyId, { consumed, resetAt, unsynced: 0, fromRedis: true, held, near });
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

  private limited(res: ServerResponse, { limit, what }: { limit: number; what: string }, msBeforeNext: number): HttpProblem {
    const retryAfter = Math.max(1, setRateLimitHeaders(res, limit, 0, msBeforeNext));
    return new HttpProblem(429, 'rate_limit_exceeded', `${what} used its ${limit} requests for this hour; retry in ${retryAfter} s.`, {
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
